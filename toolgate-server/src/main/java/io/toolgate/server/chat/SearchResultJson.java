package io.toolgate.server.chat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.format.Format;
import io.toolgate.format.ProviderNames;
import io.toolgate.json.Json;
import io.toolgate.search.MatchSource;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchResponse;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the model reads after a search: the Spice-shaped {@code tool_search} response, or {@code
 * find_tools}' tools in a provider format (RFC 0001).
 */
final class SearchResultJson {
  private SearchResultJson() {}

  /**
   * {@code {query, keywords, search_mode, fallback, tools: [{tool_id, …, match_sources}], hint?}}.
   */
  static ObjectNode toolSearch(SearchResponse response) {
    ObjectNode out = header(response);
    ArrayNode tools = out.putArray("tools");
    for (SearchHit hit : response.tools()) {
      ObjectNode t = tools.addObject();
      t.put("tool_id", hit.tool().name());
      t.put("description", hit.tool().description());
      t.set("parameters", hit.tool().parameters());
      t.put("score", round(hit.score()));
      ArrayNode terms = t.putArray("matched_terms");
      hit.matchedTerms().forEach(terms::add);
      ArrayNode sources = t.putArray("match_sources");
      for (MatchSource m : hit.matchSources()) {
        sources
            .addObject()
            .put("source", m.source())
            .put("rank", m.rank())
            .put("score", round(m.score()));
      }
    }
    response.hint().ifPresent(h -> out.put("hint", h));
    return out;
  }

  /**
   * {@code {query, search_mode, fallback, format, tools: [...]}}, the tools rendered in {@code
   * format} with the conversation's provider names, so the model can call them as they appear.
   */
  static ObjectNode findTools(SearchResponse response, Format format, ProviderNames names) {
    ObjectNode out = header(response);
    out.remove("keywords");
    out.put("format", format.id());
    List<ToolDefinition> tools = response.tools().stream().map(SearchHit::tool).toList();
    ProviderNames table =
        names.rule() == format.nameRule() ? names : format.namesFor(List.copyOf(tools));
    out.set("tools", format.render(tools, table).json().orElseThrow());
    if (tools.isEmpty()) {
      out.put("hint", response.hint().orElse("no tool matched; describe the task in other words"));
    } else {
      response.hint().ifPresent(h -> out.put("hint", h));
    }
    return out;
  }

  private static ObjectNode header(SearchResponse response) {
    ObjectNode out = Json.object();
    out.put("query", response.query());
    ArrayNode keywords = out.putArray("keywords");
    response.keywords().forEach(keywords::add);
    out.put("search_mode", response.searchMode());
    out.put("fallback", response.fallback());
    return out;
  }

  private static double round(double v) {
    return Math.round(v * 10_000) / 10_000.0;
  }
}
