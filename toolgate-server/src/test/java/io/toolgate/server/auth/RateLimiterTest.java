package io.toolgate.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateLimiterTest {
  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final RateLimiter limiter = new RateLimiter(now::get);

  private static Caller caller(String id, RateLimit rate) {
    return new Caller(
        id, Set.of(Scope.SEARCH), new ToolFilter(List.of(), List.of(), List.of()), rate);
  }

  @Test
  void aBurstIsAllowedThenRefusedWithTheWait() {
    Caller c = caller("a", RateLimit.of(2, 3));
    assertThat(limiter.tryAcquire(c)).isZero();
    assertThat(limiter.tryAcquire(c)).isZero();
    assertThat(limiter.tryAcquire(c)).isZero();
    assertThat(limiter.tryAcquire(c)).isEqualTo(500_000_000L);
  }

  @Test
  void tokensRefillOverTime() {
    Caller c = caller("a", RateLimit.of(10, 1));
    assertThat(limiter.tryAcquire(c)).isZero();
    assertThat(limiter.tryAcquire(c)).isPositive();
    now.addAndGet(100_000_000L);
    assertThat(limiter.tryAcquire(c)).isZero();
  }

  @Test
  void callersHaveTheirOwnBuckets() {
    assertThat(limiter.tryAcquire(caller("a", RateLimit.of(1, 1)))).isZero();
    assertThat(limiter.tryAcquire(caller("b", RateLimit.of(1, 1)))).isZero();
  }

  @Test
  void anUnlimitedCallerIsNeverRefused() {
    for (int i = 0; i < 1000; i++) {
      assertThat(limiter.tryAcquire(caller("a", RateLimit.NONE))).isZero();
    }
  }
}
