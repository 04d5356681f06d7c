package io.toolgate.search.eval;

import io.toolgate.search.HybridToolSearch;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchMode;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import io.toolgate.search.SearchSettings;
import io.toolgate.search.spi.Embedder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Measures retrieval quality: indexes a tools file, runs every query, and averages Recall@1/5/10,
 * NDCG@10 and MRR over the queries.
 *
 * <pre>{@code
 * EvalReport report = Evaluator.run(
 *     EvalFiles.readTools(Path.of("bfcl.tools.jsonl")),
 *     EvalFiles.readQueries(Path.of("bfcl.queries.jsonl")),
 *     EvalOptions.of(EvalMode.HYBRID).withEmbedders(List.of(embedder)));
 * System.out.println(report.toJson());
 * }</pre>
 *
 * <p>Metrics, for a query with relevant set R and ranking r₁…r₂₀: Recall@k = |R ∩ {r₁…r_k}| / |R|;
 * NDCG@10 = DCG / IDCG with DCG = Σᵢ₌₁¹⁰ [rᵢ ∈ R] / log₂(i + 1) and IDCG the same for the ideal
 * ranking (min(|R|, 10) relevant tools first); MRR = 1 / rank of the first relevant tool within the
 * top 20, else 0. Each is averaged over queries (macro). The queries with two or more relevant
 * tools are also measured apart ({@link EvalReport.MultiTool}): their Recall@5, NDCG@10 and all@5,
 * the share whose relevant tools are all in the top 5 (a request that needs three tools is served
 * only when the model sees all three).
 */
public final class Evaluator {
  /** How many tools each query retrieves. */
  public static final int DEPTH = SearchRequest.MAX_LIMIT;

  private Evaluator() {}

  /**
   * Runs {@code queries} against a catalog of exactly {@code tools}.
   *
   * @throws IllegalArgumentException when the mode needs an embedder and none is given
   */
  public static EvalReport run(List<EvalTool> tools, List<EvalQuery> queries, EvalOptions options) {
    Run run = new Run(tools, options);
    try {
      return run.measure(queries);
    } finally {
      run.close();
    }
  }

  /** The ranked tool names (data-set names) a query gets, for inspection. */
  public static List<List<String>> rankings(
      List<EvalTool> tools, List<EvalQuery> queries, EvalOptions options) {
    Run run = new Run(tools, options);
    try {
      List<List<String>> out = new ArrayList<>();
      for (EvalQuery q : queries) {
        out.add(run.rank(q.query()));
      }
      return out;
    } finally {
      run.close();
    }
  }

  private static final class Run {
    private final EvalCatalog catalog;
    private final HybridToolSearch search;
    private final SearchMode mode;
    private final List<QueryVectorCache> caches = new ArrayList<>();

