package io.toolgate.search.fusion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.toolgate.search.lexical.SparseScores;
import java.util.List;
import org.junit.jupiter.api.Test;

class FusionTest {
  private static final String[] NAMES = {"a", "b", "c", "d"};

  private static SparseScores scores(float... bySlot) {
    SparseScores s = new SparseScores(4);
    for (int slot = 0; slot < bySlot.length; slot++) {
      if (bySlot[slot] != 0) {
        s.add(slot, bySlot[slot]);
      }
    }
    return s;
  }

  private static double fused(Fused f, int slot) {
    for (int i = 0; i < f.slots().length; i++) {
      if (f.slots()[i] == slot) {
        return f.scores()[i];
      }
    }
    return Double.NaN;
  }

  @Test
  void rrfSumsWeightedReciprocalRanks() {
    ChannelInput one = new ChannelInput("full_text", 1, scores(3, 2, 1), false);
    ChannelInput two = new ChannelInput("vector", 2, scores(1, 3, 2), true);
    Fused f = new RrfFusion(60).fuse(List.of(one, two), 4, 4, NAMES);
    assertThat(fused(f, 0)).isCloseTo(1 / 61.0 + 2 / 63.0, within(1e-12));
    assertThat(fused(f, 1)).isCloseTo(1 / 62.0 + 2 / 61.0, within(1e-12));
    assertThat(f.best()).isCloseTo(3 / 61.0, within(1e-12));
    assertThat(fused(f, 3)).isNaN();
  }

  @Test
  void rrfBreaksScoreTiesWithinAChannelByName() {
    ChannelInput tied = new ChannelInput("keyword", 1, scores(0, 5, 5, 5), false);
    Fused f = new RrfFusion(1).fuse(List.of(tied), 4, 4, NAMES);
    assertThat(fused(f, 1)).isEqualTo(1 / 2.0);
    assertThat(fused(f, 2)).isEqualTo(1 / 3.0);
    assertThat(fused(f, 3)).isEqualTo(1 / 4.0);
  }

  @Test
  void zScoreStandardizesLexicalScoresOverTheWholeCatalog() {
    // Population 4, one match scoring 4: mean 1, variance 16/4 - 1 = 3.
    ChannelInput lexical = new ChannelInput("full_text", 1, scores(4), false);
    Fused f = new ZScoreFusion().fuse(List.of(lexical), 4, 4, NAMES);
    assertThat(fused(f, 0)).isCloseTo(3 / Math.sqrt(3), within(1e-9));
    assertThat(f.best()).isCloseTo(3 / Math.sqrt(3), within(1e-9));
    assertThat(f.slots()).containsExactly(0);
  }

  @Test
  void zScoreTakesDenseChannelStatisticsOverTheToolsItScored() {
    ChannelInput vector = new ChannelInput("vector", 2, scores(0.9f, 0.5f, 0.1f), true);
    ChannelInput lexical = new ChannelInput("full_text", 1, scores(0, 2), false);
    Fused f = new ZScoreFusion().fuse(List.of(vector, lexical), 4, 4, NAMES);
    double vMean = 0.5;
    double vSd = Math.sqrt((0.81 + 0.25 + 0.01) / 3 - 0.25);
    double lMean = 0.5;
    double lSd = Math.sqrt(4 / 4.0 - 0.25);
    assertThat(fused(f, 0)).isCloseTo(2 * (0.9 - vMean) / vSd + (0 - lMean) / lSd, within(1e-6));
    assertThat(fused(f, 1)).isCloseTo(2 * (0.5 - vMean) / vSd + (2 - lMean) / lSd, within(1e-6));
    assertThat(f.best()).isCloseTo(2 * (0.9 - vMean) / vSd + (2 - lMean) / lSd, within(1e-6));
  }

  @Test
  void aChannelWithWeightZeroTakesNoPart() {
    ChannelInput off = new ChannelInput("schema", 0, scores(1, 2), false);
    ChannelInput on = new ChannelInput("full_text", 1, scores(0, 0, 3), false);
    Fused f = new ZScoreFusion().fuse(List.of(off, on), 4, 4, NAMES);
    assertThat(f.slots()).containsExactly(2);
  }

  @Test
  void aChannelThatPassesOnlyItsBestUsesThePopulationStatisticsItGives() {
    SparseScores best = scores(0, 0.9f, 0.7f);
    ChannelInput pooled =
        new ChannelInput(
            "vector", 1, best, true, java.util.Optional.of(new ChannelInput.Moments(0.5, 0.1)));
    Fused f = new ZScoreFusion().fuse(List.of(pooled), 4, 4, NAMES);
    assertThat(f.slots()).containsExactly(1, 2);
    assertThat(f.scores()[0]).isCloseTo(4.0, org.assertj.core.api.Assertions.within(1e-5));
    assertThat(f.scores()[1]).isCloseTo(2.0, org.assertj.core.api.Assertions.within(1e-5));
    assertThat(f.best()).isCloseTo(4.0, org.assertj.core.api.Assertions.within(1e-5));
  }

  @Test
  void rankingCountsBetterScoresAndNameTies() {
    SparseScores s = scores(1, 3, 3, 2);
    Ranking.Standing all = Ranking.standing(s, new int[] {0, 3, 2, 1}, NAMES);
    assertThat(all.ranks()).containsExactly(4, 3, 2, 1);
    assertThat(all.scores()).containsExactly(1, 2, 3, 3);
    Ranking.Standing some = Ranking.standing(s, new int[] {2, 0}, NAMES);
    assertThat(some.ranks()).containsExactly(2, 4);
    SparseScores partial = new SparseScores(2);
    partial.add(2, 5f);
    Ranking.Standing missing = Ranking.standing(partial, new int[] {1, 2}, NAMES);
    assertThat(missing.ranks()).containsExactly(0, 1);
    assertThat(missing.scores()[0]).isNaN();
    assertThat(Ranking.top(s, 2, NAMES)).hasSize(2);
  }
}
