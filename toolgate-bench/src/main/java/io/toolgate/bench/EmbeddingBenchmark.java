package io.toolgate.bench;

import io.toolgate.search.embed.Embedders;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.vector.DocumentStyle;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The real models: query embedding latency (sample mode, p50) and tool embedding throughput (tools
 * per second, 256 tool documents of the dev sets per call, as the background worker batches them),
 * each model on the document style the default configuration gives it.
 */
@State(Scope.Benchmark)
@Fork(
    value = 1,
    jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules", "jdk.incubator.vector"})
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
public class EmbeddingBenchmark {
  private static final int DOCUMENTS = 256;

  @Param({"bge-small-en-v1.5", "all-minilm-l6-v2", "all-minilm-l6-v2-q"})
  public String model;

  /** ONNX Runtime intra-op threads (the default configuration gives each of its two models 1). */
  @Param({"1", "2"})
  public int threads;

  private Embedder embedder;
  private List<String> queries;
  private List<String> documents;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    embedder = Embedders.create("local:" + model, java.util.Map.of("threads", threads));
    queries = SyntheticCatalog.queries();
    documents =
        SyntheticCatalog.tools(DOCUMENTS * 8).stream()
            .skip(DOCUMENTS * 3L)
            .limit(DOCUMENTS)
            .map(defaultDocument(model)::document)
            .toList();
  }

  /** The document style {@code toolgate.yaml} without {@code embeddings:} gives {@code model}. */
  static DocumentStyle defaultDocument(String model) {
    return io.toolgate.config.ToolgateConfig.defaults(name -> null).embeddings().stream()
        .filter(e -> e.from().equals("local:" + model))
        .findFirst()
        .flatMap(io.toolgate.config.EmbeddingConfig::document)
        .orElse(DocumentStyle.PLAIN);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    embedder.close();
  }

  @Benchmark
  @BenchmarkMode(Mode.SampleTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  public float[] queryEmbedding() {
    String q = queries.get(next);
    next = (next + 1) % queries.size();
    return embedder.embedQuery(q);
  }

  @Benchmark
  @BenchmarkMode(Mode.Throughput)
  @OutputTimeUnit(TimeUnit.SECONDS)
  @OperationsPerInvocation(DOCUMENTS)
  public float[][] toolEmbedding() {
    return embedder.embedDocuments(documents);
  }
}
