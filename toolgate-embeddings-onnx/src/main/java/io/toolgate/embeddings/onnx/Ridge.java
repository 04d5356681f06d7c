package io.toolgate.embeddings.onnx;

/**
 * Ridge regression's normal equations, solved by Cholesky decomposition: W = (XᵀX + λI)⁻¹ XᵀY, for
 * {@link DraftFit}. Stateless.
 */
final class Ridge {
  private Ridge() {}

  /**
   * The weights W ({@code xtx.length} rows of {@code xty[0].length}, row-major) that minimize |XW −
   * Y|² + λ|W|², from XᵀX and XᵀY.
   *
   * @throws IllegalArgumentException when XᵀX + λI is not positive definite (λ ≤ 0 on too few rows)
   */
  static float[] solve(double[][] xtx, double[][] xty, double lambda) {
    int n = xtx.length;
    int m = xty[0].length;
    double[][] l = cholesky(xtx, lambda);
    float[] w = new float[n * m];
    double[] column = new double[n];
    for (int k = 0; k < m; k++) {
      for (int i = 0; i < n; i++) { // L z = b
        double sum = xty[i][k];
        for (int j = 0; j < i; j++) {
          sum -= l[i][j] * column[j];
        }
        column[i] = sum / l[i][i];
      }
      for (int i = n - 1; i >= 0; i--) { // Lᵀ w = z
        double sum = column[i];
        for (int j = i + 1; j < n; j++) {
          sum -= l[j][i] * column[j];
        }
        column[i] = sum / l[i][i];
      }
      for (int i = 0; i < n; i++) {
        w[i * m + k] = (float) column[i];
      }
    }
    return w;
  }

  /** L, lower triangular, with L Lᵀ = A + λI. */
  private static double[][] cholesky(double[][] a, double lambda) {
    int n = a.length;
    double[][] l = new double[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j <= i; j++) {
        double sum = a[i][j] + (i == j ? lambda : 0);
        for (int k = 0; k < j; k++) {
          sum -= l[i][k] * l[j][k];
        }
        if (i == j) {
          if (sum <= 0) {
            throw new IllegalArgumentException("the normal equations are not positive definite");
          }
          l[i][i] = Math.sqrt(sum);
        } else {
          l[i][j] = sum / l[j][j];
        }
      }
    }
    return l;
  }
}
