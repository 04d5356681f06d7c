package io.toolgate.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.toolgate.search.fusion.Fused;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClauseFusionTest {
  @Test
  void addsEachToolsBestClauseStandingScaledByTheWholeRequestsBest() {
    Fused whole = new Fused(new int[] {0, 1, 2}, new double[] {4, 3, 1}, 5);
    Fused first = new Fused(new int[] {0, 1}, new double[] {2, 1}, 2);
    Fused second = new Fused(new int[] {2, 1}, new double[] {4, -1}, 4);
    Fused out = ClauseFusion.combine(whole, List.of(first, second), 0.5, 3);
    // tool 0: 4 + 0.5·5·1; tool 1: 3 + 0.5·5·0.5; tool 2: 1 + 0.5·5·1
    assertThat(out.scores()).containsExactly(new double[] {6.5, 4.25, 3.5}, within(1e-12));
    assertThat(out.best()).isEqualTo(7.5);
  }

  @Test
  void aToolBelowTheMeanOfEveryClauseGetsNothing() {
    Fused whole = new Fused(new int[] {0}, new double[] {2}, 4);
    Fused clause = new Fused(new int[] {0}, new double[] {-3}, 4);
    assertThat(ClauseFusion.combine(whole, List.of(clause), 1, 1).scores()).containsExactly(2);
  }
}
