package io.toolgate.bench;

import io.toolgate.search.embed.Embedders;
import io.toolgate.search.spi.Embedder;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
 * What a default hybrid search pays before it searches: the query embedded by both default models,
 * one after the other or at the same time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules", "jdk.incubator.vector"})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
public class QueryEmbeddingBenchmark {
  /** ONNX Runtime intra-op threads of each model (the default is one per core). */
  @Param({"1", "2"})
  public int threads;

  private Embedder bge;
  private Embedder minilm;
  private List<String> queries;
  private ExecutorService pool;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    bge = Embedders.create("local:bge-small-en-v1.5", java.util.Map.of("threads", threads));
    minilm = Embedders.create("local:all-minilm-l6-v2", java.util.Map.of("threads", threads));
    queries = SyntheticCatalog.queries();
    pool = Executors.newVirtualThreadPerTaskExecutor();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    pool.close();
    bge.close();
    minilm.close();
  }

  private String query() {
    String q = queries.get(next);
    next = (next + 1) % queries.size();
    return q;
  }

  @Benchmark
  public float[][] sequential() {
    String q = query();
    return new float[][] {bge.embedQuery(q), minilm.embedQuery(q)};
  }

  @Benchmark
  public float[][] parallel() {
    String q = query();
    CompletableFuture<float[]> second =
        CompletableFuture.supplyAsync(() -> minilm.embedQuery(q), pool);
    return new float[][] {bge.embedQuery(q), second.join()};
  }
}
