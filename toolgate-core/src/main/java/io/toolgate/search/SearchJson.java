package io.toolgate.search;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The wire form of {@code tool_search}: the one mapping every surface (REST, MCP, chat proxy, CLI)
 * uses.
 *
 * <pre>{@code
 * {"query": "…", "keywords": ["distinct"], "search_mode": "hybrid_rrf", "fallback": false,
 *  "tools": [{"tool_id": "sql", "description": "…", "parameters": {…}, "score": 0.93,
 *             "matched_terms": ["count"], "match_sources": [{"source": "full_text",
 *             "rank": 1, "score": 4.23}]}]}
 * }</pre>
 *
 * <p>Scores are rounded to four decimals. Reading a request is strict: unknown keys and values out
 * of range are {@link InvalidSearchException}s that name the key and the legal values. A client of
 * the REST API writes requests with {@link #requestToJson} and reads responses back with {@link
 * #responseFromJson}.
 */
public final class SearchJson {
  private static final Set<String> REQUEST_KEYS =
      new TreeSet<>(List.of("query", "keywords", "limit", "min_score", "filter", "mode"));
  private static final Set<String> FILTER_KEYS = new TreeSet<>(List.of("tags", "sources"));

  private SearchJson() {}

  /** The {@code tool_search} response. */
  public static ObjectNode toJson(SearchResponse response) {
    ObjectNode out = Json.object();
    out.put("query", response.query());
    ArrayNode keywords = out.putArray("keywords");
    response.keywords().forEach(keywords::add);
    out.put("search_mode", response.searchMode());
    out.put("fallback", response.fallback());
    ArrayNode tools = out.putArray("tools");
    response.tools().forEach(hit -> tools.add(hitJson(hit)));
    response.hint().ifPresent(h -> out.put("hint", h));
    return out;
  }

  /**
   * One hit: {@code tool_id}, description, parameters, {@code checksum}, score, matched terms,
   * channel ranks. The {@code checksum} is the definition's (RFC 0001's open question on tool
   * versioning): it changes with anything that changes the tool's behaviour, equals the {@code
   * ETag} of {@code GET /v1/tools/{name}} (without the quotes), and tells a client whether the
   * schema it cached is stale. It is not called {@code version}: that is the tool's own version
   * string in its definition.
   */
  public static ObjectNode hitJson(SearchHit hit) {
    ObjectNode t = Json.object();
    t.put("tool_id", hit.tool().name());
    t.put("description", hit.tool().description());
    t.set("parameters", hit.tool().parameters());
    hit.tool().returns().ifPresent(r -> t.set("returns", r));
    t.put("checksum", hit.tool().checksum());
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
    return t;
  }

  /**
   * Reads a {@code tool_search} response back, e.g. one a remote gateway returned. Each hit's tool
   * is the search view the wire carries: name, description, parameters and returns (the rest of the
   * definition is at {@code GET /v1/tools/{name}}).
   *
   * @throws IllegalArgumentException when {@code json} is not a search response object
   */
  public static SearchResponse responseFromJson(JsonNode json) {
    if (json == null || !json.isObject() || !json.path("tools").isArray()) {
      throw new IllegalArgumentException(
          "a tool_search response is an object with a tools array, got " + json);
    }
    List<SearchHit> hits = new ArrayList<>();
    for (JsonNode t : json.get("tools")) {
      hits.add(hitFromJson(t));
    }
    List<String> keywords = new ArrayList<>();
    json.path("keywords").forEach(k -> keywords.add(k.asString()));
    return new SearchResponse(
        json.path("query").asString(""),
        keywords,
        json.path("search_mode").asString(""),
        json.path("fallback").asBoolean(false),
        hits,
        json.hasNonNull("hint") ? Optional.of(json.get("hint").asString()) : Optional.empty());
  }

  private static SearchHit hitFromJson(JsonNode t) {
    ToolDefinition.Builder tool =
        ToolDefinition.builder(t.path("tool_id").asString(""), t.path("parameters"))
            .description(t.path("description").asString(""));
    if (t.hasNonNull("returns")) {
      tool.returns(t.get("returns"));
    }
    List<String> terms = new ArrayList<>();
    t.path("matched_terms").forEach(m -> terms.add(m.asString()));
    List<MatchSource> sources = new ArrayList<>();
    for (JsonNode m : t.path("match_sources")) {
      sources.add(
          new MatchSource(
              m.path("source").asString(""), m.path("rank").asInt(0), m.path("score").asDouble()));
    }
    return new SearchHit(tool.build(), t.path("score").asDouble(), terms, sources);
  }

  /**
   * The JSON body of {@code request} for {@code POST /v1/tools:search}; {@link #requestFromJson}
   * reads it back. The filter's {@code allow} predicate is code and does not travel: only its tags
   * and sources do.
   */
  public static ObjectNode requestToJson(SearchRequest request) {
    ObjectNode out = Json.object();
    out.put("query", request.query());
    if (!request.keywords().isEmpty()) {
      ArrayNode keywords = out.putArray("keywords");
      request.keywords().forEach(keywords::add);
    }
    out.put("limit", request.limit());
    request.minScore().ifPresent(m -> out.put("min_score", m));
    SearchFilter filter = request.filter();
    if (!filter.tags().isEmpty() || !filter.sources().isEmpty()) {
      ObjectNode f = out.putObject("filter");
      if (!filter.tags().isEmpty()) {
        filter.tags().forEach(f.putArray("tags")::add);
      }
      if (!filter.sources().isEmpty()) {
        filter.sources().forEach(f.putArray("sources")::add);
      }
    }
    out.put("mode", request.mode().name().toLowerCase(Locale.ROOT));
    return out;
  }

  /** The capabilities document: active backends, embedding model, whether vectors are ready. */
  public static ObjectNode capabilitiesJson(SearchCapabilities caps) {
    ObjectNode out = Json.object();
    ArrayNode backends = out.putArray("backends");
    caps.backends().forEach(backends::add);
    out.put("keyword", caps.backends().contains("keyword"));
    out.put("vector", caps.backends().contains("vector"));
    caps.embeddingModel().ifPresent(m -> out.put("embedding_model", m));
    out.put("vectors_ready", caps.vectorsReady());
    out.put("indexed_tools", caps.indexedTools());
    out.put("fusion", caps.fusion());
    return out;
  }

  /**
   * Reads a {@code tool_search} request: {@code {query, keywords?, limit?, min_score?,
   * filter?{tags, sources}, mode?}}.
   *
   * @param defaultLimit the limit when the request has none
   * @throws InvalidSearchException naming the bad key or value and the fix
   */
  public static SearchRequest requestFromJson(JsonNode body, int defaultLimit) {
    if (!(body instanceof ObjectNode request)) {
      throw new InvalidSearchException(
          "a search request must be a JSON object such as {\"query\": \"send an email\"}");
    }
    for (String key : request.propertyNames()) {
      if (!REQUEST_KEYS.contains(key)) {
        throw new InvalidSearchException(
            "unknown search field '" + key + "'; known fields: " + REQUEST_KEYS);
      }
    }
    JsonNode query = request.get("query");
    if (query != null && !query.isNull() && !query.isString()) {
      throw new InvalidSearchException("query must be a string, got " + query);
    }
    int limit = defaultLimit;
    if (request.hasNonNull("limit")) {
      JsonNode l = request.get("limit");
      if (!l.isIntegralNumber() || !l.canConvertToLong() || l.asLong() < 1) {
        // canConvertToLong first: asLong() throws on an integer beyond 64 bits.
        throw new InvalidSearchException(
            "limit must be a whole number from 1 to "
                + SearchRequest.MAX_LIMIT
                + " (larger ones are capped), got "
                + l);
      }
      limit = (int) Math.min(l.asLong(), SearchRequest.MAX_LIMIT);
    }
    Optional<Double> minScore = Optional.empty();
    if (request.hasNonNull("min_score")) {
      JsonNode m = request.get("min_score");
      if (!m.isNumber()) {
        throw new InvalidSearchException("min_score must be a number from 0 to 1, got " + m);
      }
      minScore = Optional.of(m.asDouble());
    }
    return new SearchRequest(
        query == null || query.isNull() ? "" : query.asString(),
        strings(request.get("keywords"), "keywords"),
        limit,
        minScore,
        filter(request.get("filter")),
        mode(request.get("mode")));
  }

  /**
   * Parses a mode name: {@code hybrid}, {@code lexical} or {@code vector}.
   *
   * @throws InvalidSearchException for any other value
   */
  public static SearchMode parseMode(String name) {
    try {
      return SearchMode.valueOf(name.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new InvalidSearchException(
          "mode must be one of hybrid, lexical, vector; got '" + name + "'");
    }
  }

  private static SearchMode mode(JsonNode node) {
    if (node == null || node.isNull()) {
      return SearchMode.HYBRID;
    }
    if (!node.isString()) {
      throw new InvalidSearchException("mode must be one of hybrid, lexical, vector; got " + node);
    }
    return parseMode(node.asString());
  }

  private static SearchFilter filter(JsonNode node) {
    if (node == null || node.isNull()) {
      return SearchFilter.NONE;
    }
    if (!node.isObject()) {
      throw new InvalidSearchException(
          "filter must be an object such as {\"tags\": [\"email\"], \"sources\": [\"mcp:*\"]}");
    }
    for (String key : node.propertyNames()) {
      if (!FILTER_KEYS.contains(key)) {
        throw new InvalidSearchException(
            "unknown filter field '" + key + "'; known fields: " + FILTER_KEYS);
      }
    }
    return new SearchFilter(
        strings(node.get("tags"), "filter.tags"),
        strings(node.get("sources"), "filter.sources"),
        null);
  }

  private static List<String> strings(JsonNode node, String what) {
    if (node == null || node.isNull()) {
      return List.of();
    }
    if (node.isString()) {
      return List.of(node.asString());
    }
    if (!node.isArray()) {
      throw new InvalidSearchException(what + " must be a list of strings, got " + node);
    }
    List<String> out = new ArrayList<>();
    for (JsonNode item : node) {
      if (!item.isString()) {
        throw new InvalidSearchException(what + " must hold only strings, got " + item);
      }
      out.add(item.asString());
    }
    return out;
  }

  /** Four decimals: enough to compare, short on the wire. */
  public static double round(double v) {
    return Math.round(v * 10_000) / 10_000.0;
  }
}
