package io.toolgate.store;

import java.time.Duration;

/**
 * Counters shared by every process of a fleet, in fixed windows of time aligned on the store's
 * clock: the basis of rate limits that hold across replicas.
 *
 * <pre>{@code
 * WindowCount c = counters.increment("rate:planner", Duration.ofMinutes(1));
 * if (c.count() > 100) { refuse, retry after c.remaining() }
 * }</pre>
 *
 * <p>Each call is one round trip to the store; counts are exact (every increment of a window is
 * counted once, whichever replica made it). Thread-safe.
 */
public interface SharedCounters {

  /**
   * Adds one to {@code counter} in the current window of length {@code window}.
   *
   * @return the count in this window after the increment, and the time left in the window
   * @throws StoreUnavailableException when the store cannot be reached
   */
  WindowCount increment(String counter, Duration window);

  /**
   * One window's count.
   *
   * @param count increments in the window so far, this one included
   * @param remaining time until the window ends
   */
  record WindowCount(long count, Duration remaining) {
    public WindowCount {
      if (count < 1) {
        throw new IllegalArgumentException("count must be at least 1, got " + count);
      }
      java.util.Objects.requireNonNull(remaining, "remaining");
    }
  }
}
