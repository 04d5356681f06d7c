package io.toolgate.format;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolDefinitionCodec;
import io.toolgate.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Tool definitions for rendering, exposure and token tests. */
public final class SampleTools {
  private SampleTools() {}

  /**
   * The four golden-test tools of {@code golden/tools.json}: simple, nested (with {@code $ref}), a
   * dotted name longer than 64 characters, and one with a title, returns and annotations.
   */
  public static List<ToolDefinition> golden() {
    JsonNode array = Json.parse(resource("golden/tools.json"));
    List<ToolDefinition> tools = new ArrayList<>();
    array.forEach(t -> tools.add(ToolDefinitionCodec.fromJson(t, "file:golden/tools.json")));
    return tools;
  }

  /** The golden tool called {@code name}. */
  public static ToolDefinition golden(String name) {
    return golden().stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  /** A tool with the given parameters schema. */
  public static ToolDefinition withSchema(String name, String schemaJson) {
    return ToolDefinition.builder(name, Json.parse(schemaJson)).description("Test tool.").build();
  }

  /** A small tool. */
  public static ToolDefinition tool(String name) {
    return tool(name, "test");
  }

  /** A small tool from {@code source}. */
  public static ToolDefinition tool(String name, String source) {
    return ToolDefinition.builder(name, Json.parse("{\"type\":\"object\",\"properties\":{}}"))
        .description("Does " + name + ".")
        .source(source)
        .build();
  }

  /** {@code n} small tools named {@code tool_000}, {@code tool_001}, … */
  public static List<ToolDefinition> many(int n) {
    List<ToolDefinition> tools = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      tools.add(tool(String.format(Locale.ROOT, "tool_%03d", i)));
    }
    return tools;
  }

  /**
   * {@code n} realistic tools (a description of a sentence or two, four to seven described
   * parameters) whose sizes vary deterministically, like a real catalog.
   */
  public static List<ToolDefinition> realistic(int n) {
    String[] domains = {"calendar", "email", "crm", "payments", "shipping", "files", "sql"};
    String[] verbs = {"create", "list", "get", "update", "delete", "search", "export"};
    List<ToolDefinition> tools = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String domain = domains[i % domains.length];
      String verb = verbs[(i / domains.length) % verbs.length];
      String name = String.format(Locale.ROOT, "%s_%s_item_%02d", domain, verb, i);
      ObjectNode schema = Json.object().put("type", "object");
      ObjectNode props = schema.putObject("properties");
      ArrayNode required = schema.putArray("required");
      int params = 4 + i % 4;
      for (int p = 0; p < params; p++) {
        String field = String.format(Locale.ROOT, "field_%d", p);
        ObjectNode prop = props.putObject(field);
        prop.put("type", p % 3 == 0 ? "integer" : "string");
        prop.put(
            "description",
            "The " + field + " of the " + domain + " item to " + verb + ", as shown in the app");
        if (p < 2) {
          required.add(field);
        }
      }
      tools.add(
          ToolDefinition.builder(name, schema)
              .description(
                  "Use this to "
                      + verb
                      + " a "
                      + domain
                      + " item by its fields. Returns the item with its id, status and timestamps.")
              .build());
    }
    return tools;
  }

  /** A classpath resource as text. */
  public static String resource(String path) {
    try (InputStream in = SampleTools.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
