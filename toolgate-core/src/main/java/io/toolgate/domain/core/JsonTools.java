package io.toolgate.domain.core;

import io.toolgate.catalog.java.Hint;
import io.toolgate.catalog.java.Tool;
import io.toolgate.catalog.java.ToolParam;
import io.toolgate.json.Json;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The JSONPath tool of the core domain. */
final class JsonTools {
  /** The most matches one call returns. */
  static final int MAX_MATCHES = 1_000;

  @Tool(
      name = "json_query",
      title = "Query JSON with JSONPath",
      description =
          "Selects values from a JSON document with a JSONPath query: $ (root), .key or ['key'],"
              + " [0] and [-1], [*] and .*, [start:end:step] slices, ..key (any depth), unions"
              + " ['a','b'], and filters such as [?(@.price < 10 && @.in_stock == true)]. Returns"
              + " the matching values with their paths. The document may also be given as a JSON"
              + " string.",
      tags = {"json", "data"},
      readOnly = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {
        "{\"document\": {\"items\": [{\"sku\": \"a\", \"qty\": 2}, {\"sku\": \"b\", \"qty\": 0}]},"
            + " \"path\": \"$.items[?(@.qty > 0)].sku\"}"
      })
  public ObjectNode query(
      @ToolParam(description = "The JSON document (any JSON value, or JSON text)")
          JsonNode document,
      @ToolParam(description = "The JSONPath query, starting with $, e.g. $.store.book[*].author")
          String path,
      @ToolParam(description = "The most matches to return, 1 to 1000", defaultValue = "100")
          int limit) {
    if (limit < 1 || limit > MAX_MATCHES) {
      throw new IllegalArgumentException("limit must be 1 to " + MAX_MATCHES + ", got " + limit);
    }
    JsonNode root = document;
    if (document.isString()) {
      try {
        root = Json.parse(document.asString());
      } catch (RuntimeException notJson) {
        // a plain string document: queries other than $ find nothing in it
      }
    }
    List<JsonPath.Match> matches = JsonPath.compile(path).select(root);
    ObjectNode out = Json.object();
    out.put("path", path);
    out.put("count", matches.size());
    ArrayNode values = out.putArray("values");
    ArrayNode paths = out.putArray("paths");
    for (JsonPath.Match m : matches.subList(0, Math.min(limit, matches.size()))) {
      values.add(m.value());
      paths.add(m.path());
    }
    out.put("truncated", matches.size() > limit);
    return out;
  }
}
