package io.toolgate.server.chat;

import io.toolgate.json.Json;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Rebuilds the assistant message of choice 0 from streamed {@code chat.completion.chunk}s: text
 * fields are concatenated, tool calls are assembled by their {@code index} (id, name and argument
 * fragments), and the finish reason and usage are kept. Not thread-safe.
 */
final class MessageAccumulator {
  private final Map<String, StringBuilder> text = new TreeMap<>();
  private final Map<String, JsonNode> other = new TreeMap<>();
  private final Map<Integer, ToolCallParts> calls = new TreeMap<>();
  private String finishReason;
  private JsonNode usage;
  private String id;
  private long created;
  private String systemFingerprint;

  private static final class ToolCallParts {
    String id;
    String type = "function";
    final StringBuilder name = new StringBuilder();
    final StringBuilder arguments = new StringBuilder();
  }

  void add(ObjectNode chunk) {
    if (id == null && chunk.path("id").isString()) {
      id = chunk.get("id").asString();
      created = chunk.path("created").asLong(0);
    }
    if (chunk.path("system_fingerprint").isString()) {
      systemFingerprint = chunk.get("system_fingerprint").asString();
    }
    if (chunk.has("usage") && chunk.get("usage").isObject()) {
      usage = chunk.get("usage");
    }
    for (JsonNode choice : chunk.path("choices")) {
      if (choice.path("index").asInt(0) != 0) {
        continue;
      }
      JsonNode delta = choice.path("delta");
      for (Map.Entry<String, JsonNode> field : delta.properties()) {
        String key = field.getKey();
        JsonNode value = field.getValue();
        if (key.equals("tool_calls")) {
          value.forEach(this::addCall);
        } else if (value.isString() && !key.equals("role")) {
          text.computeIfAbsent(key, k -> new StringBuilder()).append(value.asString());
        } else if (!value.isNull()) {
          other.put(key, value);
        }
      }
      if (choice.path("finish_reason").isString()) {
        finishReason = choice.get("finish_reason").asString();
      }
    }
  }

  private void addCall(JsonNode delta) {
    ToolCallParts parts =
        calls.computeIfAbsent(delta.path("index").asInt(calls.size()), i -> new ToolCallParts());
    if (delta.path("id").isString() && !delta.get("id").asString().isEmpty()) {
      parts.id = delta.get("id").asString();
    }
    if (delta.path("type").isString()) {
      parts.type = delta.get("type").asString();
    }
    JsonNode function = delta.path("function");
    if (function.path("name").isString()) {
      parts.name.append(function.get("name").asString());
    }
    if (function.path("arguments").isString()) {
      parts.arguments.append(function.get("arguments").asString());
    }
  }

  /** The assembled message: {@code role}, {@code content} (null when none), {@code tool_calls}. */
  ObjectNode message() {
    ObjectNode out = Json.object();
    out.put("role", "assistant");
    other.forEach(
        (k, v) -> {
          if (!k.equals("role")) {
            out.set(k, v);
          }
        });
    text.forEach((k, v) -> out.put(k, v.toString()));
    if (!out.has("content")) {
      out.putNull("content");
    }
    if (!calls.isEmpty()) {
      ArrayNode array = out.putArray("tool_calls");
      for (Map.Entry<Integer, ToolCallParts> e : calls.entrySet()) {
        ToolCallParts p = e.getValue();
        ObjectNode call = array.addObject();
        call.put("id", p.id == null ? "call_toolgate_" + e.getKey() : p.id);
        call.put("type", p.type);
        ObjectNode function = call.putObject("function");
        function.put("name", p.name.toString());
        function.put("arguments", p.arguments.toString());
      }
    }
    return out;
  }

  Optional<String> finishReason() {
    return Optional.ofNullable(finishReason);
  }

  Optional<JsonNode> usage() {
    return Optional.ofNullable(usage);
  }

  Optional<String> id() {
    return Optional.ofNullable(id);
  }

  long created() {
    return created;
  }

  Optional<String> systemFingerprint() {
    return Optional.ofNullable(systemFingerprint);
  }
}
