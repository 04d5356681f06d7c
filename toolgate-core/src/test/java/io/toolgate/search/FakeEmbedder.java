package io.toolgate.search;

import io.toolgate.search.spi.Embedder;
import io.toolgate.search.spi.EmbeddingException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deterministic bag-of-words {@link Embedder} for tests that need vectors but no model.
 *
 * <p>Text is lowercased and split on non-alphanumeric characters; each word is mapped through a
 * synonym table (so tests can express paraphrases) and hashed into one of {@value #DIMENSION}
 * buckets; the counts are L2-normalized. Texts sharing words (or synonyms) are close; texts sharing
 * none are orthogonal unless their words collide in a bucket.
 *
 * <pre>{@code
 * FakeEmbedder embedder = new FakeEmbedder();
 * float[] q = embedder.embedQuery("weather forecast");          // "forecast" counts as "weather"
 * float[][] d = embedder.embedDocuments(List.of("current weather", "send an email"));
 * // dot(q, d[0]) > dot(q, d[1]); embedder.embeddedDocuments() == 2
 * embedder.failWith("model offline");                           // now every call throws
 * }</pre>
 *
 * <p>Default synonyms: forecast, temperature → weather; mail, e-mail → email; find, lookup, look up
 * → search; remove, erase → delete; purchase → buy; repo → repository. A text with no words embeds
 * as the word {@code <empty>}, so every vector is normalized. Thread-safe.
 */
public final class FakeEmbedder implements Embedder {
  /** The length of every vector. */
  public static final int DIMENSION = 64;

  /** The synonyms {@link #FakeEmbedder()} uses: each key counts as its value. */
  public static final Map<String, String> DEFAULT_SYNONYMS =
      Map.of(
          "forecast", "weather",
          "temperature", "weather",
          "mail", "email",
          "find", "search",
          "lookup", "search",
          "remove", "delete",
          "erase", "delete",
          "purchase", "buy",
          "repo", "repository");

  private final Map<String, String> synonyms;
  private final AtomicInteger embeddedDocuments = new AtomicInteger();
  private final AtomicInteger embeddedQueries = new AtomicInteger();
  private final AtomicInteger queryCalls = new AtomicInteger();
  private volatile String failure;
  private volatile String lastQuery;

  /** A fake with {@link #DEFAULT_SYNONYMS}. */
  private volatile List<String> lastDocuments = List.of();

  public FakeEmbedder() {
    this(DEFAULT_SYNONYMS);
  }

  /** A fake where each key of {@code synonyms} (lowercase word) counts as its value. */
  public FakeEmbedder(Map<String, String> synonyms) {
    this.synonyms = Map.copyOf(synonyms);
  }

  @Override
  public String modelId() {
    return "fake-bow-" + DIMENSION;
  }

  @Override
  public int dimension() {
    return DIMENSION;
  }

  /**
   * Embeds each document and adds their number to {@link #embeddedDocuments()}.
   *
   * @throws EmbeddingException after {@link #failWith(String)}
   */
  @Override
  public float[][] embedDocuments(List<String> documents) {
    checkNotFailing();
    float[][] vectors = new float[documents.size()][];
    for (int i = 0; i < vectors.length; i++) {
      vectors[i] = embed(documents.get(i));
    }
    embeddedDocuments.addAndGet(vectors.length);
    lastDocuments = List.copyOf(documents);
    return vectors;
  }

  /** The documents of the last {@link #embedDocuments} call. */
  public List<String> lastDocuments() {
    return lastDocuments;
  }

  /**
   * Embeds the query exactly as a document (the fake has no query instruction).
   *
   * @throws EmbeddingException after {@link #failWith(String)}
   */
  @Override
  public float[] embedQuery(String query) {
    checkNotFailing();
    embeddedQueries.incrementAndGet();
    queryCalls.incrementAndGet();
    lastQuery = query;
    return embed(query);
  }

  /**
   * Embeds the queries in one call, counted once in {@link #queryCalls()} and once a query in
   * {@link #embeddedQueries()}.
   *
   * @throws EmbeddingException after {@link #failWith(String)}
   */
  @Override
  public float[][] embedQueries(List<String> queries) {
    checkNotFailing();
    queryCalls.incrementAndGet();
    embeddedQueries.addAndGet(queries.size());
    float[][] vectors = new float[queries.size()][];
    for (int i = 0; i < vectors.length; i++) {
      vectors[i] = embed(queries.get(i));
      lastQuery = queries.get(i);
    }
    return vectors;
  }

  /** The number of {@link #embedQuery} and {@link #embedQueries} calls so far. */
  public int queryCalls() {
    return queryCalls.get();
  }

  /** The text of the last {@link #embedQuery} call; null before the first. */
  public String lastQuery() {
    return lastQuery;
  }

  /** Makes every later call throw an {@link EmbeddingException} with {@code message}. */
  public void failWith(String message) {
    this.failure = message;
  }

  /** Makes every later call throw (or not), with a generic message. */
  public void setFailing(boolean failing) {
    this.failure = failing ? "fake embedder failure" : null;
  }

  /** The number of documents embedded so far (queries not counted). */
  public int embeddedDocuments() {
    return embeddedDocuments.get();
  }

  /** The number of queries embedded so far. */
  public int embeddedQueries() {
    return embeddedQueries.get();
  }

  /** Sets both counters back to zero. */
  public void resetCounts() {
    embeddedDocuments.set(0);
    embeddedQueries.set(0);
    queryCalls.set(0);
  }

  private void checkNotFailing() {
    String message = failure;
    if (message != null) {
      throw new EmbeddingException(message);
    }
  }

  private float[] embed(String text) {
    float[] vector = new float[DIMENSION];
    String normalized = text.toLowerCase(Locale.ROOT).replace("look up", "lookup");
    normalized = normalized.replace("e-mail", "email");
    boolean any = false;
    for (String word : normalized.split("[^\\p{L}\\p{N}]+")) {
      if (!word.isEmpty()) {
        vector[bucket(synonyms.getOrDefault(word, word))] += 1;
        any = true;
      }
    }
    if (!any) {
      vector[bucket("<empty>")] = 1;
    }
    double norm = 0;
    for (float v : vector) {
      norm += v * v;
    }
    float scale = (float) (1 / Math.sqrt(norm));
    for (int i = 0; i < vector.length; i++) {
      vector[i] *= scale;
    }
    return vector;
  }

  /** MurmurHash3's finalizer: String.hashCode alone puts similar words in nearby buckets. */
  private static int bucket(String word) {
    int h = word.hashCode();
    h ^= h >>> 16;
    h *= 0x85EBCA6B;
    h ^= h >>> 13;
    h *= 0xC2B2AE35;
    h ^= h >>> 16;
    return Math.floorMod(h, DIMENSION);
  }
}
