package io.toolgate.server.auth;

/**
 * A token-bucket rate: {@code perSecond} requests per second on average, bursts of up to {@code
 * burst}.
 *
 * @param perSecond refill rate; 0 means unlimited
 * @param burst bucket size; at least 1 when limited
 */
public record RateLimit(double perSecond, double burst) {
  /** No limit. */
  public static final RateLimit NONE = new RateLimit(0, 0);

  public RateLimit {
    if (!(perSecond >= 0) || Double.isInfinite(perSecond)) {
      throw new IllegalArgumentException(
          "rate per_second must be a finite number >= 0, got " + perSecond);
    }
    if (perSecond > 0 && !(burst >= 1)) {
      throw new IllegalArgumentException("rate burst must be at least 1, got " + burst);
    }
  }

  /** {@code perSecond} with bursts of {@code burst}. */
  public static RateLimit of(double perSecond, double burst) {
    return new RateLimit(perSecond, burst);
  }

  /** Whether this limits anything. */
  public boolean limited() {
    return perSecond > 0;
  }
}
