package io.toolgate.bench;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.config.EmbeddingConfig;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.search.HybridToolSearch;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.vector.DocumentStyle;
import java.time.Duration;
import java.util.ArrayList;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a first start costs: a search with the default {@code embeddings:} (every model, each with
 * its document style and options) computes the vectors of a 256-tool catalog from nothing (no
 * cache), as the background workers do at start-up. Reports catalog tools a second with every
 * model's vector, the figure that decides how long a new catalog searches lexically only.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "--add-modules", "jdk.incubator.vector"})
@Warmup(iterations = 1, time = 10)
@Measurement(iterations = 3, time = 20)
public class CatalogEmbeddingBenchmark {
  private static final int TOOLS = 256;

  private final List<Embedder> embedders = new ArrayList<>();
  private final List<DocumentStyle> documents = new ArrayList<>();
  private List<ToolDefinition> tools;

  @Setup(Level.Trial)
  public void setUp() {
    for (EmbeddingConfig e : ToolgateConfig.defaults(name -> null).embeddings()) {
      embedders.add(e.createEmbedder());
      documents.add(e.document().orElse(DocumentStyle.PLAIN));
    }
    tools = SyntheticCatalog.tools(TOOLS * 8).stream().skip(TOOLS * 3L).limit(TOOLS).toList();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    embedders.forEach(Embedder::close);
  }

  @Benchmark
  @OperationsPerInvocation(TOOLS)
  public int defaultEmbeddings() throws InterruptedException {
    HybridToolSearch.Builder builder = HybridToolSearch.builder();
    for (int i = 0; i < embedders.size(); i++) {
      builder.embedder(embedders.get(i), documents.get(i));
    }
    try (HybridToolSearch search = builder.build()) {
      search.update(tools, List.of());
      if (!search.awaitVectors(Duration.ofMinutes(10)) || !search.capabilities().vectorsReady()) {
        throw new IllegalStateException("vectors not ready in 10 minutes");
      }
      return search.capabilities().indexedTools();
    }
  }
}
