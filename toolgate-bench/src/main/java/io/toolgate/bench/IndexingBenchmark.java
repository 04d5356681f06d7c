package io.toolgate.bench;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.search.HybridToolSearch;
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
import org.openjdk.jmh.annotations.Warmup;

/** Lexical indexing of a whole catalog at start: one {@code update} of every tool. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx2g"})
public class IndexingBenchmark {
  @Param({"10000"})
  public int tools;

  private List<ToolDefinition> catalog;

  @Setup(Level.Trial)
  public void setUp() {
    catalog = SyntheticCatalog.tools(tools);
  }

  @Benchmark
  public int indexCatalog() {
    try (HybridToolSearch search = HybridToolSearch.builder().build()) {
      search.update(catalog, List.of());
      return search.capabilities().indexedTools();
    }
  }
}
