package io.toolgate.catalog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads how a declared tool runs: its {@code http} or {@code command} section, into an {@link
 * Implementation}. A tool with neither, or one whose section has problems, gets {@link
 * Implementation.Provided}; the problems go to the tool's {@link ToolDefinitionReader}, so they
 * name the tool and point at the field like every other. One instance per tool; not thread-safe.
 */
final class ImplementationReader {
  private static final Set<String> HTTP_KEYS =
      new TreeSet<>(List.of("method", "url", "headers", "query", "body"));

  private final ToolDefinitionReader reader;

  ImplementationReader(ToolDefinitionReader reader) {
    this.reader = reader;
  }

  Implementation read(ObjectNode tool) {
    boolean hasHttp = tool.hasNonNull("http");
    boolean hasCommand = tool.hasNonNull("command");
    if (hasHttp && hasCommand) {
      reader.problem("/command", "declare either 'http' or 'command', not both");
      return new Implementation.Provided();
    }
    if (hasCommand) {
      int before = reader.problemCount();
      List<String> argv = reader.strings(tool, "command", "");
      if (reader.problemCount() == before) {
        try {
          return new Implementation.Command(argv);
        } catch (IllegalArgumentException e) {
          reader.problem("/command", e.getMessage());
        }
      }
    } else if (hasHttp) {
      return http(tool.get("http"));
    }
    return new Implementation.Provided();
  }

  private Implementation http(JsonNode http) {
    if (!(http instanceof ObjectNode h)) {
      reader.problem("/http", "'http' must be an object with method and url");
      return new Implementation.Provided();
    }
    reader.unknownKeys(h, "/http", "http key", HTTP_KEYS, "known: " + HTTP_KEYS);
    int before = reader.problemCount();
    String method = reader.text(h, "method", "/http").orElse("GET");
    String url = reader.text(h, "url", "/http").orElse(null);
    Map<String, String> headers = stringMap(h, "headers");
    Map<String, String> query = stringMap(h, "query");
    if (reader.problemCount() > before) {
      return new Implementation.Provided();
    }
    try {
      return new Implementation.Http(
          method, url, headers, query, Optional.ofNullable(h.get("body")).filter(b -> !b.isNull()));
    } catch (IllegalArgumentException e) {
      // The record names the field first: "http.method …" or "http.url …".
      String message = e.getMessage();
      String field = message.startsWith("http.method") ? "/method" : "/url";
      reader.problem("/http" + (message.startsWith("http.") ? field : ""), message);
      return new Implementation.Provided();
    }
  }

  private Map<String, String> stringMap(ObjectNode h, String key) {
    JsonNode v = h.get(key);
    if (v == null || v.isNull()) {
      return Map.of();
    }
    if (!v.isObject()) {
      reader.problem("/http/" + key, "http." + key + " must be an object of strings");
      return Map.of();
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : v.properties()) {
      if (!e.getValue().isValueNode() || e.getValue().isNull()) {
        reader.problem(
            "/http/" + key + "/" + e.getKey(),
            "http." + key + "." + e.getKey() + " must be a string");
      } else {
        out.put(e.getKey(), e.getValue().asString());
      }
    }
    return out;
  }
}
