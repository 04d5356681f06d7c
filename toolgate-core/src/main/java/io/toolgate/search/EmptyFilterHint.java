package io.toolgate.search;

import io.toolgate.catalog.Strings;
import io.toolgate.catalog.ToolDefinition;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The answer to a search whose {@code tags}/{@code sources} filter leaves no tool to rank: it says
 * that the filter, not the query, is why nothing came back, names the values that matched nothing
 * and the closest ones that exist. Only tools the caller may see (the filter's {@code allow}, e.g.
 * an API key's tool filter) are offered, so the hint never names a hidden tag or source.
 */
final class EmptyFilterHint {
  private EmptyFilterHint() {}

  static String of(SearchFilter filter, ToolDefinition[] tools) {
    Set<String> tags = new TreeSet<>();
    Set<String> sources = new TreeSet<>();
    for (ToolDefinition tool : tools) {
      if (tool != null && filter.allow().test(tool)) {
        tags.addAll(tool.tags());
        sources.add(tool.source());
      }
    }
    StringBuilder hint = new StringBuilder("no tool matches the filter (");
    if (!filter.tags().isEmpty()) {
      hint.append("tags ").append(filter.tags());
    }
    if (!filter.sources().isEmpty()) {
      hint.append(filter.tags().isEmpty() ? "" : ", ").append("sources ").append(filter.sources());
    }
    hint.append("), so nothing was searched");
    unknown(hint, "tag", filter.tags(), tags);
    unknown(hint, "source", filter.sources(), sources);
    return hint.append(
            "; use tags and sources that 'toolgate list' (or GET /v1/tools?view=full) shows,"
                + " or drop the filter")
        .toString();
  }

  /** Appends each wanted value that no visible tool has, with the closest ones that exist. */
  private static void unknown(
      StringBuilder hint, String kind, List<String> wanted, Set<String> known) {
    for (String value : wanted) {
      if (known.contains(value) || (value.endsWith("*") && kind.equals("source"))) {
        continue;
      }
      hint.append("; no tool has ").append(kind).append(" '").append(value).append('\'');
      List<String> close = Strings.closest(value, known, 3);
      if (!close.isEmpty()) {
        hint.append(" (did you mean: ").append(String.join(", ", close)).append("?)");
      }
    }
  }
}
