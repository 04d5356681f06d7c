package io.toolgate.search.vector;

import io.toolgate.catalog.ToolDefinition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One model's {@link ToolVectorCache} and the vectors this process knows by checksum key: loaded
 * once, added to as tools are embedded or found in a shared cache, pruned to the live catalog and
 * saved back. Used only on the embedding worker's thread.
 */
final class CachedVectors {
  // Logs under ToolVectors: operators know the vector channel's lines by that name.
  private static final Logger LOG = LoggerFactory.getLogger(ToolVectors.class);
  // Above this many misses a refresh is a first load or a new catalog, not a few tools another
  // replica may have embedded: looking each up would cost more than it saves.
  private static final int SHARED_FETCH_LIMIT = 1_000;

  private final Optional<ToolVectorCache> cache;
  private final int dimension;
  private Map<Long, float[]> cached;

  CachedVectors(Optional<ToolVectorCache> cache, int dimension) {
    this.cache = cache;
    this.dimension = dimension;
  }

  /** Whether there is a cache to load from and save to. */
  boolean persistent() {
    return cache.isPresent();
  }

  /** Whether {@link #load} ran. */
  boolean loaded() {
    return cached != null;
  }

  /** Reads the cache the first time it is called (an empty map without a cache). */
  void load() {
    if (cached == null) {
      cached = cache.map(ToolVectorCache::load).orElseGet(HashMap::new);
    }
  }

  /**
   * Puts the known vector for {@code key} into {@code into} at {@code slot}; false when none of the
   * embedder's dimension is known.
   */
  boolean copyTo(Map<Integer, float[]> into, int slot, long key) {
    float[] hit = cached.get(key);
    if (hit == null || hit.length != dimension) {
      return false;
    }
    into.put(slot, hit);
    return true;
  }

  /** Remembers a freshly embedded vector. */
  void put(long key, float[] vector) {
    cached.put(key, vector);
  }

  /** Forgets every vector whose key is not in {@code live}; whether any was forgotten. */
  boolean retainOnly(Set<Long> live) {
    return cached.keySet().retainAll(live);
  }

  /**
   * Takes the vectors another replica sharing the cache computed since it was loaded (a tool
   * registered through another replica); returns the slots still missing.
   */
  List<Integer> fetchShared(
      ToolDefinition[] tools, List<Integer> missing, Map<Integer, float[]> fromCache) {
    if (cache.isEmpty() || missing.isEmpty() || missing.size() > SHARED_FETCH_LIMIT) {
      return missing;
    }
    Set<Long> keys = new HashSet<>();
    for (int slot : missing) {
      keys.add(VectorCache.key(tools[slot].checksum()));
    }
    Map<Long, float[]> found;
    try {
      found = cache.get().fetch(keys);
    } catch (RuntimeException e) {
      LOG.debug("cannot look up shared vectors in {}: {}", cache.get().describe(), e.toString());
      return missing;
    }
    List<Integer> still = new ArrayList<>();
    for (int slot : missing) {
      float[] hit = found.get(VectorCache.key(tools[slot].checksum()));
      if (hit != null && hit.length == dimension) {
        fromCache.put(slot, hit);
        cached.put(VectorCache.key(tools[slot].checksum()), hit);
      } else {
        still.add(slot);
      }
    }
    return still;
  }

  /** Writes every known vector to the cache; a failure is logged and the old cache stays. */
  void save() {
    try {
      cache.orElseThrow().save(cached);
    } catch (IOException e) {
      LOG.warn("cannot write vector cache {}: {}", cache.orElseThrow().describe(), e.toString());
    }
  }
}
