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
  void rankingCountsBetterScoresAndNameTies() {
    SparseScores s = scores(1, 3, 3, 2);
    assertThat(Ranking.rankOf(s, 1, NAMES)).isEqualTo(1);
    assertThat(Ranking.rankOf(s, 2, NAMES)).isEqualTo(2);
    assertThat(Ranking.rankOf(s, 3, NAMES)).isEqualTo(3);
    assertThat(Ranking.rankOf(s, 0, NAMES)).isEqualTo(4);
    assertThat(Ranking.top(s, 2, NAMES)).hasSize(2);
  }
}
