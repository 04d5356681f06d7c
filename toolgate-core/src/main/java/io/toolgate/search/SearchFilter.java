package io.toolgate.search;

import io.toolgate.catalog.ToolDefinition;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which tools a search may return.
 *
 * @param tags when not empty, a tool must carry at least one of these tags
 * @param sources when not empty, a tool's source must match one of these (exact, or a prefix ending
 *     in {@code *}, e.g. {@code mcp:*})
 * @param allow a further test, e.g. an API key's tool filter; applied before ranking so hidden
 *     tools never appear or take a place
 */
public record SearchFilter(
    List<String> tags, List<String> sources, Predicate<ToolDefinition> allow) {
  /** No restriction. */
  public static final SearchFilter NONE = new SearchFilter(List.of(), List.of(), t -> true);

  public SearchFilter {
    tags = tags == null ? List.of() : List.copyOf(tags);
    sources = sources == null ? List.of() : List.copyOf(sources);
    allow = allow == null ? t -> true : allow;
  }

  /** Whether {@code tool} passes this filter. */
  public boolean test(ToolDefinition tool) {
    if (!tags.isEmpty() && tool.tags().stream().noneMatch(tags::contains)) {
      return false;
    }
    if (!sources.isEmpty() && sources.stream().noneMatch(s -> sourceMatches(s, tool.source()))) {
      return false;
    }
    return allow.test(tool);
  }

  private static boolean sourceMatches(String pattern, String source) {
    return pattern.endsWith("*")
        ? source.startsWith(pattern.substring(0, pattern.length() - 1))
        : pattern.equals(source);
  }

  /** A copy that also requires {@code more}. */
  public SearchFilter and(Predicate<ToolDefinition> more) {
    return new SearchFilter(tags, sources, allow.and(more));
  }
}
