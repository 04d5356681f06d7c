package io.toolgate.search;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The most recently used query vectors of one embedder, by query text.
 *
 * <p>Agents repeat their requests (the same request on every turn, retries, several agents with the
 * same prompt), and embedding a query costs several milliseconds against well under one for the
 * search itself. Thread-safe (one lock; a hit costs a hash lookup). The vectors are shared: callers
 * must not change them.
 */
final class QueryVectorLru {
  private final int capacity;
  private final LinkedHashMap<String, float[]> vectors;

  /** A cache of up to {@code capacity} vectors; 0 keeps none. */
  QueryVectorLru(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException(
          "illegal query cache capacity: " + capacity + ", must be >= 0");
    }
    this.capacity = capacity;
    this.vectors =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, float[]> eldest) {
            return size() > QueryVectorLru.this.capacity;
          }
        };
  }

  synchronized Optional<float[]> get(String text) {
    return Optional.ofNullable(vectors.get(text));
  }

  synchronized void put(String text, float[] vector) {
    if (capacity > 0) {
      vectors.put(text, vector);
    }
  }

  synchronized int size() {
    return vectors.size();
  }
}
