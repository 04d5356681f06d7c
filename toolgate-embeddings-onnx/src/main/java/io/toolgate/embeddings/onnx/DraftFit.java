package io.toolgate.embeddings.onnx;

import io.toolgate.search.QueryEmbeddingText;
import io.toolgate.search.eval.EvalFiles;
import io.toolgate.search.eval.EvalTool;
import io.toolgate.search.vector.DocumentStyle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Fits a model's {@link DraftProjection} at build time: the map from the query model's first layers
 * to the whole model's query vectors, by ridge regression over short texts like the requests agents
 * send (tool names as words, descriptions' sentences, parameter descriptions), taken from tool
 * catalogs in JSON lines ({@code {"name", "description", "parameters"}} a line).
 *
 * <pre>
 * java -cp … io.toolgate.embeddings.onnx.DraftFit OUT.draft LAYERS TEXTS CATALOG.jsonl…
 * </pre>
 *
 * <p>The module's build runs it on the two public tool sets of {@code toolgate-bench} (Apache-2.0)
 * and packs the result as a resource; a catalog the projection never saw ranks as well through it
 * (fitted on one set, measured on the other: BENCHMARKS.md, "Query drafts"). It skips the work when
 * {@code OUT} is newer than every catalog and than this class's inputs did not change.
 */
public final class DraftFit {
  private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+");
  private static final double RIDGE = 1.0;
  private static final int BATCH = 32;

  private DraftFit() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 4) {
      System.err.println("usage: DraftFit OUT.draft LAYERS TEXTS CATALOG.jsonl...");
      System.exit(2);
    }
    Path out = Path.of(args[0]);
    int layers = Integer.parseInt(args[1]);
    int count = Integer.parseInt(args[2]);
    List<Path> catalogs = new ArrayList<>();
    for (int i = 3; i < args.length; i++) {
      catalogs.add(Path.of(args[i]));
    }
    if (upToDate(out, catalogs)) {
      System.out.println("DraftFit: " + out + " is up to date");
      return;
    }
    // ONNX Runtime's libraries go to a folder of the build (never next to OUT, which the jar
    // packs).
    NativeLibraries.useDataDirectory(
        Path.of(
            System.getProperty("toolgate.draftfit.work", System.getProperty("java.io.tmpdir"))));
    List<String> texts = texts(catalogs, count);
    long start = System.nanoTime();
    DraftProjection projection = fit(LocalModel.ALL_MINILM_L6_V2_Q, layers, texts);
    projection.write(out);
    System.out.printf(
        "DraftFit: %s from %d texts in %.1f s%n",
        out, texts.size(), (System.nanoTime() - start) / 1e9);
  }

  private static boolean upToDate(Path out, List<Path> catalogs) throws IOException {
    if (!Files.exists(out)) {
      return false;
    }
    for (Path catalog : catalogs) {
      if (Files.getLastModifiedTime(catalog).compareTo(Files.getLastModifiedTime(out)) > 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code count} texts drawn (with a fixed seed) from the catalogs' tools, each as a query
   * embedder sees it ({@linkplain QueryEmbeddingText#compact compacted}).
   */
  static List<String> texts(List<Path> catalogs, int count) {
    TreeSet<String> all = new TreeSet<>();
    for (Path catalog : catalogs) {
      for (EvalTool tool : EvalFiles.readTools(catalog)) {
        for (String text : fragments(tool)) {
          String compact = QueryEmbeddingText.compact(text.replace('\n', ' '));
          if (!compact.isBlank()) {
            all.add(compact.length() > 300 ? compact.substring(0, 300) : compact);
          }
        }
      }
    }
    List<String> texts = new ArrayList<>(all);
    Collections.shuffle(texts, new Random(7));
    return List.copyOf(texts.subList(0, Math.min(count, texts.size())));
  }

  /** What a user might say for a tool: its name in words, its sentences, its parameters. */
  static List<String> fragments(EvalTool tool) {
    String name = DocumentStyle.words(tool.name());
    List<String> out = new ArrayList<>();
    out.add(name);
    String description = tool.description().strip();
    if (!description.isEmpty()) {
      String[] sentences = SENTENCE_END.split(description);
      out.add(sentences[0]);
      out.add(name + " " + sentences[0]);
      for (int i = 1; i < Math.min(3, sentences.length); i++) {
        out.add(sentences[i]);
      }
    }
    int parameters = 0;
    for (JsonNode parameter : tool.parameters().path("properties")) {
      String text = parameter.path("description").asString("").strip();
      if (!text.isEmpty() && parameters++ < 4) {
        out.add(text);
      }
    }
    return out;
  }

  /** Embeds {@code texts} exactly and through the first {@code layers}, then solves the map. */
  static DraftProjection fit(LocalModel queryModel, int layers, List<String> texts) {
    int dimension = queryModel.dimension();
    List<String> byLength = new ArrayList<>(texts);
    byLength.sort(Comparator.comparingInt(String::length));
    OnnxOptions options = OnnxOptions.defaults(queryModel).withQueryDrafts(false);
    double[][] xtx = new double[dimension + 1][dimension + 1];
    double[][] xty = new double[dimension + 1][dimension];
    try (OnnxEmbedder embedder =
        OnnxEmbedder.loadWithDraft(
            queryModel, options, DraftProjection.identity(layers, dimension))) {
      for (int from = 0; from < byLength.size(); from += BATCH) {
        List<String> batch = byLength.subList(from, Math.min(byLength.size(), from + BATCH));
        float[][] exact = embedder.embedQueries(batch);
        float[][] drafts = embedder.draftQueries(batch);
        for (int r = 0; r < batch.size(); r++) {
          accumulate(xtx, xty, drafts[r], exact[r]);
        }
      }
    }
    return new DraftProjection(layers, dimension, Ridge.solve(xtx, xty, RIDGE));
  }

  /** Adds one pair's terms to XᵀX and XᵀY; x gets a constant 1 last, for the bias. */
  private static void accumulate(double[][] xtx, double[][] xty, float[] x, float[] y) {
    int d = x.length;
    for (int i = 0; i <= d; i++) {
      double xi = i == d ? 1 : x[i];
      for (int j = 0; j <= d; j++) {
        xtx[i][j] += xi * (j == d ? 1 : x[j]);
      }
      for (int j = 0; j < y.length; j++) {
        xty[i][j] += xi * y[j];
      }
    }
  }
}
