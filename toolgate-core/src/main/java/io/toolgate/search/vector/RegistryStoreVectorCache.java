package io.toolgate.search.vector;

import io.toolgate.store.RegistryStore;
import io.toolgate.store.StoreException;
import io.toolgate.store.StoreOp;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tool vectors in a {@link RegistryStore}: namespace {@code vectors/<model>/<dimension>/<style>},
 * key = the tool checksum (16 hex digits), value = the vector as big-endian floats.
 *
 * <p>Made for a store that several replicas share: {@link #save} writes only the vectors the store
 * does not have yet (in commits of {@value #BATCH}) and never deletes one, since another replica
 * may serve a catalog that still has that tool; {@link #fetch} looks up vectors another replica
 * computed meanwhile. A value of the wrong length is ignored. Used by one worker thread.
 */
final class RegistryStoreVectorCache implements ToolVectorCache {
  private static final Logger LOG = LoggerFactory.getLogger(RegistryStoreVectorCache.class);
  static final int BATCH = 256;

  private final RegistryStore store;
  private final String namespace;
  private final int dimension;
  private final Set<Long> stored = new HashSet<>();

  RegistryStoreVectorCache(RegistryStore store, String model, int dimension, String style) {
    this.store = Objects.requireNonNull(store, "store");
    this.namespace = "vectors/" + model + "/" + dimension + "/" + style;
    this.dimension = dimension;
  }

  @Override
  public Map<Long, float[]> load() {
    Map<Long, float[]> out = new HashMap<>();
    try {
      store
          .list(namespace)
          .forEach((key, value) -> decode(key, value).ifPresent(v -> out.put(parse(key), v)));
    } catch (StoreException e) {
      LOG.warn("cannot read the vector cache {}: {}", describe(), e.getMessage());
    }
    stored.addAll(out.keySet());
    return out;
  }

  @Override
  public Map<Long, float[]> fetch(Set<Long> keys) {
    Map<Long, float[]> out = new HashMap<>();
    for (long key : keys) {
      String hex = hex(key);
      store.get(namespace, hex).flatMap(v -> decode(hex, v)).ifPresent(v -> out.put(key, v));
    }
    stored.addAll(out.keySet());
    return out;
  }

  @Override
  public void save(Map<Long, float[]> vectors) throws IOException {
    List<StoreOp> batch = new ArrayList<>();
    List<Long> keys = new ArrayList<>();
    for (Map.Entry<Long, float[]> e : vectors.entrySet()) {
      if (stored.contains(e.getKey()) || e.getValue().length != dimension) {
        continue;
      }
      batch.add(new StoreOp.Put(namespace, hex(e.getKey()), encode(e.getValue())));
      keys.add(e.getKey());
      if (batch.size() == BATCH) {
        commit(batch, keys);
      }
    }
    commit(batch, keys);
  }

  private void commit(List<StoreOp> batch, List<Long> keys) throws IOException {
    if (batch.isEmpty()) {
      return;
    }
    try {
      store.commit(batch);
    } catch (StoreException e) {
      throw new IOException(e.getMessage(), e);
    }
    stored.addAll(keys);
    batch.clear();
    keys.clear();
  }

  @Override
  public String describe() {
    return store.describe() + " " + namespace;
  }

  private Optional<float[]> decode(String key, byte[] value) {
    if (value.length != dimension * Float.BYTES || !key.matches("[0-9a-f]{16}")) {
      return Optional.empty();
    }
    float[] v = new float[dimension];
    ByteBuffer.wrap(value).asFloatBuffer().get(v);
    return Optional.of(v);
  }

  private static byte[] encode(float[] vector) {
    ByteBuffer out = ByteBuffer.allocate(vector.length * Float.BYTES);
    out.asFloatBuffer().put(vector);
    return out.array();
  }

  private static String hex(long key) {
    return String.format("%016x", key);
  }

  private static long parse(String hex) {
    return Long.parseUnsignedLong(hex, 16);
  }
}
