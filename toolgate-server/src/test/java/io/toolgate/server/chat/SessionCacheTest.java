package io.toolgate.server.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class SessionCacheTest {
  private final AtomicLong now = new AtomicLong();

  private SessionCache cache(int sessions, int tools) {
    return new SessionCache(
        new SessionCacheConfig(true, sessions, Duration.ofMinutes(30), tools), now::get);
  }

  @Test
  void keepsToolsInTheOrderTheyWereRetrieved() {
    SessionCache cache = cache(10, 10);
    cache.add("s", List.of("b", "a"));
    cache.add("s", List.of("a", "c"));

    assertThat(cache.tools("s")).containsExactly("b", "a", "c");
  }

  @Test
  void stopsAddingWhenASessionIsFull() {
    SessionCache cache = cache(10, 2);

    assertThat(cache.add("s", List.of("a", "b", "c"))).containsExactly("a", "b");
    assertThat(cache.tools("s")).containsExactly("a", "b");
  }

  @Test
  void forgetsTheLeastRecentlyUsedSession() {
    SessionCache cache = cache(2, 10);
    cache.add("one", List.of("a"));
    cache.add("two", List.of("b"));
    cache.tools("one");
    cache.add("three", List.of("c"));

    assertThat(cache.tools("two")).isEmpty();
    assertThat(cache.tools("one")).containsExactly("a");
  }

  @Test
  void forgetsASessionIdleLongerThanItsTtl() {
    SessionCache cache = cache(10, 10);
    cache.add("s", List.of("a"));
    now.addAndGet(Duration.ofMinutes(31).toNanos());

    assertThat(cache.tools("s")).isEmpty();
    assertThat(cache.size()).isZero();
  }

  @Test
  void aRequestKeepsTheSessionAlive() {
    SessionCache cache = cache(10, 10);
    cache.add("s", List.of("a"));
    now.addAndGet(Duration.ofMinutes(20).toNanos());
    cache.tools("s");
    now.addAndGet(Duration.ofMinutes(20).toNanos());

    assertThat(cache.tools("s")).containsExactly("a");
  }
}
