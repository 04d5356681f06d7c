package io.toolgate.server.chat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.format.Format;
import io.toolgate.format.ProviderNames;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchJson;
import io.toolgate.search.SearchResponse;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the model reads after {@code find_tools} (RFC 0001): the search header with the tools
 * rendered in a provider format, under the conversation's provider names so the model can call them
 * as they appear. ({@code tool_search} answers with {@link SearchJson#toJson} as it is.)
 */
final class SearchResultJson {
  private SearchResultJson() {}

  /** {@code {query, search_mode, fallback, format, tools: [...], hint?}}. */
  static ObjectNode findTools(SearchResponse response, Format format, ProviderNames names) {
    ObjectNode out = SearchJson.toJson(response);
    out.remove(List.of("keywords", "tools", "hint"));
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
}
