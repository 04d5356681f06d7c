package io.toolgate.search;

import io.toolgate.search.fusion.Fused;

/**
 * Lifts the siblings of strong hits: tools of one family (one MCP server, one name prefix such as
 * {@code kinematics.} or {@code github__}) are often needed together, and a request that matches
 * one of them well is likely to want another.
 *
 * <p>{@code score(t) = own(t) + w · max(0, best sibling(t))}, the best sibling being the highest
 * score among the other tools of {@code t}'s family (a tool without a family gets nothing). The
 * best reachable score grows by {@code w · best}. Stateless.
 */
final class FamilyBoost {
  private FamilyBoost() {}

  /**
   * {@code fused} with each tool's best sibling added, weighted {@code weight}.
   *
   * @param family each slot's family id, -1 for none; ids are below {@code families}
   */
  static Fused boost(Fused fused, int[] family, int families, double weight) {
    // The best and second best score of each family: a tool's best sibling is the family's best
    // unless the tool is that best itself.
    double[] first = new double[families];
    double[] second = new double[families];
    int[] firstSlot = new int[families];
    java.util.Arrays.fill(first, Double.NEGATIVE_INFINITY);
    java.util.Arrays.fill(second, Double.NEGATIVE_INFINITY);
    java.util.Arrays.fill(firstSlot, -1);
    int[] slots = fused.slots();
    double[] scores = fused.scores();
    for (int i = 0; i < slots.length; i++) {
      int f = family[slots[i]];
      if (f < 0) {
        continue;
      }
      if (scores[i] > first[f]) {
        second[f] = first[f];
        first[f] = scores[i];
        firstSlot[f] = slots[i];
      } else if (scores[i] > second[f]) {
        second[f] = scores[i];
      }
    }
    double[] out = new double[slots.length];
    for (int i = 0; i < slots.length; i++) {
      int f = family[slots[i]];
      double sibling = f < 0 ? 0 : (firstSlot[f] == slots[i] ? second[f] : first[f]);
      out[i] = scores[i] + weight * Math.max(0, sibling);
    }
    return new Fused(slots, out, fused.best() * (1 + weight));
  }
}
