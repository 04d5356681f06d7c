package io.toolgate.search.lexical;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SparseScoresTest {

  @Test
  void keepsHitsInOrderThroughGrowthWithTheirStatistics() {
    SparseScores s = new SparseScores(1);
    float[] values = {0.5f, -2f, 3f, 1.25f, 0f, 7f};
    for (int i = 0; i < values.length; i++) {
      s.add(10 + i, values[i]);
    }
    assertThat(s.size()).isEqualTo(6);
    for (int i = 0; i < values.length; i++) {
      assertThat(s.slot(i)).isEqualTo(10 + i);
      assertThat(s.score(i)).isEqualTo(values[i]);
    }
    assertThat(s.max()).isEqualTo(7f);
    assertThat(s.sum()).isCloseTo(9.75, within(1e-9));
    assertThat(s.sumOfSquares()).isCloseTo(0.25 + 4 + 9 + 1.5625 + 0 + 49, within(1e-9));
  }

  @Test
  void anEmptyListHasNoMaximum() {
    SparseScores s = new SparseScores(0);
    assertThat(s.max()).isEqualTo(Float.NEGATIVE_INFINITY);
    assertThat(s.sum()).isZero();
  }
}