    Run(List<EvalTool> tools, EvalOptions options) {
      boolean needsVectors = options.mode() == EvalMode.HYBRID || options.mode() == EvalMode.VECTOR;
      if (options.mode() == EvalMode.VECTOR && options.embedders().isEmpty()) {
        throw new IllegalArgumentException("eval mode vector needs an embedding model");
      }
      this.catalog = new EvalCatalog(tools);
      this.mode =
          switch (options.mode()) {
            case HYBRID -> SearchMode.HYBRID;
            case LEXICAL, BM25 -> SearchMode.LEXICAL;
            case VECTOR -> SearchMode.VECTOR;
          };
      HybridToolSearch.Builder builder = HybridToolSearch.builder().settings(settings(options));
      options.dataDirectory().ifPresent(builder::dataDirectory);
      if (needsVectors) {
        for (int i = 0; i < options.embedders().size(); i++) {
          Embedder e = options.embedders().get(i);
          if (options.dataDirectory().isPresent()) {
            QueryVectorCache cached = new QueryVectorCache(e, options.dataDirectory().get());
            caches.add(cached);
            e = cached;
          }
          if (i < options.documents().size()) {
            builder.embedder(e, options.documents().get(i));
          } else {
            builder.embedder(e);
          }
        }
      }
      this.search = builder.build();
      search.update(catalog.definitions(), List.of());
      try {
        if (!search.awaitVectors(options.vectorTimeout())) {
          throw new IllegalStateException(
              "tool vectors not ready after " + options.vectorTimeout());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while embedding tools", e);
      }
      if (needsVectors && !options.embedders().isEmpty() && !search.capabilities().vectorsReady()) {
        throw new IllegalStateException("tool embedding failed; see the log");
      }
    }

    private static SearchSettings settings(EvalOptions options) {
      // Every query of a set has relevant tools: rank them all, never answer "no match".
      SearchSettings s = options.settings().withMinSimilarity(-1);
      if (options.mode() == EvalMode.BM25) {
        return s.withWeight(SearchSettings.FULL_TEXT, 0)
            .withWeight(SearchSettings.SCHEMA, 0)
            .withWeight(SearchSettings.KEYWORD, 1)
            .withLexical(io.toolgate.search.lexical.LexicalSettings.DEFAULTS);
      }
      if (!options.channels().isEmpty()) {
        // A later embedder's channel falls back to the `vector` weight: pin it before that is
        // turned off, so `vector:<model>` alone is measurable.
        for (Embedder e :
            options
                .embedders()
                .subList(Math.min(1, options.embedders().size()), options.embedders().size())) {
          String channel = SearchSettings.VECTOR + ":" + e.modelId();
          s = s.withWeight(channel, options.channels().contains(channel) ? s.weight(channel) : 0);
        }
        for (String channel :
            List.of(
                SearchSettings.FULL_TEXT,
                SearchSettings.KEYWORD,
                SearchSettings.SCHEMA,
                SearchSettings.VECTOR)) {
          if (!options.channels().contains(channel)) {
            s = s.withWeight(channel, 0);
          }
        }
        for (String channel : s.weights().keySet()) {
          if (channel.startsWith(SearchSettings.VECTOR + ":")
              && !options.channels().contains(channel)) {
            s = s.withWeight(channel, 0);
          }
        }
      }
      return s;
    }

    List<String> rank(String query) {
      SearchResponse response =
          search.search(SearchRequest.of(query).withLimit(DEPTH).withMode(mode));
      List<String> names = new ArrayList<>(response.tools().size());
      for (SearchHit hit : response.tools()) {
        names.add(catalog.original(hit.tool().name()));
      }
      return names;
    }

    EvalReport measure(List<EvalQuery> queries) {
      Sums all = new Sums();
      Sums multi = new Sums();
      for (EvalQuery q : queries) {
        List<String> ranked = rank(q.query());
        Set<String> relevant = new HashSet<>(q.relevant());
        all.add(ranked, relevant);
        if (relevant.size() >= 2) {
          multi.add(ranked, relevant);
        }
      }
      int n = Math.max(1, all.count);
      int m = Math.max(1, multi.count);
      return new EvalReport(
          all.count,
          all.r1 / n,
          all.r5 / n,
          all.r10 / n,
          all.ndcg / n,
          all.mrr / n,
          new EvalReport.MultiTool(multi.count, multi.r5 / m, multi.complete5 / m, multi.ndcg / m));
    }

    void close() {
      caches.forEach(QueryVectorCache::flush);
      search.close();
    }
  }

  /** Running sums of the per-query metrics. */
  private static final class Sums {
    int count;
    double r1;
    double r5;
    double r10;
    double ndcg;
    double mrr;
    double complete5;

    void add(List<String> ranked, Set<String> relevant) {
      count++;
      r1 += recall(ranked, relevant, 1);
      r5 += recall(ranked, relevant, 5);
      r10 += recall(ranked, relevant, 10);
      ndcg += ndcg(ranked, relevant, 10);
      mrr += reciprocalRank(ranked, relevant);
      complete5 += allFound(ranked, relevant, 5) ? 1 : 0;
    }
  }

  /** Whether the top {@code k} hold every relevant tool (or only relevant ones, when more). */
  static boolean allFound(List<String> ranked, Set<String> relevant, int k) {
    int found = 0;
    for (int i = 0; i < Math.min(k, ranked.size()); i++) {
      found += relevant.contains(ranked.get(i)) ? 1 : 0;
    }
    return found == Math.min(k, relevant.size());
  }

  static double recall(List<String> ranked, Set<String> relevant, int k) {
    int found = 0;
    for (int i = 0; i < Math.min(k, ranked.size()); i++) {
      found += relevant.contains(ranked.get(i)) ? 1 : 0;
    }
    return (double) found / relevant.size();
  }

  static double ndcg(List<String> ranked, Set<String> relevant, int k) {
    double dcg = 0;
    for (int i = 0; i < Math.min(k, ranked.size()); i++) {
      if (relevant.contains(ranked.get(i))) {
        dcg += 1 / log2(i + 2);
      }
    }
    double ideal = 0;
    for (int i = 0; i < Math.min(k, relevant.size()); i++) {
      ideal += 1 / log2(i + 2);
    }
    return dcg / ideal;
  }

  static double reciprocalRank(List<String> ranked, Set<String> relevant) {
    for (int i = 0; i < ranked.size(); i++) {
      if (relevant.contains(ranked.get(i))) {
        return 1.0 / (i + 1);
      }
    }
    return 0;
  }

  private static double log2(double x) {
    return Math.log(x) / Math.log(2);
  }
}
