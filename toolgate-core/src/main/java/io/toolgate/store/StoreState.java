package io.toolgate.store;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The embedded store's whole state in memory: namespaces of sorted keys to values.
 *
 * <p>Readers never block and get copies; {@link #apply} is called by one writer at a time (the
 * store's write lock, or recovery before the store is published).
 */
final class StoreState {
  private final Map<String, ConcurrentSkipListMap<String, byte[]>> namespaces =
      new ConcurrentHashMap<>();

  /** Applies one commit's ops in order. */
  void apply(List<StoreOp> ops) {
    for (StoreOp op : ops) {
      switch (op) {
        case StoreOp.Put put ->
            namespaces
                .computeIfAbsent(put.namespace(), n -> new ConcurrentSkipListMap<>())
                .put(put.key(), put.bytes());
        case StoreOp.Delete delete -> {
          NavigableMap<String, byte[]> ns = namespaces.get(delete.namespace());
          if (ns != null) {
            ns.remove(delete.key());
          }
        }
      }
    }
  }

  /** A copy of the value of {@code key} in {@code namespace}. */
  Optional<byte[]> get(String namespace, String key) {
    NavigableMap<String, byte[]> ns = namespaces.get(namespace);
    byte[] value = ns == null ? null : ns.get(key);
    return value == null ? Optional.empty() : Optional.of(value.clone());
  }

  /** A sorted copy of {@code namespace}. */
  Map<String, byte[]> list(String namespace) {
    NavigableMap<String, byte[]> ns = namespaces.get(namespace);
    if (ns == null) {
      return Map.of();
    }
    TreeMap<String, byte[]> out = new TreeMap<>();
    ns.forEach((k, v) -> out.put(k, v.clone()));
    return Collections.unmodifiableSortedMap(out);
  }

  /** The live namespaces, uncopied, for writing a snapshot under the write lock. */
  Map<String, ? extends Map<String, byte[]>> namespaces() {
    return namespaces;
  }
}
