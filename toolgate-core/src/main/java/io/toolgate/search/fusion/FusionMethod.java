package io.toolgate.search.fusion;

import java.util.Locale;

/** How channel scores combine into one ranking. */
public enum FusionMethod {
  /**
   * Reciprocal Rank Fusion: {@code Σ weight / (k + rank)}. Uses ranks only, so channels with
   * incomparable scores combine without calibration; ignores how far ahead a top hit is.
   */
  RRF("rrf"),
  /**
   * Weighted z-scores: each channel's scores are standardized over the catalog (mean 0, standard
   * deviation 1) and summed with the weights. Keeps the margins RRF throws away; measured better on
   * every dev set (see BENCHMARKS.md).
   */
  ZSCORE("zscore");

  private final String wire;

  FusionMethod(String wire) {
    this.wire = wire;
  }

  /** {@code rrf} or {@code zscore}: the config value and the suffix of {@code search_mode}. */
  public String wire() {
    return wire;
  }

  /** The method named {@code name} ({@code rrf} or {@code zscore}, any case). */
  public static FusionMethod parse(String name) {
    for (FusionMethod m : values()) {
      if (m.wire.equals(name.strip().toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown fusion '" + name + "', must be rrf or zscore");
  }
}
