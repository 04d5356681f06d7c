package io.toolgate.search.fusion;

import io.toolgate.search.lexical.SparseScores;
import java.util.PriorityQueue;

/** Ranks within one channel: best score first, ties by tool name. */
public final class Ranking {
  private Ranking() {}

  /** Whether a (score, name) pair ranks before another. */
  public static boolean before(double a, String nameA, double b, String nameB) {
    return a > b || (a == b && nameA.compareTo(nameB) < 0);
  }

  /**
   * The indexes (into {@code scores}) of the best {@code depth} entries, best first.
   *
   * @param names tool names by slot, for ties
   */
  public static int[] top(SparseScores scores, int depth, String[] names) {
    int k = Math.min(depth, scores.size());
    // A min-heap of the best k seen so far: the worst of them on top, ready to be replaced.
    PriorityQueue<Integer> heap =
        new PriorityQueue<>(
            Math.max(1, k),
            (x, y) ->
                before(
                        scores.score(x),
                        names[scores.slot(x)],
                        scores.score(y),
                        names[scores.slot(y)])
                    ? 1
                    : -1);
    for (int i = 0; i < scores.size(); i++) {
      if (heap.size() < k) {
        heap.add(i);
      } else if (k > 0) {
        int worst = heap.peek();
        if (before(
            scores.score(i),
            names[scores.slot(i)],
            scores.score(worst),
            names[scores.slot(worst)])) {
          heap.poll();
          heap.add(i);
        }
      }
    }
    int[] out = new int[heap.size()];
    for (int i = out.length - 1; i >= 0; i--) {
      out[i] = heap.poll();
    }
    return out;
  }

  /** The 1-based rank of {@code slot} in {@code scores}, or 0 when the channel did not score it. */
  public static int rankOf(SparseScores scores, int slot, String[] names) {
    int at = -1;
    for (int i = 0; i < scores.size(); i++) {
      if (scores.slot(i) == slot) {
        at = i;
        break;
      }
    }
    if (at < 0) {
      return 0;
    }
    double s = scores.score(at);
    String name = names[slot];
    int better = 0;
    for (int i = 0; i < scores.size(); i++) {
      if (i != at && before(scores.score(i), names[scores.slot(i)], s, name)) {
        better++;
      }
    }
    return better + 1;
  }

  /** The score of {@code slot} in {@code scores}, or NaN when the channel did not score it. */
  public static double scoreOf(SparseScores scores, int slot) {
    for (int i = 0; i < scores.size(); i++) {
      if (scores.slot(i) == slot) {
        return scores.score(i);
      }
    }
    return Double.NaN;
  }
}
