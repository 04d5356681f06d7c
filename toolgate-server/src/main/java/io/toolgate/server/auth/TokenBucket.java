package io.toolgate.server.auth;

/**
 * One caller's token bucket. Thread-safe; {@link #tryTake} costs a lock and a clock read.
 *
 * <p>The bucket starts full ({@code burst} tokens) and refills continuously at {@code perSecond}; a
 * request takes one token or is refused with the wait until one is available, which becomes the
 * {@code Retry-After} header.
 */
final class TokenBucket {
  private final double perNano;
  private final double capacity;
  private double tokens;
  private long last;

  TokenBucket(RateLimit rate, long now) {
    this.perNano = rate.perSecond() / 1e9;
    this.capacity = rate.burst();
    this.tokens = capacity;
    this.last = now;
  }

  /** Takes a token: returns 0 when allowed, else the nanoseconds until a token will be there. */
  synchronized long tryTake(long now) {
    if (now > last) {
      tokens = Math.min(capacity, tokens + (now - last) * perNano);
      last = now;
    }
    if (tokens >= 1) {
      tokens -= 1;
      return 0;
    }
    return (long) Math.ceil((1 - tokens) / perNano);
  }
}
