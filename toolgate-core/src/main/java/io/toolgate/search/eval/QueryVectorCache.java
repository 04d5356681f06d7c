package io.toolgate.search.eval;

import io.toolgate.search.spi.Embedder;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An {@link Embedder} that remembers query vectors on disk ({@code queries-<query model>.bin},
 * named for {@link Embedder#queryModelId()}), so that repeated evaluations of the same query set
 * embed each query once. Documents pass through.
 */
final class QueryVectorCache implements Embedder {
  private final Embedder delegate;
  private final Path file;
  private final Map<String, float[]> vectors = new ConcurrentHashMap<>();
  private volatile boolean dirty;

  QueryVectorCache(Embedder delegate, Path directory) {
    this.delegate = delegate;
    this.file =
        directory.resolve(
            "queries-" + delegate.queryModelId().replaceAll("[^A-Za-z0-9_.-]", "_") + ".bin");
    load();
  }

  private void load() {
    if (!Files.isRegularFile(file)) {
      return;
    }
    try (DataInputStream in =
        new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
      int dim = in.readInt();
      int count = in.readInt();
      if (dim != delegate.dimension()) {
        return;
      }
      for (int i = 0; i < count; i++) {
        String query = in.readUTF();
        float[] v = new float[dim];
        for (int d = 0; d < dim; d++) {
          v[d] = in.readFloat();
        }
        vectors.put(query, v);
      }
    } catch (IOException e) {
      vectors.clear();
    }
  }

  /** Writes the cache when new queries were embedded. */
  void flush() {
    if (!dirty) {
      return;
    }
    try {
      Files.createDirectories(file.getParent());
      Path temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
      try (DataOutputStream out =
          new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16))) {
        out.writeInt(delegate.dimension());
        out.writeInt(vectors.size());
        for (Map.Entry<String, float[]> e : vectors.entrySet()) {
          out.writeUTF(e.getKey());
          for (float f : e.getValue()) {
            out.writeFloat(f);
          }
        }
      }
      Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      dirty = false;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  @Override
  public String modelId() {
    return delegate.modelId();
  }

  @Override
  public String queryModelId() {
    return delegate.queryModelId();
  }

  @Override
  public int dimension() {
    return delegate.dimension();
  }

  @Override
  public float[][] embedDocuments(List<String> documents) {
    return delegate.embedDocuments(documents);
  }

  @Override
  public float[] embedQuery(String query) {
    float[] cached = vectors.get(query);
    if (cached != null) {
      return cached;
    }
    float[] v = delegate.embedQuery(query);
    vectors.put(query, v);
    dirty = true;
    return v;
  }

  /** The cached vectors, and the others from one call of the delegate's {@code embedQueries}. */
  @Override
  public float[][] embedQueries(List<String> queries) {
    float[][] out = new float[queries.size()][];
    List<String> missing = new ArrayList<>();
    for (int i = 0; i < out.length; i++) {
      out[i] = vectors.get(queries.get(i));
      if (out[i] == null) {
        missing.add(queries.get(i));
      }
    }
    if (!missing.isEmpty()) {
      float[][] embedded = delegate.embedQueries(missing);
      for (int m = 0; m < embedded.length; m++) {
        vectors.put(missing.get(m), embedded[m]);
      }
      dirty = true;
      for (int i = 0; i < out.length; i++) {
        out[i] = vectors.get(queries.get(i));
      }
    }
    return out;
  }
}
