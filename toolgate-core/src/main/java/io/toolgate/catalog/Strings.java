package io.toolgate.catalog;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Small text helpers for messages: edit distance and close-name suggestions. */
public final class Strings {
  private Strings() {}

  /** Levenshtein distance between {@code a} and {@code b}. */
  public static int editDistance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  /**
   * Up to {@code limit} names from {@code candidates} closest to {@code name}: names containing it
   * (or contained in it) first, then by edit distance, ties by name.
   */
  public static List<String> closest(String name, Collection<String> candidates, int limit) {
    String needle = name.toLowerCase(Locale.ROOT);
    int worst = Math.max(3, needle.length() / 2);
    return candidates.stream()
        .map(c -> new Scored(c, score(needle, c.toLowerCase(Locale.ROOT), worst)))
        .filter(s -> s.score <= worst)
        .sorted(Comparator.comparingInt(Scored::score).thenComparing(Scored::name))
        .limit(limit)
        .map(Scored::name)
        .toList();
  }

  /**
   * Below 0 for a substring either way, else the edit distance (any value above worst if it is).
   */
  private static int score(String needle, String candidate, int worst) {
    if (!needle.isEmpty() && (candidate.contains(needle) || needle.contains(candidate))) {
      return -1000 + Math.abs(candidate.length() - needle.length());
    }
    if (Math.abs(candidate.length() - needle.length()) > worst) {
      return worst + 1; // the distance is at least the difference in length
    }
    return editDistance(needle, candidate);
  }

  private record Scored(String name, int score) {}
}
