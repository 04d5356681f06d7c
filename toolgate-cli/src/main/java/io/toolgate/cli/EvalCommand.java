package io.toolgate.cli;

import io.toolgate.config.EmbeddingConfig;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.search.SearchSettings;
import io.toolgate.search.eval.EvalFiles;
import io.toolgate.search.eval.EvalMode;
import io.toolgate.search.eval.EvalOptions;
import io.toolgate.search.eval.EvalQuery;
import io.toolgate.search.eval.EvalReport;
import io.toolgate.search.eval.EvalTool;
import io.toolgate.search.eval.Evaluator;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.vector.DocumentStyle;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code toolgate eval}: retrieval quality on a tools + queries set. */
@Command(
    name = "eval",
    mixinStandardHelpOptions = true,
    description = {
      "Measure retrieval quality: Recall@1/5/10, NDCG@10 and MRR, macro-averaged over queries.",
      "Files are JSON lines: tools {name, description, parameters}; queries {query, relevant}.",
      "Tool and query vectors are cached per retrieval set in a cache folder of their own,",
      "<data-dir>/eval-cache/<set>/ (set: the tools file's name), never beside the gateway's",
      "own vector cache; --cache-dir chooses another folder, --no-cache writes none."
    },
    footer = {
      "",
      "Examples:",
      "  toolgate eval --tools bfcl.tools.jsonl --queries bfcl.queries.jsonl",
      "  toolgate eval --tools t.jsonl --queries q.jsonl --mode bm25 --json",
      "  toolgate eval --tools t.jsonl --queries q.jsonl --cache-dir /tmp/eval-cache"
    })
final class EvalCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Option(names = "--tools", required = true, paramLabel = "FILE", description = "Tools (JSONL).")
  Path tools;

  @Option(
      names = "--queries",
      required = true,
      paramLabel = "FILE",
      description = "Queries with their relevant tools (JSONL).")
  Path queries;

  @Option(
      names = "--mode",
      paramLabel = "MODE",
      defaultValue = "hybrid",
      description = "hybrid, lexical, vector or bm25 (default ${DEFAULT-VALUE}).")
  String mode;

  @Option(names = "--json", description = "Print one JSON object.")
  boolean json;

  @Option(
      names = "--cache-dir",
      paramLabel = "DIR",
      description =
          "Cache tool and query vectors in DIR/<set>/ (default: <data-dir>/eval-cache/<set>/).")
  Path cacheDir;

  @Option(names = "--no-cache", description = "Embed everything anew and write no cache.")
  boolean noCache;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    EvalMode evalMode = EvalMode.parse(mode);
    ToolgateConfig config = global.config();
    List<EvalTool> toolList = EvalFiles.readTools(tools);
    List<EvalQuery> queryList = EvalFiles.readQueries(queries);
    err.printf("eval: %d tools, %d queries, mode %s%n", toolList.size(), queryList.size(), mode);
    err.flush();
    List<Embedder> embedders = new ArrayList<>();
    List<DocumentStyle> documents = new ArrayList<>();
    SearchSettings settings = SearchSettings.fromConfig(config.search().raw());
    try {
      Path dataDir = config.dataDir(global.dataDir());
      if (evalMode == EvalMode.HYBRID || evalMode == EvalMode.VECTOR) {
        Gateway.prepareLocalModels(config.embeddings(), dataDir);
        for (EmbeddingConfig e : config.embeddings()) {
          embedders.add(e.createEmbedder());
          documents.add(e.document().orElse(settings.documentStyle()));
        }
      }
      EvalOptions options =
          EvalOptions.of(evalMode)
              .withSettings(settings)
              .withEmbedders(embedders)
              .withDocuments(documents);
      if (!noCache) {
        options = options.withDataDirectory(cacheFolder(dataDir));
      }
      EvalReport report = Evaluator.run(toolList, queryList, options);
      out.println(json ? report.toJson() : report.toText());
      out.flush();
      return 0;
    } finally {
      embedders.forEach(Embedder::close);
    }
  }

  /**
   * Where this set's vectors are cached: {@code <cache>/<set>/}, the set named by the tools file
   * ({@code bfcl.tools.jsonl} is {@code bfcl}), so that sets and the gateway's own cache never
   * overwrite each other's files.
   */
  Path cacheFolder(Path dataDir) {
    Path root = cacheDir != null ? cacheDir : dataDir.resolve("eval-cache");
    String set = tools.getFileName().toString().replaceFirst("(\\.tools)?\\.jsonl?$", "");
    return root.resolve(set.replaceAll("[^A-Za-z0-9_.-]", "_")).toAbsolutePath().normalize();
  }
}
