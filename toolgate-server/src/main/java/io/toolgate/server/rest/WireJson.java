package io.toolgate.server.rest;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import io.toolgate.search.MatchSource;
import io.toolgate.search.SearchCapabilities;
import io.toolgate.search.SearchFilter;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchMode;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import io.toolgate.server.ApiException;
import io.toolgate.server.http.JsonBodies;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The JSON shapes of the REST API that are not already defined in core. */
final class WireJson {
  private static final Set<String> SEARCH_FIELDS =
      Set.of("query", "keywords", "limit", "min_score", "filter", "mode");

  private WireJson() {}

  /** The planner view {@code {name, description}}. */
  static ObjectNode plannerView(ToolDefinition tool) {
    return Json.object().put("name", tool.name()).put("description", tool.description());
  }

  /**
   * Reads a {@code tool_search} request: {@code {query, keywords?, limit?, min_score?,
   * filter?{tags, sources}, mode?}}.
   */
  static SearchRequest searchRequest(ObjectNode body) {
    JsonBodies.knownKeys(body, SEARCH_FIELDS, "the search request");
    JsonNode query = body.get("query");
    if (query == null || !query.isString()) {
      throw ApiException.badRequest(
          "the search request needs 'query', a string describing the capability you need");
    }
    int limit = SearchRequest.DEFAULT_LIMIT;
    if (body.hasNonNull("limit")) {
      JsonNode l = body.get("limit");
      if (!l.isIntegralNumber()) {
        throw ApiException.badRequest("limit must be a whole number from 1 to 20, got " + l);
      }
      limit = l.asInt();
    }
    Optional<Double> minScore = Optional.empty();
    if (body.hasNonNull("min_score")) {
      JsonNode m = body.get("min_score");
      if (!m.isNumber()) {
        throw ApiException.badRequest("min_score must be a number from 0 to 1, got " + m);
      }
      minScore = Optional.of(m.asDouble());
    }
    return new SearchRequest(
        query.asString(),
        strings(body.get("keywords"), "keywords"),
        limit,
        minScore,
        filter(body.get("filter")),
        mode(body.get("mode")));
  }

  private static SearchFilter filter(JsonNode node) {
    if (node == null || node.isNull()) {
      return SearchFilter.NONE;
    }
    if (!(node instanceof ObjectNode f)) {
      throw ApiException.badRequest("filter must be an object such as {\"tags\": [\"email\"]}");
    }
    JsonBodies.knownKeys(f, Set.of("tags", "sources"), "filter");
    return new SearchFilter(
        strings(f.get("tags"), "filter.tags"), strings(f.get("sources"), "filter.sources"), null);
  }

  private static SearchMode mode(JsonNode node) {
    if (node == null || node.isNull()) {
      return SearchMode.HYBRID;
    }
    String text = node.asString("").toUpperCase(Locale.ROOT);
    for (SearchMode m : SearchMode.values()) {
      if (m.name().equals(text)) {
        return m;
      }
    }
    throw ApiException.badRequest("mode must be one of hybrid, lexical, vector; got " + node);
  }

  private static List<String> strings(JsonNode node, String what) {
    if (node == null || node.isNull()) {
      return List.of();
    }
    if (node.isString()) {
      return List.of(node.asString());
    }
    if (!node.isArray()) {
      throw ApiException.badRequest(what + " must be a list of strings");
    }
    List<String> out = new ArrayList<>();
    for (JsonNode item : node) {
      if (!item.isString()) {
        throw ApiException.badRequest(what + " must be a list of strings, found " + item);
      }
      out.add(item.asString());
    }
    return out;
  }

  /** The {@code tool_search} response, as DESIGN.md shows it. */
  static ObjectNode searchResponse(SearchResponse response) {
    ObjectNode out = Json.object();
    out.put("query", response.query());
    ArrayNode keywords = out.putArray("keywords");
    response.keywords().forEach(keywords::add);
    out.put("search_mode", response.searchMode());
    out.put("fallback", response.fallback());
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

  /** The search part of the capabilities document. */
  static ObjectNode capabilities(SearchCapabilities c) {
    ObjectNode out = Json.object();
    ArrayNode backends = out.putArray("backends");
    c.backends().forEach(backends::add);
    c.embeddingModel().ifPresent(m -> out.put("embedding_model", m));
    out.put("vectors_ready", c.vectorsReady());
    out.put("indexed_tools", c.indexedTools());
    out.put("fusion", c.fusion());
    out.put("search_mode", searchMode(c));
    return out;
  }

  /** The mode a search runs in now: {@code hybrid_<fusion>} once vectors are ready. */
  static String searchMode(SearchCapabilities c) {
    return (c.vectorsReady() ? "hybrid_" : "lexical_") + c.fusion();
  }

  static double round(double v) {
    return Math.round(v * 10_000) / 10_000.0;
  }
}
