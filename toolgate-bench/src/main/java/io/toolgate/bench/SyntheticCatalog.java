package io.toolgate.bench;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.search.eval.EvalCatalog;
import io.toolgate.search.eval.EvalQuery;
import io.toolgate.search.eval.EvalTool;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Catalogs of any size made from the dev-set tools (bfcl and sealtools, 5,929 tools): copy {@code
 * i} of a tool gets a suffixed name and a description with a few words of another tool appended, so
 * term statistics stay realistic and no two documents are identical.
 */
public final class SyntheticCatalog {
  private SyntheticCatalog() {}

  /** {@code size} tools, deterministic for a size. */
  public static List<ToolDefinition> tools(int size) {
    List<ToolDefinition> base = new ArrayList<>();
    base.addAll(new EvalCatalog(DevSets.tools("bfcl")).definitions());
    base.addAll(new EvalCatalog(DevSets.tools("sealtools")).definitions());
    Random random = new Random(size);
    List<ToolDefinition> out = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      ToolDefinition t = base.get(i % base.size());
      int copy = i / base.size();
      if (copy == 0) {
        out.add(t);
        continue;
      }
      String[] donor = base.get(random.nextInt(base.size())).description().split("\\s+");
      StringBuilder extra = new StringBuilder();
      for (int w = 0; w < Math.min(4, donor.length); w++) {
        extra.append(' ').append(donor[random.nextInt(donor.length)]);
      }
      String name = t.name().length() > 110 ? t.name().substring(0, 110) : t.name();
      out.add(
          t.toBuilder().description(t.description() + extra).build().withName(name + "_v" + copy));
    }
    return out;
  }

  /** Realistic queries: the bfcl_live requests. */
  public static List<String> queries() {
    return DevSets.queries("bfcl_live").stream().map(EvalQuery::query).toList();
  }

  /** The raw tools of the dev sets. */
  public static List<EvalTool> devTools() {
    List<EvalTool> all = new ArrayList<>(DevSets.tools("bfcl"));
    all.addAll(DevSets.tools("sealtools"));
    return all;
  }
}
