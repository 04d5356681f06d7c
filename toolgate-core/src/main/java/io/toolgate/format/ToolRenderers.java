package io.toolgate.format;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolDefinitionCodec;
import io.toolgate.json.Json;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The JSON shape of one tool for each provider; {@link Format} is the public entry point. */
final class ToolRenderers {
  private ToolRenderers() {}

  /** Chat Completions: {@code {"type":"function","function":{name, description, parameters}}}. */
  static ObjectNode openAiChat(ToolDefinition tool, String name, RenderOptions options) {
    ObjectNode out = Json.object();
    out.put("type", "function");
    ObjectNode function = out.putObject("function");
    function.put("name", name);
    describe(tool, function);
    function.set("parameters", tool.parameters().deepCopy());
    if (options.openAiStrict() && isStrictCompatible(tool.parameters())) {
      function.put("strict", true);
    }
    return out;
  }

  /** Responses API: {@code {"type":"function", name, description, parameters}}. */
  static ObjectNode openAiResponses(ToolDefinition tool, String name, RenderOptions options) {
    ObjectNode out = Json.object();
    out.put("type", "function");
    out.put("name", name);
    describe(tool, out);
    out.set("parameters", tool.parameters().deepCopy());
    if (options.openAiStrict() && isStrictCompatible(tool.parameters())) {
      out.put("strict", true);
    }
    return out;
  }

  /** Anthropic Messages: {@code {name, description, input_schema}}. */
  static ObjectNode anthropic(ToolDefinition tool, String name) {
    ObjectNode out = Json.object();
    out.put("name", name);
    describe(tool, out);
    out.set("input_schema", tool.parameters().deepCopy());
    return out;
  }

  /**
   * Gemini function declaration: {@code {name, description, parameters?}}; the schema is converted
   * by {@link GeminiSchemas} and left out for a tool without arguments.
   */
  static ObjectNode gemini(ToolDefinition tool, String name) {
    ObjectNode out = Json.object();
    out.put("name", name);
    out.put("description", tool.description()); // required by Gemini, even when empty
    GeminiSchemas.parameters(tool.parameters()).ifPresent(p -> out.set("parameters", p));
    return out;
  }

  /**
   * MCP {@code Tool}: {@code {name, title?, description?, inputSchema, outputSchema?,
   * annotations?}}. MCP requires an output schema of type object, so a {@code returns} schema of
   * another type is left out (clients would reject every structured result).
   */
  static ObjectNode mcp(ToolDefinition tool, String name) {
    ObjectNode out = Json.object();
    out.put("name", name);
    if (!tool.title().isEmpty()) {
      out.put("title", tool.title());
    }
    describe(tool, out);
    out.set("inputSchema", tool.parameters().deepCopy());
    tool.returns()
        .filter(r -> "object".equals(r.path("type").asString("")))
        .ifPresent(r -> out.set("outputSchema", r.deepCopy()));
    ObjectNode hints = ToolDefinitionCodec.annotationsJson(tool.annotations());
    if (!hints.isEmpty()) {
      out.set("annotations", hints);
    }
    return out;
  }

  private static void describe(ToolDefinition tool, ObjectNode out) {
    if (!tool.description().isEmpty()) {
      out.put("description", tool.description());
    }
  }

  /**
   * Whether OpenAI would accept {@code schema} in strict mode: every object schema sets {@code
   * additionalProperties: false} and requires all of its properties, and no {@code $ref} leaves the
   * document.
   */
  static boolean isStrictCompatible(JsonNode schema) {
    if (!schema.isObject()) {
      return true;
    }
    JsonNode ref = schema.get("$ref");
    if (ref != null && !ref.asString("").startsWith("#")) {
      return false;
    }
    if (schema.has("properties") || "object".equals(schema.path("type").asString(""))) {
      JsonNode extra = schema.get("additionalProperties");
      if (extra == null || !extra.isBoolean() || extra.asBoolean()) {
        return false;
      }
      Set<String> required = new HashSet<>();
      schema.path("required").forEach(r -> required.add(r.asString()));
      if (!required.containsAll(schema.path("properties").propertyNames())) {
        return false;
      }
    }
    for (String key : List.of("properties", "$defs", "definitions")) {
      for (JsonNode sub : schema.path(key)) {
        if (!isStrictCompatible(sub)) {
          return false;
        }
      }
    }
    for (String key : List.of("items", "anyOf", "oneOf", "allOf", "prefixItems")) {
      JsonNode sub = schema.path(key);
      for (JsonNode part : sub.isArray() ? sub : List.of(sub)) {
        if (!isStrictCompatible(part)) {
          return false;
        }
      }
    }
    return true;
  }
}
