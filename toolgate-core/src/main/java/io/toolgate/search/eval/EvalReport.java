package io.toolgate.search.eval;

import io.toolgate.json.Json;
import java.util.Locale;
import tools.jackson.databind.node.ObjectNode;

/**
 * Retrieval quality over a query set, macro-averaged over queries, each value in 0..1.
 *
 * @param queries how many queries were measured
 * @param recallAt1 mean of |relevant ∩ top 1| / |relevant|
 * @param recallAt5 the same for the top 5
 * @param recallAt10 the same for the top 10
 * @param ndcgAt10 NDCG of the top 10 with binary gains
 * @param mrr mean reciprocal rank of the first relevant tool (0 when none is in the top 20)
 * @param multiTool the same queries restricted to those with two or more relevant tools (the
 *     requests that need several tools at once)
 */
public record EvalReport(
    int queries,
    double recallAt1,
    double recallAt5,
    double recallAt10,
    double ndcgAt10,
    double mrr,
    MultiTool multiTool) {

  /**
   * Quality on the queries with two or more relevant tools.
   *
   * @param queries how many queries have 2+ relevant tools (0: the other values are 0)
   * @param recallAt5 mean Recall@5 over them
   * @param allAt5 the share of them whose relevant tools are all in the top 5 (the first five all
   *     relevant when more than five are)
   * @param ndcgAt10 mean NDCG@10 over them
   */
  public record MultiTool(int queries, double recallAt5, double allAt5, double ndcgAt10) {
    /** No multi-tool query. */
    public static final MultiTool NONE = new MultiTool(0, 0, 0, 0);
  }

  /**
   * {@code {"queries": N, "recall@1": …, "recall@5": …, "recall@10": …, "ndcg@10": …, "mrr": …,
   * "multi_tool": {"queries": M, "recall@5": …, "all@5": …, "ndcg@10": …}}}.
   */
  public String toJson() {
    ObjectNode out = Json.object();
    out.put("queries", queries);
    out.put("recall@1", round(recallAt1));
    out.put("recall@5", round(recallAt5));
    out.put("recall@10", round(recallAt10));
    out.put("ndcg@10", round(ndcgAt10));
    out.put("mrr", round(mrr));
    ObjectNode multi = out.putObject("multi_tool");
    multi.put("queries", multiTool.queries());
    multi.put("recall@5", round(multiTool.recallAt5()));
    multi.put("all@5", round(multiTool.allAt5()));
    multi.put("ndcg@10", round(multiTool.ndcgAt10()));
    return Json.write(out);
  }

  /**
   * One line for people: {@code queries 1354 R@1 … NDCG@10 … MRR … 2+ tools: 1060 queries, R@5 …,
   * all@5 …}.
   */
  public String toText() {
    return String.format(
        Locale.ROOT,
        "queries %d  R@1 %.2f  R@5 %.2f  R@10 %.2f  NDCG@10 %.2f  MRR %.2f"
            + "  2+ tools: %d queries  R@5 %.2f  all@5 %.2f  NDCG@10 %.2f",
        queries,
        recallAt1 * 100,
        recallAt5 * 100,
        recallAt10 * 100,
        ndcgAt10 * 100,
        mrr * 100,
        multiTool.queries(),
        multiTool.recallAt5() * 100,
        multiTool.allAt5() * 100,
        multiTool.ndcgAt10() * 100);
  }

  private static double round(double v) {
    return Math.round(v * 1_000_000) / 1_000_000.0;
  }
}
