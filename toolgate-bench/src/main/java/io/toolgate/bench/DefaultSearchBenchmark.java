package io.toolgate.bench;

import io.toolgate.config.EmbeddingConfig;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.search.HybridToolSearch;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import io.toolgate.search.SearchSettings;
import io.toolgate.search.eval.EvalCatalog;
import io.toolgate.search.eval.EvalQuery;
import io.toolgate.search.spi.Embedder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a user waits for: a default hybrid search of the bfcl catalog (1,853 tools) with the
 * product's default embedders and settings, query embedding included. The query rotates through the
 * 1,330 bfcl_live requests and the query-vector cache is off, so every search embeds its query (the
 * cache-miss path).
 *
 * <pre>
 * java -jar toolgate-bench/target/benchmarks.jar DefaultSearchBenchmark -p cache=/tmp/vectors
 * </pre>
 *
 * <p>{@code cache} is a data directory for the tool vectors ({@code vectors-<model>.bin}); the
 * first run embeds the catalog (minutes), later runs read it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules", "jdk.incubator.vector"})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
public class DefaultSearchBenchmark {
  /** Where tool vectors are cached between runs. */
  @Param({"target/bench-vectors"})
  public String cache;

  /** {@code search.clause_weight}: 0.5 is the default, 0 measures the search without clauses. */
  @Param({"0.5"})
  public double clauseWeight;

  /**
   * {@code search.second_embedder_margin}: 0.1 is the default (all-MiniLM-L6-v2's draft on every
   * query, its exact vectors and bge-small-en-v1.5 only where the search is unsure); 0 measures
   * both models on every query.
   */
  @Param({"0.1"})
  public double secondEmbedderMargin;

  /**
   * {@code search.compact_query_embedding}: true is the default (the embedders see the request
   * without filler words); false embeds it word for word.
   */
  @Param({"true"})
  public boolean compactQueryEmbedding;

  /** {@code query_threads} of each embedder: 0 keeps the defaults' (2). */
  @Param({"0"})
  public int queryThreads;

  /**
   * {@code query_drafts} of each local embedder: true is the default (all-MiniLM-L6-v2 looks at a
   * query through its first 3 layers first); false embeds every query exactly.
   */
  @Param({"true"})
  public boolean queryDrafts;

  private final List<Embedder> embedders = new ArrayList<>();
  private HybridToolSearch search;
  private List<String> queries;
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws InterruptedException {
    SearchSettings settings =
        SearchSettings.defaults()
            .withQueryCacheSize(0)
            .withClauseWeight(clauseWeight)
            .withSecondEmbedderMargin(secondEmbedderMargin)
            .withCompactQueryEmbedding(compactQueryEmbedding);
    HybridToolSearch.Builder builder =
        HybridToolSearch.builder().settings(settings).dataDirectory(Path.of(cache));
    for (EmbeddingConfig c : ToolgateConfig.defaults().embeddings()) {
      Map<String, Object> options = new HashMap<>(c.options());
      if (queryThreads > 0) {
        options.put("query_threads", queryThreads);
      }
      options.put("query_drafts", queryDrafts);
      EmbeddingConfig e = new EmbeddingConfig(c.name(), c.from(), options);
      Embedder embedder = e.createEmbedder();
      embedders.add(embedder);
      e.document()
          .ifPresentOrElse(d -> builder.embedder(embedder, d), () -> builder.embedder(embedder));
    }
    search = builder.build();
    search.update(new EvalCatalog(DevSets.tools("bfcl")).definitions(), List.of());
    if (!search.awaitVectors(Duration.ofHours(1))) {
      throw new IllegalStateException("tool vectors not ready");
    }
    queries = DevSets.queries("bfcl_live").stream().map(EvalQuery::query).toList();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    search.close();
    embedders.forEach(Embedder::close);
  }

  @Benchmark
  public SearchResponse search() {
    String q = queries.get(next);
    next = (next + 1) % queries.size();
    return search.search(SearchRequest.of(q));
  }
}
