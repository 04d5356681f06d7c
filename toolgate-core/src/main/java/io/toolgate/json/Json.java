package io.toolgate.json;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The project's one JSON toolkit: shared mappers, tree helpers and canonical serialization.
 *
 * <p>Every module reads and writes JSON through these mappers so that number handling and property
 * order are the same everywhere. All members are thread-safe.
 */
public final class Json {
  private static final JsonMapper MAPPER = JsonMapper.builder().build();
  private static final YAMLMapper YAML = YAMLMapper.builder().build();

  private Json() {}

  /** The shared JSON mapper. */
  public static JsonMapper mapper() {
    return MAPPER;
  }

  /** The shared YAML mapper (reads YAML into the same tree model). */
  public static YAMLMapper yaml() {
    return YAML;
  }

  /** A new empty object node. */
  public static ObjectNode object() {
    return JsonNodeFactory.instance.objectNode();
  }

  /** A new empty array node. */
  public static ArrayNode array() {
    return JsonNodeFactory.instance.arrayNode();
  }

  /**
   * Parses JSON text into a tree.
   *
   * @throws JacksonException when the text is not JSON
   */
  public static JsonNode parse(String json) {
    return MAPPER.readTree(json);
  }

  /** Parses JSON text that must be an object; the message names {@code what} otherwise. */
  public static ObjectNode parseObject(String json, String what) {
    JsonNode node = parse(json);
    if (!(node instanceof ObjectNode object)) {
      throw new IllegalArgumentException(
          what
              + " must be a JSON object, got "
              + node.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
    }
    return object;
  }

  /** Compact JSON text of a tree or of any value Jackson can map. */
  public static String write(Object value) {
    return MAPPER.writeValueAsString(value);
  }

  /** Indented JSON text, for people. */
  public static String pretty(Object value) {
    return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
  }

  /** Converts any mappable value (maps, lists, records) to a tree. */
  public static JsonNode tree(Object value) {
    return MAPPER.valueToTree(value);
  }

  /** Converts a tree to plain Java values: maps, lists, strings, numbers, booleans, null. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> toMap(JsonNode object) {
    return MAPPER.convertValue(object, Map.class);
  }

  /**
   * Canonical JSON: object keys sorted by code point at every depth, no insignificant whitespace,
   * numbers as Jackson writes them. Two trees that are equal as JSON values give the same text,
   * which makes it the input of checksums.
   */
  public static String canonical(JsonNode node) {
    StringBuilder out = new StringBuilder();
    writeCanonical(node, out);
    return out.toString();
  }

  private static void writeCanonical(JsonNode node, StringBuilder out) {
    if (node.isObject()) {
      List<String> names = new ArrayList<>(node.propertyNames());
      Collections.sort(names);
      out.append('{');
      for (int i = 0; i < names.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        out.append(MAPPER.writeValueAsString(names.get(i))).append(':');
        writeCanonical(node.get(names.get(i)), out);
      }
      out.append('}');
    } else if (node.isArray()) {
      out.append('[');
      for (int i = 0; i < node.size(); i++) {
        if (i > 0) {
          out.append(',');
        }
        writeCanonical(node.get(i), out);
      }
      out.append(']');
    } else {
      out.append(MAPPER.writeValueAsString(node));
    }
  }
}
