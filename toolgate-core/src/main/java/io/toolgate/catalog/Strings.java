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
    return editDistanceAtMost(a, b, Integer.MAX_VALUE - 1);
  }

  /**
   * Up to {@code limit} names from {@code candidates} closest to {@code name}: names containing it
   * (or contained in it) first, then by edit distance, ties by name. Cheap enough to run over a
   * catalog of 100,000 names: no allocation for most candidates, and the edit distance stops once
   * it cannot stay within the cut.
   */
  public static List<String> closest(String name, Collection<String> candidates, int limit) {
    String needle = name.toLowerCase(Locale.ROOT);
    int worst = Math.max(3, needle.length() / 2);
    return candidates.stream()
        .map(c -> new Scored(c, score(needle, c, worst)))
        .filter(s -> s.score <= worst)
        .sorted(Comparator.comparingInt(Scored::score).thenComparing(Scored::name))
        .limit(limit)
        .map(Scored::name)
        .toList();
  }

  /**
   * Below 0 for a substring either way (ignoring case), else the edit distance to the lower-cased
   * candidate, or {@code worst + 1} when it is larger than {@code worst}.
   */
  private static int score(String needle, String candidate, int worst) {
    if (!needle.isEmpty()
        && (containsIgnoringCase(candidate, needle) || containsIgnoringCase(needle, candidate))) {
      return -1000 + Math.abs(candidate.length() - needle.length());
    }
    if (Math.abs(candidate.length() - needle.length()) > worst) {
      return worst + 1; // the distance is at least the difference in length
    }
    return editDistanceAtMost(needle, candidate.toLowerCase(Locale.ROOT), worst);
  }

  private static boolean containsIgnoringCase(String text, String part) {
    for (int i = 0; i + part.length() <= text.length(); i++) {
      if (text.regionMatches(true, i, part, 0, part.length())) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@link #editDistance}, or {@code max + 1} as soon as a row shows it must exceed {@code max}.
   */
  static int editDistanceAtMost(String a, String b, int max) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      int rowMin = cur[0];
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
        rowMin = Math.min(rowMin, cur[j]);
      }
      if (rowMin > max) {
        return max + 1; // every later row is at least this row's minimum
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return Math.min(prev[b.length()], max + 1);
  }

  private record Scored(String name, int score) {}
}
