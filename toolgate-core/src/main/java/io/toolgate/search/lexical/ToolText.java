package io.toolgate.search.lexical;

import io.toolgate.catalog.ToolDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
  private static final Pattern SENTENCE_END = Pattern.compile("[.!?](?=\\s)");
  private static final int MAX_SENTENCE_WORDS = 40;

  private ToolText() {}

  /**
   * One parameter of a tool's schema.
   *
   * @param key the property name, e.g. {@code start_date}
   * @param description its {@code description}, or empty
   * @param depth 0 for top-level properties, 1 for properties of those, …
   * @param values its {@code enum} values that are strings ({@code ["celsius", "fahrenheit"]}), at
   *     most {@link #MAX_VALUES}: words a request uses for the tool ("in Fahrenheit")
   */
  public record Parameter(String key, String description, int depth, List<String> values) {
    public Parameter {
      values = List.copyOf(values);
    }

    /** A parameter without enum values. */
    public Parameter(String key, String description, int depth) {
      this(key, description, depth, List.of());
    }
  }

  /** At most this many enum values of a parameter are indexed. */
  public static final int MAX_VALUES = 16;

  /** The description of the tool, preceded by its title when it has one. */
  public static String description(ToolDefinition tool) {
    String title = tool.title();
    if (title.isEmpty() || tool.description().contains(title)) {
      return joinTags(tool.description(), tool);
    }
    return joinTags(title + ". " + tool.description(), tool);
  }

  /**
   * The first sentence of {@code text} (up to the first {@code . ! ?} followed by a space), at most
   * 40 words: what a tool does, before how ({@code "Get the weather forecast for a city. Returns
   * …"} → {@code "Get the weather forecast for a city."}). Text without a sentence end is one
   * sentence.
   */
  public static String firstSentence(String text) {
    Matcher end = SENTENCE_END.matcher(text);
    String sentence = end.find() ? text.substring(0, end.end()) : text;
    String[] words = sentence.strip().split("\\s+");
    return words.length <= MAX_SENTENCE_WORDS
        ? sentence.strip()
        : String.join(" ", List.of(words).subList(0, MAX_SENTENCE_WORDS));
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

  /**
   * Parameter keys, descriptions and enum values as one text: {@code "city The city name. units
   * Temperature units celsius fahrenheit"}.
   */
  public static String parameterText(List<Parameter> parameters) {
    StringBuilder text = new StringBuilder();
    for (Parameter p : parameters) {
      text.append(p.key()).append(' ');
      if (!p.description().isEmpty()) {
        text.append(p.description()).append(' ');
      }
      for (String value : p.values()) {
        text.append(value).append(' ');
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

  private static List<String> enumValues(JsonNode property) {
    JsonNode values = property == null ? null : property.get("enum");
    if (values == null || !values.isArray()) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (JsonNode v : values) {
      if (v.isString() && out.size() < MAX_VALUES) {
        out.add(v.asString());
      }
    }
    return out;
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
        out.add(new Parameter(property.getKey(), text.strip(), depth, enumValues(value)));
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
