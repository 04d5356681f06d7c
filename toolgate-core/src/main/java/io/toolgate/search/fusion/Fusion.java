package io.toolgate.search.fusion;

import java.util.List;

/**
 * Combines the scores of several channels into one score per tool.
 *
 * <p>Implementations are stateless and thread-safe.
 */
public interface Fusion {

  /**
   * Fuses {@code channels}.
   *
   * @param channels the channels that took part
   * @param slotCount one more than the largest slot any channel may report
   * @param population how many tools were eligible (after filters): the catalog that lexical
   *     statistics are taken over
   * @param names the tool name of each slot, to break ties
   */
  Fused fuse(List<ChannelInput> channels, int slotCount, int population, String[] names);

  /** The configured fusion: {@link RrfFusion} or {@link ZScoreFusion}. */
  static Fusion of(FusionMethod method, int rrfK) {
    return switch (method) {
      case RRF -> new RrfFusion(rrfK);
      case ZSCORE -> new ZScoreFusion();
    };
  }
}
