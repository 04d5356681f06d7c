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
 */
public record EvalReport(
    int queries,
    double recallAt1,
    double recallAt5,
    double recallAt10,
    double ndcgAt10,
    double mrr) {

  /**
   * {@code {"queries": N, "recall@1": …, "recall@5": …, "recall@10": …, "ndcg@10": …, "mrr": …}}.
   */
  public String toJson() {
    ObjectNode out = Json.object();
    out.put("queries", queries);
    out.put("recall@1", round(recallAt1));
    out.put("recall@5", round(recallAt5));
    out.put("recall@10", round(recallAt10));
    out.put("ndcg@10", round(ndcgAt10));
    out.put("mrr", round(mrr));
    return Json.write(out);
  }

  /** One line for people: {@code R@1 54.96 R@5 77.42 R@10 … NDCG@10 70.52 MRR 68.06}. */
  public String toText() {
    return String.format(
        Locale.ROOT,
        "queries %d  R@1 %.2f  R@5 %.2f  R@10 %.2f  NDCG@10 %.2f  MRR %.2f",
        queries,
        recallAt1 * 100,
        recallAt5 * 100,
        recallAt10 * 100,
        ndcgAt10 * 100,
        mrr * 100);
  }

  private static double round(double v) {
    return Math.round(v * 1_000_000) / 1_000_000.0;
  }
}
