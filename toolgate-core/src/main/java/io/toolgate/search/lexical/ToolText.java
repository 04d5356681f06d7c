package io.toolgate.search.lexical;

import io.toolgate.catalog.ToolDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The searchable text of a tool: its name, what it does, and its parameters (every key of the
 * schema, recursively, with its description).
 *
 * <p>Stateless and thread-safe.
 */
public final class ToolText {
  private static final int MAX_DEPTH = 8;
  private static final List<String> NESTED = List.of("anyOf", "oneOf", "allOf");

  private ToolText() {}

  /**
   * One parameter of a tool's schema.
   *
   * @param key the property name, e.g. {@code start_date}
   * @param description its {@code description}, or empty
   * @param depth 0 for top-level properties, 1 for properties of those, …
   */
  public record Parameter(String key, String description, int depth) {}

  /** The description of the tool, preceded by its title when it has one. */
  public static String description(ToolDefinition tool) {
    String title = tool.title();
    if (title.isEmpty() || tool.description().contains(title)) {
      return joinTags(tool.description(), tool);
    }
    return joinTags(title + ". " + tool.description(), tool);
  }

  private static String joinTags(String text, ToolDefinition tool) {
    return tool.tags().isEmpty() ? text : text + " " + String.join(" ", tool.tags());
  }

  /** Every property of the parameter schema, depth first, in schema order. */
  public static List<Parameter> parameters(ToolDefinition tool) {
    List<Parameter> out = new ArrayList<>();
    walk(tool.parameters(), 0, out);
    return out;
  }

  /** Parameter keys and descriptions as one text: {@code "city The city name. units …"}. */
  public static String parameterText(List<Parameter> parameters) {
    StringBuilder text = new StringBuilder();
    for (Parameter p : parameters) {
      text.append(p.key()).append(' ');
      if (!p.description().isEmpty()) {
        text.append(p.description()).append(' ');
      }
    }
    return text.toString().strip();
  }

  /** Parameter keys only, space-separated: {@code "city units"}. */
  public static String parameterKeys(List<Parameter> parameters) {
    StringBuilder text = new StringBuilder();
    for (Parameter p : parameters) {
      text.append(p.key()).append(' ');
    }
    return text.toString().strip();
  }

  private static void walk(JsonNode schema, int depth, List<Parameter> out) {
    if (schema == null || !schema.isObject() || depth > MAX_DEPTH) {
      return;
    }
    JsonNode properties = schema.get("properties");
    if (properties != null && properties.isObject()) {
      for (Map.Entry<String, JsonNode> property : properties.properties()) {
        JsonNode value = property.getValue();
        JsonNode description = value == null ? null : value.get("description");
        String text = description != null && description.isString() ? description.asString() : "";
        out.add(new Parameter(property.getKey(), text.strip(), depth));
        walk(value, depth + 1, out);
      }
    }
    JsonNode items = schema.get("items");
    if (items != null) {
      walk(items, depth, out);
    }
    for (String nested : NESTED) {
      JsonNode options = schema.get(nested);
      if (options != null && options.isArray()) {
        for (JsonNode option : options) {
          walk(option, depth, out);
        }
      }
    }
  }
}
