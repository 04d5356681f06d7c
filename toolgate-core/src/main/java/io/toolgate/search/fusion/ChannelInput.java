package io.toolgate.search.fusion;

import io.toolgate.search.lexical.SparseScores;
import java.util.Objects;

/**
 * One channel's scores going into fusion.
 *
 * @param source the channel name reported in {@code match_sources}
 * @param weight how much the channel counts (0 leaves it out)
 * @param scores the tools the channel scored, by slot
 * @param scoresAll true when the channel scores every tool it can (the vector channel): a tool it
 *     did not score is unknown, not a zero. False for lexical channels, where a tool that did not
 *     match scores 0.
 */
public record ChannelInput(String source, double weight, SparseScores scores, boolean scoresAll) {
  public ChannelInput {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(scores, "scores");
    if (!(weight >= 0 && Double.isFinite(weight))) {
      throw new IllegalArgumentException(
          "illegal weight of channel " + source + ": " + weight + ", must be >= 0");
    }
  }
}
