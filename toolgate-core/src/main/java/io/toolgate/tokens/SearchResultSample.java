package io.toolgate.tokens;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.exposure.Profile;
import io.toolgate.format.Format;
import io.toolgate.json.Json;
import io.toolgate.search.MatchSource;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchJson;
import io.toolgate.search.SearchResponse;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * A realistic search result holding given tools, as the model reads it after one search call.
 *
 * <p>For the Spice profile it is the {@code tool_search} response of DESIGN.md ({@code query},
 * {@code keywords}, {@code search_mode}, {@code fallback}, and per tool {@code tool_id}, {@code
 * description}, {@code parameters}, {@code checksum}, {@code score}, {@code matched_terms} and
 * three {@code match_sources}) with plausible scores. For the RFC profile it is {@code find_tools}'
 * answer: the tools rendered in the conversation's own format.
 */
final class SearchResultSample {
  static final String QUERY = "find the right tool for this task";

  private SearchResultSample() {}

  /** The tools around the median definition size: what a typical search returns. */
  static List<ToolDefinition> typical(List<ToolDefinition> catalog, int count) {
    List<ToolDefinition> bySize = bySize(catalog);
    int from = Math.max(0, Math.min(bySize.size() - count, bySize.size() / 2 - count / 2));
    return bySize.subList(from, Math.min(bySize.size(), from + count));
  }

  /** The largest definitions: the most a search of {@code count} results can cost. */
  static List<ToolDefinition> largest(List<ToolDefinition> catalog, int count) {
    List<ToolDefinition> bySize = bySize(catalog);
    return bySize.subList(Math.max(0, bySize.size() - count), bySize.size());
  }

  /** Sorted by the length of description plus schema JSON, ties by name. */
  private static List<ToolDefinition> bySize(List<ToolDefinition> catalog) {
    Map<ToolDefinition, Integer> sizes = new IdentityHashMap<>();
    catalog.forEach(t -> sizes.put(t, size(t)));
    List<ToolDefinition> sorted = new ArrayList<>(catalog);
    sorted.sort(
        Comparator.comparingInt((ToolDefinition t) -> sizes.get(t))
            .thenComparing(ToolDefinition::name));
    return sorted;
  }

  private static int size(ToolDefinition tool) {
    return tool.description().length() + Json.canonical(tool.parameters()).length();
  }

  /** The text the model receives as the search call's result. */
  static String text(Profile profile, Format format, List<ToolDefinition> hits) {
    return switch (profile) {
      case SPICE -> Json.write(toolSearchResponse(hits));
      case RFC -> findToolsResponse(format, hits);
    };
  }

  /**
   * The {@code tool_search} response, mapped by {@link SearchJson} like a real one, with plausible
   * scores: 0.93 falling by 0.07 per rank, and three channels per hit.
   */
  static ObjectNode toolSearchResponse(List<ToolDefinition> hits) {
    List<SearchHit> tools = new ArrayList<>();
    for (int i = 0; i < hits.size(); i++) {
      tools.add(
          new SearchHit(
              hits.get(i),
              round(1.0 - 0.07 * i),
              nameTerms(hits.get(i).name()),
              List.of(
                  new MatchSource("full_text", i + 1, round(4.231 - 0.4 * i)),
                  new MatchSource("keyword", i + 1, round(9.0 - i)),
                  new MatchSource("vector", i + 1, round(0.812 - 0.03 * i)))));
    }
    return SearchJson.toJson(
        new SearchResponse(QUERY, List.of(), "hybrid_rrf", false, tools, Optional.empty()));
  }

  private static String findToolsResponse(Format format, List<ToolDefinition> hits) {
    if (!format.isJson()) {
      return format.render(hits).text();
    }
    ObjectNode out = Json.object();
    out.put("query", QUERY);
    out.set("tools", format.render(hits).json().orElseThrow());
    return Json.write(out);
  }

  private static List<String> nameTerms(String name) {
    List<String> terms = new ArrayList<>();
    for (String part : name.toLowerCase(Locale.ROOT).split("[_.\\-]+")) {
      if (!part.isEmpty() && terms.size() < 2) {
        terms.add(part);
      }
    }
    return terms;
  }

  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}
