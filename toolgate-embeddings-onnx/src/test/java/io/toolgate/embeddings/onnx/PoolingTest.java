package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;

class PoolingTest {
  // Two rows of three tokens of dimension 2; row 1 has one padding token at the end.
  private static final FloatBuffer HIDDEN =
      FloatBuffer.wrap(new float[] {1, 2, 3, 4, 5, 6, 10, 20, 30, 40, 99, 99});

  @Test
  void meanAveragesOnlyTheRealTokensOfTheRow() {
    assertThat(Pooling.MEAN.pool(HIDDEN, 1, 3, 2, 2)).containsExactly(20f, 30f);
  }

  @Test
  void clsTakesTheFirstTokenOfTheRow() {
    assertThat(Pooling.CLS.pool(HIDDEN, 1, 3, 2, 2)).containsExactly(10f, 20f);
  }

  @Test
  void normalizeScalesToUnitLength() {
    assertThat(Pooling.normalize(new float[] {3, 4}))
        .containsExactly(new float[] {0.6f, 0.8f}, within(1e-7f));
  }

  @Test
  void normalizeLeavesAZeroVectorAlone() {
    assertThat(Pooling.normalize(new float[] {0, 0})).containsExactly(0f, 0f);
  }
}
