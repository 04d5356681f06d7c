package io.toolgate.bench;

import io.toolgate.search.SearchSettings;
import io.toolgate.search.embed.Embedders;
import io.toolgate.search.eval.EvalMode;
import io.toolgate.search.eval.EvalOptions;
import io.toolgate.search.eval.EvalQuery;
import io.toolgate.search.eval.EvalReport;
import io.toolgate.search.eval.EvalTool;
import io.toolgate.search.eval.Evaluator;
import io.toolgate.search.fusion.FusionMethod;
import io.toolgate.search.lexical.LexicalSettings;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.vector.DocumentStyle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Measures retrieval quality on the bundled dev sets, one configuration per run.
 *
 * <pre>
 * java -cp toolgate-bench/target/benchmarks.jar io.toolgate.bench.RetrievalQuality \
 *     --mode hybrid --embedders bge-small-en-v1.5,all-minilm-l6-v2 [--sets bfcl,sealtools]
 *     [--channels full_text,keyword] [--fusion zscore|rrf] [--rrf-k 60] [--pivot 25]
 *     [--weights full_text=1,keyword=1,schema=0.1,vector=1] [--b 0.75] [--k1 1.2]
 *     [--document plain|json] [--documents json,plain (one per embedder)] [--cache target/eval-cache] [--threads 1] [--max-tokens N]
 *     [--exact-vector-limit 5000 (0: screen by sign bits always)]
 *     [--clause-weight W (multi-intent requests; 0 = off)] [--family-weight W (0 = off)]
 *     [--second-margin M (second embedder only when the top two are closer; 0 = always)]
 *     [--word-pairs W (adjacent word pairs in full_text; 0 = off)]
 *     [--first-sentence-in-name true|false]
 *     [--label NAME]
 * </pre>
 *
 * <p>Prints one line per set: {@code label set NDCG@10 R@5 R@1 R@10 MRR}, then all@5, R@5 and
 * NDCG@10 of the queries with 2+ relevant tools (percent). Tool and query vectors are cached under
 * {@code --cache}/{@code <set>}, so a second run with the same embedders takes seconds.
 */
public final class RetrievalQuality {
  /** The product's default embedders (toolgate.yaml without embeddings:) and their documents. */
  private static final String DEFAULT_EMBEDDERS = "all-minilm-l6-v2,bge-small-en-v1.5";

  private static final String DEFAULT_DOCUMENTS = "plain,json";

  private RetrievalQuality() {}

