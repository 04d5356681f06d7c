package io.toolgate.search;

import io.toolgate.search.spi.Embedder;
import io.toolgate.search.spi.EmbeddingException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link FakeEmbedder} that drafts its queries: a draft is the fake's vector of the query with
 * the word "draft" added, so it is close to the exact vector (and normalized) but never equal, and
 * a test can tell which of the two a search scored with.
 *
 * <pre>{@code
 * DraftingEmbedder embedder = new DraftingEmbedder();
 * embedder.draftQueries(List.of("send an email"));   // embedder.draftCalls() == 1
 * embedder.exact.queryCalls();                        // exact calls, counted by the fake
 * embedder.failDrafts(true);                          // now draftQueries throws
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class DraftingEmbedder implements Embedder {
  /** Embeds documents and exact queries, and counts them. */
  public final FakeEmbedder exact = new FakeEmbedder();

  private final FakeEmbedder sketch = new FakeEmbedder();
  private final AtomicInteger draftCalls = new AtomicInteger();
  private final AtomicInteger draftedQueries = new AtomicInteger();
  private volatile boolean failing;

  @Override
  public String modelId() {
    return exact.modelId();
  }

  @Override
  public int dimension() {
    return exact.dimension();
  }

  @Override
  public float[][] embedDocuments(List<String> documents) {
    return exact.embedDocuments(documents);
  }

  @Override
  public float[] embedQuery(String query) {
    return exact.embedQuery(query);
  }

  @Override
  public float[][] embedQueries(List<String> queries) {
    return exact.embedQueries(queries);
  }

  @Override
  public boolean draftsQueries() {
    return true;
  }

  @Override
  public String draftModelId() {
    return modelId() + "-draft";
  }

  /**
   * The drafts of {@code queries} in one call, counted in {@link #draftCalls()}.
   *
   * @throws EmbeddingException after {@link #failDrafts(boolean) failDrafts(true)}
   */
  @Override
  public float[][] draftQueries(List<String> queries) {
    draftCalls.incrementAndGet();
    if (failing) {
      throw new EmbeddingException("draft model failed");
    }
    draftedQueries.addAndGet(queries.size());
    return sketch.embedQueries(queries.stream().map(q -> q + " draft").toList());
  }

  /** Makes every later {@link #draftQueries} call throw (or not). */
  public void failDrafts(boolean fail) {
    failing = fail;
  }

  /** The number of {@link #draftQueries} calls so far, failed ones included. */
  public int draftCalls() {
    return draftCalls.get();
  }

  /** The number of queries drafted so far. */
  public int draftedQueries() {
    return draftedQueries.get();
  }

  /** Sets every counter, the exact fake's included, back to zero. */
  public void resetCounts() {
    exact.resetCounts();
    draftCalls.set(0);
    draftedQueries.set(0);
  }
}
