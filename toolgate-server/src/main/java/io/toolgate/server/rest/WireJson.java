package io.toolgate.server.rest;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import io.toolgate.search.SearchCapabilities;
import io.toolgate.search.SearchJson;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON shapes of the REST API that core does not define; {@code tool_search} requests and
 * responses use core's {@link SearchJson}, ToolResults {@code ToolResultJson}, definitions {@code
 * ToolDefinitionCodec}, so every surface speaks the same wire format.
 */
final class WireJson {
  private WireJson() {}

  /** The planner view {@code {name, description}}. */
  static ObjectNode plannerView(ToolDefinition tool) {
    return Json.object().put("name", tool.name()).put("description", tool.description());
  }

  /** The search part of the capabilities document, with the mode searches run in now. */
  static ObjectNode capabilities(SearchCapabilities c) {
    ObjectNode out = SearchJson.capabilitiesJson(c);
    out.put("search_mode", searchMode(c));
    return out;
  }

  /** The mode a search runs in now: {@code hybrid_<fusion>} once vectors are ready. */
  static String searchMode(SearchCapabilities c) {
    return (c.vectorsReady() ? "hybrid_" : "lexical_") + c.fusion();
  }
}
