package io.toolgate.search.vector;

import io.toolgate.store.RegistryStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * Where the vectors of one embedding model are kept between runs, keyed by tool checksum ({@link
 * VectorCache#key}), so that only new or changed tools are embedded.
 *
 * <p>Two kinds: {@link #inDirectory} (a file per model in the data directory, the default for one
 * machine) and {@link #inRegistryStore} (the store's namespace per model, so gateway replicas
 * sharing a PostgreSQL store embed each tool once for the whole fleet). Used by one worker thread
 * per model.
 */
public interface ToolVectorCache {

  /** Every cached vector by checksum key; empty when there is none or it is unreadable. */
  Map<Long, float[]> load();

  /**
   * Keeps {@code vectors}, the whole set this process knows; a file cache writes exactly these, a
   * shared one adds those it lacks and removes nothing (other replicas may serve other tools).
   *
   * @throws IOException when they could not be written; the old cache stays
   */
  void save(Map<Long, float[]> vectors) throws IOException;

  /**
   * Vectors for {@code keys} that another process may have added since {@link #load}; empty for a
   * cache only this process writes.
   */
  default Map<Long, float[]> fetch(Set<Long> keys) {
    return Map.of();
  }

  /** Where it is, for logs. */
  String describe();

  /** Opens the cache of one model. */
  @FunctionalInterface
  interface Factory {
    /**
     * The cache of vectors from {@code modelId} of {@code dimension} over documents written as
     * {@code documentStyle}; a cache written for any other combination is not read.
     */
    ToolVectorCache open(String modelId, int dimension, String documentStyle);
  }

  /** Files {@code vectors-<model>.bin} in {@code directory}. */
  static Factory inDirectory(Path directory) {
    return (model, dimension, style) -> new VectorCache(directory, model, dimension, style);
  }

  /** The namespace {@code vectors/<model>/<dimension>/<style>} of {@code store}. */
  static Factory inRegistryStore(RegistryStore store) {
    return (model, dimension, style) ->
        new RegistryStoreVectorCache(store, model, dimension, style);
  }
}
