package io.toolgate.server.auth;

import io.toolgate.store.SharedCounters;
import io.toolgate.store.StoreException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Per-caller rate limits: each API key (or the anonymous caller) has its own.
 *
 * <pre>{@code
 * long waitNanos = limiter.tryAcquire(caller);
 * if (waitNanos > 0) { respond 429 with Retry-After = ceil(waitNanos / 1e9) }
 * }</pre>
 *
 * <p>On one gateway a limit is a token bucket in memory. With {@link SharedCounters} (replicas
 * sharing a PostgreSQL store) it holds across the fleet instead: a key with {@code {per_second: r,
 * burst: b}} may make at most {@code b} requests in each window of {@code b / r} seconds (aligned
 * on the database clock), counted exactly whichever replica serves them; across a window boundary
 * up to {@code 2 b} can pass within one window's length. While the store cannot be reached each
 * replica falls back to its own bucket, so the fleet then allows up to the replica count times the
 * limit. Thread-safe.
 */
public final class RateLimiter {
  private static final Logger LOG = LoggerFactory.getLogger(RateLimiter.class);
  private final Map<String, TokenBucket> buckets = new ConcurrentHashMap<>();
  private final LongSupplier clock;
  private final Optional<SharedCounters> shared;

  public RateLimiter() {
    this(System::nanoTime);
  }

  /** Limits that hold across every replica sharing {@code counters}. */
  public RateLimiter(Optional<SharedCounters> counters) {
    this(System::nanoTime, counters);
  }

  RateLimiter(LongSupplier clock) {
    this(clock, Optional.empty());
  }

  RateLimiter(LongSupplier clock, Optional<SharedCounters> shared) {
    this.clock = clock;
    this.shared = Objects.requireNonNull(shared, "shared");
  }

  /**
   * Takes one request from the caller's limit.
   *
   * @return 0 when the request may go ahead, else nanoseconds until it could
   */
  public long tryAcquire(Caller caller) {
    RateLimit rate = caller.rate();
    if (!rate.limited()) {
      return 0;
    }
    if (shared.isPresent()) {
      try {
        return fleetWide(shared.get(), caller.id(), rate);
      } catch (StoreException e) {
        LOG.debug("fleet rate limit unavailable, using this replica's own: {}", e.getMessage());
      }
    }
    long now = clock.getAsLong();
    return buckets
        .computeIfAbsent(caller.id() + "|" + rate, k -> new TokenBucket(rate, now))
        .tryTake(now);
  }

  private static long fleetWide(SharedCounters counters, String id, RateLimit rate) {
    Duration window = window(rate);
    SharedCounters.WindowCount count = counters.increment("rate:" + id + "|" + rate, window);
    return count.count() <= (long) rate.burst() ? 0 : Math.max(1, count.remaining().toNanos());
  }

  /** The fleet-wide window of a rate: the time a full bucket takes to refill, at least 1 ms. */
  static Duration window(RateLimit rate) {
    return Duration.ofMillis(Math.max(1, Math.round(rate.burst() / rate.perSecond() * 1000)));
  }
}
