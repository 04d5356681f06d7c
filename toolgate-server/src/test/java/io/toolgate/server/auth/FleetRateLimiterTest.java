package io.toolgate.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.store.SharedCounters;
import io.toolgate.store.StoreUnavailableException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** Rate limits counted in shared windows (replicas sharing a store), with the local fallback. */
class FleetRateLimiterTest {
  private final Map<String, Long> counts = new HashMap<>();
  private final AtomicBoolean down = new AtomicBoolean();
  private final List<Duration> windows = new java.util.ArrayList<>();
  private final SharedCounters counters =
      (counter, window) -> {
        if (down.get()) {
          throw new StoreUnavailableException("store down", null);
        }
        windows.add(window);
        return new SharedCounters.WindowCount(
            counts.merge(counter, 1L, Long::sum), Duration.ofSeconds(42));
      };
  private final RateLimiter limiter = new RateLimiter(() -> 0L, Optional.of(counters));

  private static Caller caller(RateLimit rate) {
    return new Caller(
        "planner", Set.of(Scope.SEARCH), new ToolFilter(List.of(), List.of(), List.of()), rate);
  }

  @Test
  void aKeyGetsItsBurstPerWindowThenWaitsForTheWindowToEnd() {
    Caller c = caller(RateLimit.of(10.0 / 60, 10)); // per_minute: 10
    for (int i = 0; i < 10; i++) {
      assertThat(limiter.tryAcquire(c)).isZero();
    }
    assertThat(limiter.tryAcquire(c)).isEqualTo(Duration.ofSeconds(42).toNanos());
    assertThat(windows).allSatisfy(w -> assertThat(w).isEqualTo(Duration.ofMinutes(1)));
  }

  @Test
  void whileTheStoreIsDownEachReplicaFallsBackToItsOwnBucket() {
    down.set(true);
    Caller c = caller(RateLimit.of(1, 2));
    assertThat(limiter.tryAcquire(c)).isZero();
    assertThat(limiter.tryAcquire(c)).isZero();
    assertThat(limiter.tryAcquire(c)).isPositive();
  }

  @Test
  void unlimitedCallersCostNoRoundTrip() {
    assertThat(limiter.tryAcquire(caller(RateLimit.NONE))).isZero();
    assertThat(windows).isEmpty();
  }
}
