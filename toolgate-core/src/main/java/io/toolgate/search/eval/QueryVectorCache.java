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
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * An {@link Embedder} that remembers query vectors on disk ({@code queries-<query model>.bin},
 * named for {@link Embedder#queryModelId()}), and, when the embedder {@linkplain
 * Embedder#draftsQueries() drafts queries}, its drafts apart ({@code drafts-<draft model>.bin},
 * named for {@link Embedder#draftModelId()}), so that repeated evaluations of the same query set
 * embed and draft each query once. Documents pass through. Thread-safe.
 */
final class QueryVectorCache implements Embedder {
  private final Embedder delegate;
  private final VectorFile exact;
  private final Optional<VectorFile> drafts;

  QueryVectorCache(Embedder delegate, Path directory) {
    this.delegate = delegate;
    this.exact = new VectorFile(file(directory, "queries-", delegate.queryModelId()), delegate);
    this.drafts =
        delegate.draftsQueries()
            ? Optional.of(
                new VectorFile(file(directory, "drafts-", delegate.draftModelId()), delegate))
            : Optional.empty();
  }

  private static Path file(Path directory, String prefix, String modelId) {
    return directory.resolve(prefix + modelId.replaceAll("[^A-Za-z0-9_.-]", "_") + ".bin");
  }

  /** Writes the caches that gained vectors. */
  void flush() {
    exact.flush();
    drafts.ifPresent(VectorFile::flush);
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
    return exact.vectors(List.of(query), q -> new float[][] {delegate.embedQuery(q.getFirst())})[0];
  }

  /** The cached vectors, and the others from one call of the delegate's {@code embedQueries}. */
  @Override
  public float[][] embedQueries(List<String> queries) {
    return exact.vectors(queries, delegate::embedQueries);
  }

  @Override
  public boolean draftsQueries() {
    return delegate.draftsQueries();
  }

  @Override
  public String draftModelId() {
    return delegate.draftModelId();
  }

  /**
   * The cached drafts, and the others from one call of the delegate's {@code draftQueries}; the
   * (cached) exact vectors when the delegate does not draft.
   */
  @Override
  public float[][] draftQueries(List<String> queries) {
    return drafts.isPresent()
        ? drafts.get().vectors(queries, delegate::draftQueries)
        : embedQueries(queries);
  }

  /** The vectors of one file: loaded when it is opened, written by {@link #flush}. */
  private static final class VectorFile {
    private final Path file;
    private final int dimension;
    private final Map<String, float[]> vectors = new ConcurrentHashMap<>();
    private volatile boolean dirty;

    VectorFile(Path file, Embedder embedder) {
      this.file = file;
      this.dimension = embedder.dimension();
      load();
    }

    /** The vectors of {@code queries}: the cached ones, the others from one call of compute. */
    float[][] vectors(List<String> queries, Function<List<String>, float[][]> compute) {
      float[][] out = new float[queries.size()][];
      List<String> missing = new ArrayList<>();
      for (int i = 0; i < out.length; i++) {
        out[i] = vectors.get(queries.get(i));
        if (out[i] == null) {
          missing.add(queries.get(i));
        }
      }
      if (!missing.isEmpty()) {
        float[][] computed = compute.apply(missing);
        for (int m = 0; m < computed.length; m++) {
          vectors.put(missing.get(m), computed[m]);
        }
        dirty = true;
        for (int i = 0; i < out.length; i++) {
          out[i] = vectors.get(queries.get(i));
        }
      }
      return out;
    }

    private void load() {
      if (!Files.isRegularFile(file)) {
        return;
      }
      try (DataInputStream in =
          new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
        int dim = in.readInt();
        int count = in.readInt();
        if (dim != dimension) {
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

    void flush() {
      if (!dirty) {
        return;
      }
      try {
        Files.createDirectories(file.getParent());
        Path temp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try (DataOutputStream out =
            new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16))) {
          out.writeInt(dimension);
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
  }
}
