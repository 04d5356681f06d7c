package io.toolgate.bench;

import io.toolgate.search.eval.EvalFiles;
import io.toolgate.search.eval.EvalQuery;
import io.toolgate.search.eval.EvalTool;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The bundled evaluation sets ({@code eval/*.jsonl} on the class path): {@code bfcl}, {@code
 * bfcl_live} (which shares bfcl's tools) and {@code sealtools}.
 */
public final class DevSets {
  /** Every set, in report order. */
  public static final List<String> NAMES = List.of("bfcl", "bfcl_live", "sealtools");

  private DevSets() {}

  /** The tools of {@code set}. */
  public static List<EvalTool> tools(String set) {
    String file = set.equals("bfcl_live") ? "bfcl" : set;
    return EvalFiles.readTools(open("eval/" + file + ".tools.jsonl"), file + ".tools.jsonl");
  }

  /** The queries of {@code set}. */
  public static List<EvalQuery> queries(String set) {
    return EvalFiles.readQueries(open("eval/" + set + ".queries.jsonl"), set + ".queries.jsonl");
  }

  private static InputStream open(String resource) {
    InputStream in = DevSets.class.getClassLoader().getResourceAsStream(resource);
    if (in == null) {
      throw new UncheckedIOException(
          new java.io.FileNotFoundException("no resource " + resource + " on the class path"));
    }
    return in;
  }
}
