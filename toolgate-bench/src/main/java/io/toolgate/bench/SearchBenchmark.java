package io.toolgate.bench;

import io.toolgate.search.HybridToolSearch;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import io.toolgate.search.SearchSettings;
import java.time.Duration;
import java.util.List;
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
 * One hybrid search (three lexical channels and two vector channels as configured by default,
 * z-score fusion, limit 5) over a synthetic catalog whose tools have 384-dimension vectors, with
 * the query vector precomputed (the {@link HashEmbedder} costs microseconds): the search's own
 * latency, without model inference. Queries rotate through the 1,330 bfcl_live requests. Sample
 * mode reports p50/p90/p99.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx4g", "--add-modules", "jdk.incubator.vector"})
public class SearchBenchmark {
  @Param({"10000", "100000"})
  public int tools;

  /** Vector channels: 2 like the default configuration (bge-small and MiniLM). */
  @Param({"2"})
  public int embedders;

  /** {@code search.word_pair_weight}: 1 is the default, 0 measures the search without pairs. */
  @Param({"1"})
  public float wordPairWeight;

  /**
   * {@code search.second_embedder_margin}: 0 scores every vector channel on every search (what the
   * figures of BENCHMARKS.md's table measure); 0.15, the default, scores the second only where the
   * first leaves a search unsure (the stand-in embedders make that most searches).
   */
  @Param({"0"})
  public double secondEmbedderMargin;

  private HybridToolSearch search;
  private List<SearchRequest> requests;
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws InterruptedException {
    SearchSettings defaults = SearchSettings.defaults();
    HybridToolSearch.Builder builder =
        HybridToolSearch.builder()
            .settings(
                defaults
                    .withLexical(defaults.lexical().withWordPairWeight(wordPairWeight))
                    .withSecondEmbedderMargin(secondEmbedderMargin));
    for (int i = 0; i < embedders; i++) {
      builder.embedder(new HashEmbedder(384, i));
    }
    search = builder.build();
    search.update(SyntheticCatalog.tools(tools), List.of());
    if (!search.awaitVectors(Duration.ofMinutes(30))) {
      throw new IllegalStateException("vectors not ready");
    }
    requests = SyntheticCatalog.queries().stream().map(SearchRequest::of).toList();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    search.close();
  }

  @Benchmark
  public SearchResponse hybridSearch() {
    SearchRequest request = requests.get(next);
    next = (next + 1) % requests.size();
    return search.search(request);
  }
}
