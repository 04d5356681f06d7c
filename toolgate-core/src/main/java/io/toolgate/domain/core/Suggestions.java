package io.toolgate.domain.core;

import io.toolgate.catalog.Strings;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Close spellings of a mistyped value, by edit distance only.
 *
 * <p>Unlike {@link Strings#closest}, which prefers names containing the input (right for tool
 * names), this never suggests {@code K} for {@code kilomter} just because the letter occurs in it.
 */
final class Suggestions {
  private Suggestions() {}

  static List<String> closest(String input, Collection<String> candidates, int limit) {
    String needle = input.toLowerCase(Locale.ROOT);
    int threshold = Math.max(2, needle.length() / 3);
    return candidates.stream()
        .map(c -> new Scored(c, Strings.editDistance(needle, c.toLowerCase(Locale.ROOT))))
        .filter(s -> s.distance <= threshold)
        .sorted(Comparator.comparingInt(Scored::distance).thenComparing(Scored::name))
        .limit(limit)
        .map(Scored::name)
        .toList();
  }

  private record Scored(String name, int distance) {}
}
