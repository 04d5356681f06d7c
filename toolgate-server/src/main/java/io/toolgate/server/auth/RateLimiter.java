package io.toolgate.server.auth;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Per-caller token buckets: each API key (or the anonymous caller) has its own.
 *
 * <pre>{@code
 * long waitNanos = limiter.tryAcquire(caller);
 * if (waitNanos > 0) { respond 429 with Retry-After = ceil(waitNanos / 1e9) }
 * }</pre>
 *
 * Thread-safe.
 */
public final class RateLimiter {
  private final Map<String, TokenBucket> buckets = new ConcurrentHashMap<>();
  private final LongSupplier clock;

  public RateLimiter() {
    this(System::nanoTime);
  }

  RateLimiter(LongSupplier clock) {
    this.clock = clock;
  }

  /**
   * Takes one request from the caller's bucket.
   *
   * @return 0 when the request may go ahead, else nanoseconds until it could
   */
  public long tryAcquire(Caller caller) {
    RateLimit rate = caller.rate();
    if (!rate.limited()) {
      return 0;
    }
    long now = clock.getAsLong();
    return buckets
        .computeIfAbsent(caller.id() + "|" + rate, k -> new TokenBucket(rate, now))
        .tryTake(now);
  }
}
