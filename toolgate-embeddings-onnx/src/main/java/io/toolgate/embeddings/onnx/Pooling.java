package io.toolgate.embeddings.onnx;

import java.nio.FloatBuffer;

/**
 * How a sentence vector is made from the token vectors of the model's last hidden state.
 *
 * <p>The hidden state is a {@code [batch, seqLen, dim]} tensor, flattened row-major; {@code
 * tokenCounts[b]} is the number of real (unpadded) tokens of row {@code b}, which lead the row.
 */
enum Pooling {
  /** The average of the real tokens' vectors (sentence-transformers' MEAN pooling). */
  MEAN {
    @Override
    float[] pool(FloatBuffer hidden, int row, int seqLen, int dim, int tokenCount) {
      float[] sum = new float[dim];
      int base = row * seqLen * dim;
      for (int t = 0; t < tokenCount; t++) {
        int offset = base + t * dim;
        for (int d = 0; d < dim; d++) {
          sum[d] += hidden.get(offset + d);
        }
      }
      // Padding tokens sit after the real ones and are skipped, so they cannot shift the mean.
      float scale = 1f / Math.max(1, tokenCount);
      for (int d = 0; d < dim; d++) {
        sum[d] *= scale;
      }
      return sum;
    }
  },

  /** The vector of the leading {@code [CLS]} token (how BGE models are trained). */
  CLS {
    @Override
    float[] pool(FloatBuffer hidden, int row, int seqLen, int dim, int tokenCount) {
      float[] cls = new float[dim];
      hidden.get(row * seqLen * dim, cls);
      return cls;
    }
  };

  abstract float[] pool(FloatBuffer hidden, int row, int seqLen, int dim, int tokenCount);

  /**
   * Scales {@code vector} to unit length in place (the sum of squares is accumulated in {@code
   * double}); a zero vector stays zero.
   */
  static float[] normalize(float[] vector) {
    double sumOfSquares = 0;
    for (float v : vector) {
      sumOfSquares += (double) v * v;
    }
    if (sumOfSquares > 0) {
      float scale = (float) (1 / Math.sqrt(sumOfSquares));
      for (int i = 0; i < vector.length; i++) {
        vector[i] *= scale;
      }
    }
    return vector;
  }
}
