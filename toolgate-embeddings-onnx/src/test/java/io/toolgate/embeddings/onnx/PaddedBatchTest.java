package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PaddedBatchTest {

  @Test
  void padsRowsOnTheRightToTheLongest() {
    PaddedBatch batch = PaddedBatch.of(new int[][] {{101, 7, 102}, {101, 102}}, 0);

    assertThat(batch.shape()).containsExactly(2, 3);
    assertThat(batch.inputIds()).containsExactly(101, 7, 102, 101, 102, 0);
    assertThat(batch.lengths()).containsExactly(3, 2);
  }

  @Test
  void masksPaddingOut() {
    PaddedBatch batch = PaddedBatch.of(new int[][] {{101, 7, 102}, {101, 102}}, 0);

    assertThat(batch.attentionMask()).containsExactly(1, 1, 1, 1, 1, 0);
  }
}
