package io.toolgate.search;

import io.toolgate.search.fusion.Fused;
import java.util.List;

/**
 * Ranks for a request that asks for several things: the whole request's fused scores plus, for each
 * tool, its best standing among the clauses.
 *
 * <p>{@code score(t) = whole(t) + w · best · max_c max(0, clause_c(t) / best_c)}, where {@code
 * best} and {@code best_c} are what a tool first in every channel would get for the whole request
 * and for clause {@code c}. The whole request keeps the order of tools it ranks well; a tool that
 * one clause alone asks for (the second and third tool of "find the object, then check the
 * integration status") rises by as much as that clause is sure of it. Only the whole request's
 * candidates are ranked. Stateless.
 */
final class ClauseFusion {
  private ClauseFusion() {}

  /**
   * {@code whole} re-scored with {@code clauses}' evidence, weighted {@code weight}.
   *
   * @param slotCount one more than the largest slot
   */
  static Fused combine(Fused whole, List<Fused> clauses, double weight, int slotCount) {
    double[] bonus = new double[slotCount];
    for (Fused clause : clauses) {
      double best = clause.best();
      for (int i = 0; i < clause.slots().length; i++) {
        double s = clause.scores()[i] / best;
        int slot = clause.slots()[i];
        if (s > bonus[slot]) {
          bonus[slot] = Math.min(1, s);
        }
      }
    }
    double[] scores = new double[whole.slots().length];
    double scale = weight * whole.best();
    for (int i = 0; i < scores.length; i++) {
      scores[i] = whole.scores()[i] + scale * bonus[whole.slots()[i]];
    }
    return new Fused(whole.slots(), scores, whole.best() + scale);
  }
}
