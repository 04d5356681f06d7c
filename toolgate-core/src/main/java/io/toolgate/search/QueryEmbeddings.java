package io.toolgate.search;

import io.toolgate.search.vector.ToolVectors;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Embeds a search's texts (the request, and its clauses when it asks for several things) with a
 * range of the usable embedders (the first alone, then the rest when the search's gate asks for
 * them), remembering recent query vectors per embedder ({@link QueryVectorLru}). With {@code
 * search.compact_query_embedding} the embedders see each text {@linkplain QueryEmbeddingText
 * compacted}, and the cache is keyed by that text, so requests that differ only in phrasing share a
 * vector.
 *
 * <p>With more than one embedder in the range, the later ones run on virtual threads while the
 * first runs on the caller: two models on two cores took 7.2 ms at the median together against 13.5
 * ms one after the other (QueryEmbeddingBenchmark).
 *
 * <p>An embedder that {@linkplain io.toolgate.search.spi.Embedder#draftsQueries() drafts} its
 * queries gives a gated search its first look cheaply ({@link #draft}); drafts have an LRU of their
 * own per embedder, keyed like the exact vectors by the compacted text, so a draft never stands in
 * for an exact vector or the other way round. Thread-safe.
 */
final class QueryEmbeddings {
  private static final Logger LOG = LoggerFactory.getLogger(QueryEmbeddings.class);
  private static final Executor QUERY_EMBEDDING =
      task -> Thread.ofVirtual().name("toolgate-query-embed").start(task);

  private final List<ToolVectors> vectors;
  private final List<QueryVectorLru> caches;
  private final List<QueryVectorLru> draftCaches;
  private final boolean compact;
  private final boolean drafts;

  /**
   * @param cacheSize query vectors remembered per embedder, and as many drafts
   * @param compact whether the embedders see {@linkplain QueryEmbeddingText compacted} texts
   * @param drafts whether {@link #drafts} may say yes ({@code search.draft_queries})
   */
  QueryEmbeddings(List<ToolVectors> vectors, int cacheSize, boolean compact, boolean drafts) {
    this.vectors = List.copyOf(vectors);
    this.compact = compact;
    this.drafts = drafts;
    this.caches = lrus(vectors.size(), cacheSize);
    this.draftCaches = lrus(vectors.size(), cacheSize);
  }

  private static List<QueryVectorLru> lrus(int count, int capacity) {
    List<QueryVectorLru> c = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      c.add(new QueryVectorLru(capacity));
    }
    return List.copyOf(c);
  }

  /** How many embedders there are. */
  int size() {
    return vectors.size();
  }

  /**
   * Which embedders a request uses: all, or the one {@link SearchRequest#embedder()} names (by its
   * {@code embeddings:} name, one of {@code embedderNames} in embedder order, or its model id).
   *
   * @throws InvalidSearchException when no embedder has that name
   */
  boolean[] using(SearchRequest request, List<String> embedderNames) {
    boolean[] using = new boolean[vectors.size()];
    if (request.embedder().isEmpty()) {
      Arrays.fill(using, true);
      return using;
    }
    String wanted = request.embedder().get();
    for (int i = 0; i < vectors.size(); i++) {
      using[i] =
          embedderNames.get(i).equals(wanted) || vectors.get(i).embedder().modelId().equals(wanted);
    }
    for (boolean u : using) {
      if (u) {
        return using;
      }
    }
    throw new InvalidSearchException(
        "embedding model '"
            + wanted
            + "' is not one this search uses; "
            + (embedderNames.isEmpty()
                ? "it has none (configure embeddings:)"
                : "it uses " + String.join(", ", embedderNames)));
  }

  /**
   * What the embedders see of a search's texts: each {@linkplain QueryEmbeddingText compacted} with
   * {@code search.compact_query_embedding}, else the texts themselves. Computed once a search, for
   * every {@link #embed} of it.
   */
  List<String> inputs(List<String> searchTexts) {
    return compact ? searchTexts.stream().map(QueryEmbeddingText::compact).toList() : searchTexts;
  }

  /**
   * A search's query vectors before its gate.
   *
   * @param vectors {@code vectors[e][t]}, as {@link #embed} returns them
   * @param draft the embedder whose row holds drafts, or {@link ScoredQuery#NO_DRAFT}
   */
  record Look(float[][][] vectors, int draft) {
    /**
     * The first embedder a second look embeds exactly: the gate's {@code first} itself when its
     * vectors were drafts, else the one after it.
     */
    int secondLookFrom(int first) {
      return draft == first ? first : first + 1;
    }
  }

  /**
   * The vectors of a search's first look at {@code texts} (from {@link #inputs}): the drafts of the
   * plan's first embedder when the search is gated and {@link #drafts} says yes, else (or when the
   * drafts fail) the exact vectors of the embedders the plan runs before the gate. A search whose
   * gate finds drafts unsure looks again with exact vectors ({@link Look#secondLookFrom}).
   */
  Look firstLook(List<String> texts, EmbedderGate.Plan plan, int embedders, boolean[] using) {
    int first = plan.first();
    if (plan.gated() && drafts(first, using)) {
      Optional<float[][][]> drafted = draft(texts, first);
      if (drafted.isPresent()) {
        return new Look(drafted.get(), first);
      }
    }
    return new Look(embed(texts, 0, plan.firstRunEnd(embedders), using), ScoredQuery.NO_DRAFT);
  }

  /**
   * The exact vectors of a second look at {@code texts}, from embedder {@code from} ({@code look}'s
   * {@link Look#secondLookFrom}) up to {@code to}. A drafted embedder (selected and usable, or it
   * would not have drafted) embeds exactly first, then the later ones run: one after the other, not
   * side by side, since both are CPU-bound on the same cores (side by side, two query sessions of
   * two threads each on two cores, the median unsure search took 19–20 ms instead of 14–16).
   */
  float[][][] secondLook(List<String> texts, Look look, int from, int to, boolean[] using) {
    if (look.draft() != from) {
      return embed(texts, from, to, using);
    }
    float[][] exact = embedAll(from, texts);
    float[][][] out = embed(texts, from + 1, to, using);
    out[from] = exact;
    return out;
  }

  /**
   * The vectors of {@code texts} (from {@link #inputs}) from embedders {@code from} (inclusive) to
   * {@code to} (exclusive) that {@code using} selects: {@code result[e][t]} is text {@code t}'s
   * vector from embedder {@code e}, or null when that embedder is outside the range, not selected,
   * not usable, or failed (logged).
   */
  float[][][] embed(List<String> texts, int from, int to, boolean[] using) {
    List<CompletableFuture<float[][]>> later = new ArrayList<>();
    for (int i = from + 1; i < to; i++) {
      int e = i;
      later.add(
          using[e]
              ? CompletableFuture.supplyAsync(() -> embedAll(e, texts), QUERY_EMBEDDING)
              : CompletableFuture.completedFuture(new float[texts.size()][]));
    }
    float[][][] out = empty(texts.size());
    if (from < to && using[from]) {
      out[from] = embedAll(from, texts);
    }
    for (int i = from + 1; i < to; i++) {
      out[i] = later.get(i - from - 1).join();
    }
    return out;
  }

  /**
   * Whether embedder {@code e} can take a search's first look through its drafts: drafts are on
   * ({@code search.draft_queries}), the request uses it, its tool vectors are ready, and it {@link
   * io.toolgate.search.spi.Embedder#draftsQueries() drafts queries}.
   */
  private boolean drafts(int e, boolean[] using) {
    return drafts
        && e < vectors.size()
        && using[e]
        && vectors.get(e).usable()
        && vectors.get(e).embedder().draftsQueries();
  }

  /**
   * Embedder {@code e}'s drafts of {@code texts} (from {@link #inputs}), in the shape {@link
   * #embed} returns (only row {@code e} filled), the cached ones and the rest in one {@link
   * io.toolgate.search.spi.Embedder#draftQueries} call; empty when drafting fails (logged), so that
   * the search embeds exactly instead.
   */
  private Optional<float[][][]> draft(List<String> texts, int e) {
    ToolVectors v = vectors.get(e);
    try {
      float[][][] out = empty(texts.size());
      out[e] = cachedOrComputed(draftCaches.get(e), texts, v.embedder()::draftQueries);
      return Optional.of(out);
    } catch (RuntimeException ex) {
      LOG.warn(
          "query draft with {} failed, embedding the query exactly: {}",
          v.embedder().draftModelId(),
          ex.toString());
      return Optional.empty();
    }
  }

  /**
   * The vectors of {@code texts} from embedder {@code e}: the cached ones, and the rest in one
   * {@link io.toolgate.search.spi.Embedder#embedQueries} call; all null when the embedder is not
   * usable or fails (logged).
   */
  private float[][] embedAll(int e, List<String> texts) {
    ToolVectors v = vectors.get(e);
    if (!v.usable()) {
      return new float[texts.size()][];
    }
    try {
      return cachedOrComputed(
          caches.get(e),
          texts,
          queries ->
              queries.size() == 1
                  ? new float[][] {v.embedder().embedQuery(queries.getFirst())}
                  : v.embedder().embedQueries(queries));
    } catch (RuntimeException ex) {
      LOG.warn(
          "query embedding with {} failed, searching lexically: {}",
          v.embedder().modelId(),
          ex.toString());
      return new float[texts.size()][];
    }
  }

  /**
   * The vectors of {@code texts}: those {@code cache} holds, and the others from one call of {@code
   * compute}, which are then cached.
   *
   * @throws RuntimeException what {@code compute} throws
   */
  private static float[][] cachedOrComputed(
      QueryVectorLru cache, List<String> texts, Function<List<String>, float[][]> compute) {
    float[][] out = new float[texts.size()][];
    List<Integer> missing = new ArrayList<>();
    for (int t = 0; t < out.length; t++) {
      Optional<float[]> cached = cache.get(texts.get(t));
      if (cached.isPresent()) {
        out[t] = cached.get();
      } else {
        missing.add(t);
      }
    }
    if (missing.isEmpty()) {
      return out;
    }
    List<String> queries = missing.stream().map(texts::get).toList();
    float[][] computed = compute.apply(queries);
    for (int i = 0; i < computed.length; i++) {
      out[missing.get(i)] = computed[i];
      cache.put(queries.get(i), computed[i]);
    }
    return out;
  }

  /** A result of {@link #embed} with no vector at all. */
  private float[][][] empty(int texts) {
    float[][][] out = new float[vectors.size()][][];
    for (int e = 0; e < out.length; e++) {
      out[e] = new float[texts][];
    }
    return out;
  }
}