  /** {@code threads} (1 unless given) and {@code max_tokens} (the model's default unless given). */
  private static Map<String, Object> embedderOptions(Map<String, String> opts) {
    Map<String, Object> options = new java.util.HashMap<>();
    options.put("threads", Integer.parseInt(opts.getOrDefault("threads", "1")));
    if (opts.containsKey("max-tokens")) {
      options.put("max_tokens", Integer.parseInt(opts.get("max-tokens")));
    }
    return options;
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> opts = new java.util.HashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      opts.put(args[i].replaceFirst("^--", ""), args[i + 1]);
    }
    EvalMode mode = EvalMode.parse(opts.getOrDefault("mode", "hybrid"));
    SearchSettings settings = SearchSettings.defaults();
    if (opts.containsKey("fusion")) {
      settings = settings.withFusion(FusionMethod.parse(opts.get("fusion")));
    }
    if (opts.containsKey("rrf-k")) {
      settings = settings.withRrfK(Integer.parseInt(opts.get("rrf-k")));
    }
    if (opts.containsKey("pivot")) {
      settings = settings.withLengthPivot(Double.parseDouble(opts.get("pivot")));
    }
    if (opts.containsKey("exact-vector-limit")) {
      settings = settings.withExactVectorLimit(Integer.parseInt(opts.get("exact-vector-limit")));
    }
    if (opts.containsKey("clause-weight")) {
      settings = settings.withClauseWeight(Double.parseDouble(opts.get("clause-weight")));
    }
    if (opts.containsKey("family-weight")) {
      settings = settings.withFamilyWeight(Double.parseDouble(opts.get("family-weight")));
    }
    if (opts.containsKey("second-margin")) {
      settings = settings.withSecondEmbedderMargin(Double.parseDouble(opts.get("second-margin")));
    }
    if (opts.containsKey("document")) {
      settings = settings.withDocumentStyle(DocumentStyle.parse(opts.get("document")));
    }
    if (opts.containsKey("weights")) {
      for (String kv : opts.get("weights").split(",")) {
        String[] p = kv.split("=");
        settings = settings.withWeight(p[0], Double.parseDouble(p[1]));
      }
    }
    LexicalSettings lex = settings.lexical();
    lex =
        lex.withBoosts(
                Float.parseFloat(opts.getOrDefault("name-boost", "" + lex.nameBoost())),
                Float.parseFloat(
                    opts.getOrDefault("description-boost", "" + lex.descriptionBoost())),
                Float.parseFloat(opts.getOrDefault("parameters-boost", "" + lex.parametersBoost())))
            .withBm25(
                Float.parseFloat(opts.getOrDefault("k1", "" + lex.k1())),
                Float.parseFloat(opts.getOrDefault("b", "" + lex.b())))
            .withWordPairWeight(
                Float.parseFloat(opts.getOrDefault("word-pairs", "" + lex.wordPairWeight())))
            .withFirstSentenceInName(
                Boolean.parseBoolean(
                    opts.getOrDefault("first-sentence-in-name", "" + lex.firstSentenceInName())));
    settings = settings.withLexical(lex);
    List<Embedder> embedders = new ArrayList<>();
    if (mode == EvalMode.HYBRID || mode == EvalMode.VECTOR) {
      for (String model : opts.getOrDefault("embedders", DEFAULT_EMBEDDERS).split(",")) {
        if (!model.isBlank()) {
          embedders.add(Embedders.create("local:" + model.strip(), embedderOptions(opts)));
        }
      }
    }
    List<DocumentStyle> documents = new ArrayList<>();
    String styles =
        opts.getOrDefault("documents", opts.containsKey("embedders") ? "" : DEFAULT_DOCUMENTS);
    if (!styles.isBlank()) {
      for (String style : styles.split(",")) {
        documents.add(DocumentStyle.parse(style));
      }
    }
    Set<String> channels = new LinkedHashSet<>();
    if (opts.containsKey("channels")) {
      channels.addAll(List.of(opts.get("channels").split(",")));
    }
    EvalOptions options =
        EvalOptions.of(mode)
            .withSettings(settings)
            .withEmbedders(embedders)
            .withDocuments(documents)
            .withChannels(channels);
    Path cache = Path.of(opts.getOrDefault("cache", "target/eval-cache"));
    String label = opts.getOrDefault("label", mode.name().toLowerCase(Locale.ROOT));
    List<String> sets =
        opts.containsKey("sets") ? List.of(opts.get("sets").split(",")) : DevSets.NAMES;
    for (String set : sets) {
      List<EvalTool> tools = DevSets.tools(set);
      List<EvalQuery> queries = DevSets.queries(set);
      long start = System.nanoTime();
      // One folder a set: a vector cache keeps only the tools of the catalog it was last used on.
      EvalReport r = Evaluator.run(tools, queries, options.withDataDirectory(cache.resolve(set)));
      System.out.printf(
          Locale.ROOT,
          "%-28s %-10s NDCG@10 %6.2f  R@5 %6.2f  R@1 %6.2f  R@10 %6.2f  MRR %6.2f"
              + "  2+: all@5 %6.2f  R@5 %6.2f  NDCG@10 %6.2f  (%.1fs)%n",
          label,
          set,
          r.ndcgAt10() * 100,
          r.recallAt5() * 100,
          r.recallAt1() * 100,
          r.recallAt10() * 100,
          r.mrr() * 100,
          r.multiTool().allAt5() * 100,
          r.multiTool().recallAt5() * 100,
          r.multiTool().ndcgAt10() * 100,
          (System.nanoTime() - start) / 1e9);
    }
    for (Embedder e : embedders) {
      e.close();
    }
  }
}
