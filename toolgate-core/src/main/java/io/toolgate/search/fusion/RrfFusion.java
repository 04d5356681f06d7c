package io.toolgate.search.fusion;

import io.toolgate.search.lexical.SparseScores;
import java.util.List;

/**
 * Reciprocal Rank Fusion: {@code fused(t) = Σ_c w_c / (k + rank_c(t))}, over the first {@value
 * #DEPTH} tools of each channel (deeper ranks add less than 1/(k + 1000) each and cost a sort).
 *
 * <p>{@link Fused#best()} is {@code Σ_c w_c / (k + 1)}: first in every channel. With k = 60 (the
 * usual default) a tool first in one channel of two scores 0.5; on the dev sets a small k (1)
 * ranked better, because k = 60 flattens the gap between a channel's first and its tenth tool.
 */
public final class RrfFusion implements Fusion {
  /** How deep each channel's ranking is read. */
  public static final int DEPTH = 1000;

  private final int k;

  /**
   * RRF with constant {@code k}.
   *
   * @throws IllegalArgumentException unless k ≥ 1
   */
  public RrfFusion(int k) {
    if (k < 1) {
      throw new IllegalArgumentException("illegal rrf_k value: " + k + ", must be >= 1");
    }
    this.k = k;
  }

  /** The rank constant. */
  public int k() {
    return k;
  }

  @Override
  public Fused fuse(List<ChannelInput> channels, int slotCount, int population, String[] names) {
    double[] acc = new double[slotCount];
    boolean[] candidate = new boolean[slotCount];
    int candidates = 0;
    double best = 0;
    for (ChannelInput channel : channels) {
      SparseScores s = channel.scores();
      if (channel.weight() == 0 || s.size() == 0) {
        continue;
      }
      best += channel.weight() / (k + 1.0);
      int[] order = Ranking.top(s, DEPTH, names);
      for (int r = 0; r < order.length; r++) {
        int slot = s.slot(order[r]);
        acc[slot] += channel.weight() / (k + r + 1.0);
        if (!candidate[slot]) {
          candidate[slot] = true;
          candidates++;
        }
      }
    }
    int[] slots = new int[candidates];
    double[] scores = new double[candidates];
    int j = 0;
    for (int slot = 0; slot < slotCount; slot++) {
      if (candidate[slot]) {
        slots[j] = slot;
        scores[j] = acc[slot];
        j++;
      }
    }
    return new Fused(slots, scores, best > 0 ? best : 1);
  }
}
