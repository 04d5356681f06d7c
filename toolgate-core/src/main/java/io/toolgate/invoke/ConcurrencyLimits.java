package io.toolgate.invoke;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Semaphore;

/**
 * One semaphore per tool, sized by the tool's effective {@code max_concurrency}. When the limit
 * changes the tool gets a fresh semaphore; calls in flight release the one they took.
 */
final class ConcurrencyLimits {
  private final ConcurrentMap<String, Limit> limits = new ConcurrentHashMap<>();

  /** A permit pool of a fixed size. */
  record Limit(int permits, Semaphore semaphore) {}

  Limit forTool(String tool, int permits) {
    Limit current = limits.get(tool);
    if (current != null && current.permits == permits) {
      return current;
    }
    return limits.compute(
        tool,
        (name, old) ->
            old != null && old.permits == permits
                ? old
                : new Limit(permits, new Semaphore(permits, true)));
  }

  /** Forgets a removed tool's semaphore. */
  void forget(String tool) {
    limits.remove(tool);
  }
}
