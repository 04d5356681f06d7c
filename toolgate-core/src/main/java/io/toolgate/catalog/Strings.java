package io.toolgate.catalog;

import java.util.ArrayList;
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
   * catalog of 100,000 names: names of 64 characters or fewer take the bit-parallel distance
   * ({@link Needle}), a few dozen word operations each.
   */
  public static List<String> closest(String name, Collection<String> candidates, int limit) {
    String needle = name.toLowerCase(Locale.ROOT);
    int worst = Math.max(3, needle.length() / 2);
    Needle pattern = Needle.of(needle);
    List<Scored> close = new ArrayList<>();
    for (String candidate : candidates) {
      int score = score(needle, pattern, candidate, worst);
      if (score <= worst) {
        close.add(new Scored(candidate, score));
      }
    }
    return close.stream()
        .sorted(Comparator.comparingInt(Scored::score).thenComparing(Scored::name))
        .limit(limit)
        .map(Scored::name)
        .toList();
  }

  /**
   * A lower-case needle of 1 to 64 characters, prepared for Hyyrö's bit-vector form of Myers'
   * algorithm: the Levenshtein distance to any text in one pass over the text, the needle's column
   * of the dynamic-programming table held as bits of a {@code long}. On 100,000 names the
   * similar-name hint took ~40 ms with the table filled cell by cell.
   */
  static final class Needle {
    private final String text;
    private final long[] ascii = new long[128]; // bit i: text[i] is this character
    private final long last;

    private Needle(String text) {
      this.text = text;
      for (int i = 0; i < text.length(); i++) {
        char c = text.charAt(i);
        if (c < 128) {
          ascii[c] |= 1L << i;
        }
      }
      this.last = 1L << (text.length() - 1);
    }

    /** The needle, or null when it is empty or longer than 64 characters. */
    static Needle of(String text) {
      return text.isEmpty() || text.length() > 64 ? null : new Needle(text);
    }

    private long matches(char c) {
      if (c < 128) {
        return ascii[c];
      }
      long eq = 0;
      for (int i = 0; i < text.length(); i++) {
        eq |= text.charAt(i) == c ? 1L << i : 0;
      }
      return eq;
    }

    /** The Levenshtein distance between the needle and {@code other}. */
    int distance(String other) {
      long pv = -1L; // vertical deltas +1 ...
      long mv = 0; // ... and -1, one bit a needle position
      int score = text.length();
      for (int j = 0; j < other.length(); j++) {
        long eq = matches(other.charAt(j));
        long xv = eq | mv;
        long xh = (((eq & pv) + pv) ^ pv) | eq;
        long ph = mv | ~(xh | pv);
        long mh = pv & xh;
        if ((ph & last) != 0) {
          score++;
        } else if ((mh & last) != 0) {
          score--;
        }
        ph = (ph << 1) | 1; // row 0 is j: every step right adds one
        mh <<= 1;
        pv = mh | ~(xv | ph);
        mv = ph & xv;
      }
      return score;
    }
  }

  /**
   * Below 0 for a substring either way (ignoring case), else the edit distance to the lower-cased
   * candidate, or {@code worst + 1} when it is larger than {@code worst}.
   */
  private static int score(String needle, Needle pattern, String candidate, int worst) {
    String lower = candidate.toLowerCase(Locale.ROOT); // the same string when already lower case
    if (!needle.isEmpty() && (lower.contains(needle) || needle.contains(lower))) {
      return -1000 + Math.abs(candidate.length() - needle.length());
    }
    if (Math.abs(lower.length() - needle.length()) > worst) {
      return worst + 1; // the distance is at least the difference in length
    }
    return pattern != null
        ? Math.min(pattern.distance(lower), worst + 1)
        : editDistanceAtMost(needle, lower, worst);
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
