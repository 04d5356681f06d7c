package io.toolgate.bench;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.search.HybridToolSearch;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Heap held by a search over N tools with 384-dimension vectors (model excluded): used heap after
 * full GCs with the search built, minus used heap with only the tool definitions loaded.
 *
 * <pre>
 * java -cp toolgate-bench/target/benchmarks.jar io.toolgate.bench.HeapFootprint [tools] [embedders]
 * </pre>
 */
public final class HeapFootprint {
  private HeapFootprint() {}

  public static void main(String[] args) throws Exception {
    int size = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
    int embedders = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    List<ToolDefinition> tools = SyntheticCatalog.tools(size);
    long definitionsOnly = usedAfterGc();
    HybridToolSearch.Builder builder = HybridToolSearch.builder();
    for (int i = 0; i < embedders; i++) {
      builder.embedder(new HashEmbedder(384, i));
    }
    HybridToolSearch search = builder.build();
    search.update(tools, List.of());
    search.awaitVectors(Duration.ofMinutes(10));
    long withSearch = usedAfterGc();
    System.out.printf(
        Locale.ROOT,
        "tools %,d  embedders %d  definitions %.1f MB  search index + vectors %.1f MB  total %.1f MB%n",
        size,
        embedders,
        definitionsOnly / 1e6,
        (withSearch - definitionsOnly) / 1e6,
        withSearch / 1e6);
    System.out.println(search.capabilities().indexedTools() + " " + tools.size());
  }

  private static long usedAfterGc() throws InterruptedException {
    Runtime rt = Runtime.getRuntime();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      System.gc();
      Thread.sleep(200);
      used = Math.min(used, rt.totalMemory() - rt.freeMemory());
    }
    return used;
  }
}
