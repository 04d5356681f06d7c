package io.toolgate.search;

import io.toolgate.search.fusion.Fused;

/**
 * The gate of a search with several embedders ({@code search.second_embedder_margin}): the first
 * embedder a request uses embeds its query; the later ones run only when that leaves the search
 * unsure. Unsure means the fused best two tools are closer than the margin (or fewer than two were
 * found) and the full-text channel and the first embedder's channel do not both single out the best
 * ({@link ScoredQuery#channelsSingleOut}). docs/search.md, "Query embedding", has the measurements.
 * Immutable.
 *
 * @param margin the margin, in reported-score units; 0 turns the gate off
 */
record EmbedderGate(double margin) {
  /**
   * How one request embeds its query.
   *
   * @param first the first embedder the request uses ({@code embedders} when none)
   * @param gated whether the embedders after {@code first} wait for {@link #unsure}
   */
  record Plan(int first, boolean gated) {
    /** The embedders to run before the gate: all of them when the search is not gated. */
    int firstRunEnd(int embedders) {
      return gated ? first + 1 : embedders;
    }
  }

  /** The plan of a request using {@code using} of {@code embedders} embedders. */
  Plan plan(boolean[] using, int embedders) {
    int first = 0;
    while (first < embedders && !using[first]) {
      first++;
    }
    boolean later = false;
    for (int e = first + 1; e < embedders; e++) {
      later |= using[e];
    }
    return new Plan(first, margin > 0 && later);
  }

  /**
   * Whether {@code q}, scored with embedder {@code first} alone (its exact vectors or its drafts),
   * needs the later ones.
   */
  boolean unsure(ScoredQuery q, Fused fused, int first) {
    double best = Double.NEGATIVE_INFINITY;
    double runnerUp = Double.NEGATIVE_INFINITY;
    int top = -1;
    for (int i = 0; i < fused.scores().length; i++) {
      double s = fused.scores()[i];
      if (s > best) {
        runnerUp = best;
        best = s;
        top = fused.slots()[i];
      } else if (s > runnerUp) {
        runnerUp = s;
      }
    }
    boolean close =
        !(runnerUp > Double.NEGATIVE_INFINITY) || (best - runnerUp) / fused.best() < margin;
    return close && !(top >= 0 && q.channelsSingleOut(top, first));
  }
}
