package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RidgeTest {
  @Test
  void recoversTheLinearMapBehindExactData() {
    // y = [x0 + 2 x1 + 0.5, -x0 + 3]: rows of W are x0's, x1's, then the bias.
    float[] truth = {1, -1, 2, 0, 0.5f, 3};
    double[][] xtx = new double[3][3];
    double[][] xty = new double[3][2];
    Random random = new Random(1);
    for (int n = 0; n < 200; n++) {
      double[] x = {random.nextGaussian(), random.nextGaussian(), 1};
      double[] y = {
        x[0] * truth[0] + x[1] * truth[2] + truth[4], x[0] * truth[1] + x[1] * truth[3] + truth[5]
      };
      for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
          xtx[i][j] += x[i] * x[j];
        }
        for (int j = 0; j < 2; j++) {
          xty[i][j] += x[i] * y[j];
        }
      }
    }

    float[] w = Ridge.solve(xtx, xty, 1e-9);

    for (int i = 0; i < truth.length; i++) {
      assertThat(w[i]).isCloseTo(truth[i], within(1e-4f));
    }
  }

  @Test
  void aLargerPenaltyShrinksTheWeights() {
    double[][] xtx = {{4, 0}, {0, 4}};
    double[][] xty = {{4}, {8}};

    assertThat(Ridge.solve(xtx, xty, 0)).containsExactly(1, 2);
    assertThat(Ridge.solve(xtx, xty, 4)).containsExactly(0.5f, 1);
  }
}
