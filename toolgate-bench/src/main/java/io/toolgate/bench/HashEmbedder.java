package io.toolgate.bench;

import io.toolgate.search.spi.Embedder;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A stand-in embedder for latency and memory benchmarks: each text maps to a pseudo-random unit
 * vector of {@code dimension} floats seeded by its hash, in microseconds. Search cost does not
 * depend on what the vectors mean, and this lets a benchmark index 100,000 tools without an hour of
 * model inference; the query vector is "precomputed" in the sense that it costs nothing.
 */
final class HashEmbedder implements Embedder {
  private final int dimension;
  private final int variant;

  HashEmbedder(int dimension) {
    this(dimension, 0);
  }

  /** Another model of the same size: other vectors, another id ({@code hash-384-v1}). */
  HashEmbedder(int dimension, int variant) {
    this.dimension = dimension;
    this.variant = variant;
  }

  @Override
  public String modelId() {
    return variant == 0 ? "hash-" + dimension : "hash-" + dimension + "-v" + variant;
  }

  @Override
  public int dimension() {
    return dimension;
  }

  @Override
  public float[][] embedDocuments(List<String> documents) {
    float[][] out = new float[documents.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = vector(documents.get(i));
    }
    return out;
  }

  @Override
  public float[] embedQuery(String query) {
    return vector(query);
  }

  private float[] vector(String text) {
    SplittableRandom random = new SplittableRandom(text.hashCode() * 31L + variant);
    float[] v = new float[dimension];
    double norm = 0;
    for (int i = 0; i < dimension; i++) {
      v[i] = (float) random.nextGaussian();
      norm += v[i] * v[i];
    }
    float scale = (float) (1 / Math.sqrt(norm));
    for (int i = 0; i < dimension; i++) {
      v[i] *= scale;
    }
    return v;
  }
}
