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

  /**
   * Where each of {@code slots} stands in one channel, in one pass over its scores.
   *
   * @param ranks 1-based rank of each slot in the channel, 0 where the channel did not score it
   * @param scores the slot's score in the channel, NaN where it did not score it
   */
  public record Standing(int[] ranks, double[] scores) {}

  /**
   * The rank and score in {@code scores} of each of {@code slots} (a handful: the hits to report),
   * ties by name. Costs one comparison per scored tool plus a binary search for the few that rank
   * above the lowest of {@code slots}.
   */
  public static Standing standing(SparseScores scores, int[] slots, String[] names) {
    int k = slots.length;
    int[] ranks = new int[k];
    double[] found = new double[k];
    java.util.Arrays.fill(found, Double.NaN);
    // A bit a slot marks the hits (an eighth of a byte a tool: a 100,000-tool catalog's search
    // stays clear of a 400 KB array a channel); the few marked ones find their index by scanning.
    long[] isHit = new long[(names.length + 63) >>> 6];
    for (int slot : slots) {
      isHit[slot >>> 6] |= 1L << slot;
    }
    for (int i = 0; i < scores.size(); i++) {
      int slot = scores.slot(i);
      if ((isHit[slot >>> 6] & (1L << slot)) != 0) {
        for (int j = 0; j < k; j++) {
          if (slots[j] == slot) {
            found[j] = scores.score(i);
          }
        }
      }
    }
    // The slots the channel scored, best first.
    Integer[] order =
        java.util.stream.IntStream.range(0, k)
            .filter(j -> !Double.isNaN(found[j]))
            .boxed()
            .sorted(
                (x, y) ->
                    before(found[x], names[slots[x]], found[y], names[slots[y]])
                        ? -1
                        : (x.equals(y) ? 0 : 1))
            .toArray(Integer[]::new);
    if (order.length == 0) {
      return new Standing(ranks, found);
    }
    int last = order[order.length - 1];
    double lowest = found[last];
    int[] above = new int[order.length]; // entries that rank before order[j] but not order[j-1]
    for (int i = 0; i < scores.size(); i++) {
      double s = scores.score(i);
      if (s < lowest) {
        continue; // most entries: below every hit, no name needed
      }
      String name = names[scores.slot(i)];
      if (!before(s, name, lowest, names[slots[last]])) {
        continue;
      }
      int lo = 0;
      int hi = order.length - 1;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (before(s, name, found[order[mid]], names[slots[order[mid]]])) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      above[lo]++;
    }
    int better = 0;
    for (int j = 0; j < order.length; j++) {
      better += above[j];
      ranks[order[j]] = better + 1;
    }
    return new Standing(ranks, found);
  }
}
