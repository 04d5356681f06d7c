package io.toolgate.search.fusion;

import io.toolgate.search.lexical.SparseScores;
import java.util.Objects;
import java.util.Optional;

/**
 * One channel's scores going into fusion.
 *
 * @param source the channel name reported in {@code match_sources}
 * @param weight how much the channel counts (0 leaves it out)
 * @param scores the tools the channel scored, by slot
 * @param scoresAll true when the channel scores every tool it can (the vector channel): a tool it
 *     did not score is unknown, not a zero. False for lexical channels, where a tool that did not
 *     match scores 0.
 * @param population the mean and standard deviation of the channel's scores over every tool, when
 *     {@code scores} holds only the best of them (the vector channel of a large catalog); empty
 *     when {@code scores} is complete and the statistics come from it
 */
public record ChannelInput(
    String source,
    double weight,
    SparseScores scores,
    boolean scoresAll,
    Optional<Moments> population) {

  /** A channel whose {@code scores} are complete. */
  public ChannelInput(String source, double weight, SparseScores scores, boolean scoresAll) {
    this(source, weight, scores, scoresAll, Optional.empty());
  }

  /**
   * Mean and standard deviation of a channel's scores.
   *
   * @param mean the average score
   * @param sd the standard deviation (population)
   */
  public record Moments(double mean, double sd) {
    /** The moments of {@code n} scores whose sum and sum of squares are given. */
    public static Moments of(double sum, double sumSquares, double n) {
      double mean = sum / n;
      return new Moments(mean, Math.sqrt(Math.max(0, sumSquares / n - mean * mean)));
    }
  }

  public ChannelInput {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(scores, "scores");
    Objects.requireNonNull(population, "population");
    if (!(weight >= 0 && Double.isFinite(weight))) {
      throw new IllegalArgumentException(
          "illegal weight of channel " + source + ": " + weight + ", must be >= 0");
    }
  }
}
