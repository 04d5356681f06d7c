package io.toolgate.format;

import io.toolgate.catalog.ToolDefinition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The XML tools block for models prompted with text instead of a tools API, one block per sandbox.
 *
 * <pre>{@code
 * <tools sandbox="analytics">
 *   <tool name="csv_stats">
 *     <description>Summary statistics of the columns of a CSV file.</description>
 *     <parameters>
 *       <parameter name="path" type="string" required="true" description="Path of the file"/>
 *       <parameter name="filter" type="object" required="false" description="Rows to keep">
 *         <parameter name="column" type="string" required="true"/>
 *       </parameter>
 *     </parameters>
 *   </tool>
 * </tools>
 * }</pre>
 *
 * <p>One {@code parameter} element per property, in the order the schema declares them, with {@code
 * type} ({@code string[]} for an array of strings, {@code a|b} for alternatives), {@code required}
 * and {@code description}, plus {@code values}, {@code format}, {@code minimum}, {@code maximum},
 * {@code pattern} and {@code nullable} when the schema says so. Object parameters (and arrays of
 * objects) nest their fields. Schemas are first simplified as for Gemini ({@link GeminiSchemas}:
 * references inlined, defaults and other limits folded into the description). Tools are sorted by
 * name and sandboxes by name, so the output is deterministic. Text and attributes are XML-escaped.
 * Stateless and thread-safe.
 */
public final class XmlToolsPrompt {
  private XmlToolsPrompt() {}

  /** The block of the tools in {@code sandbox}; tools of other sandboxes are left out. */
  public static String render(String sandbox, List<ToolDefinition> tools) {
    List<ToolDefinition> inSandbox =
        tools.stream()
            .filter(t -> t.sandbox().equals(sandbox))
            .sorted(Comparator.comparing(ToolDefinition::name))
            .toList();
    StringBuilder out = new StringBuilder();
    out.append("<tools sandbox=\"").append(attribute(sandbox)).append("\">\n");
    for (ToolDefinition tool : inSandbox) {
      tool(tool, out);
    }
    return out.append("</tools>\n").toString();
  }

  /** One block per sandbox the tools use, sandboxes sorted by name. */
  public static String renderAll(List<ToolDefinition> tools) {
    Set<String> sandboxes = new TreeSet<>();
    tools.forEach(t -> sandboxes.add(t.sandbox()));
    StringBuilder out = new StringBuilder();
    for (String sandbox : sandboxes) {
      out.append(render(sandbox, tools));
    }
    return out.toString();
  }

  private static void tool(ToolDefinition tool, StringBuilder out) {
    out.append("  <tool name=\"").append(attribute(tool.name())).append("\">\n");
    if (!tool.description().isEmpty()) {
      out.append("    <description>").append(text(tool.description())).append("</description>\n");
    }
    ObjectNode schema = GeminiSchemas.convert(tool.parameters());
    List<String> lines = new ArrayList<>();
    parameters(schema, "      ", lines);
    if (lines.isEmpty()) {
      out.append("    <parameters/>\n");
    } else {
      out.append("    <parameters>\n");
      lines.forEach(line -> out.append(line).append('\n'));
      out.append("    </parameters>\n");
    }
    out.append("  </tool>\n");
  }

  private static void parameters(ObjectNode schema, String indent, List<String> lines) {
    JsonNode properties = schema.get("properties");
    if (properties == null) {
      return;
    }
    Set<String> required = new TreeSet<>();
    schema.path("required").forEach(r -> required.add(r.asString()));
    for (Map.Entry<String, JsonNode> e : properties.properties()) {
      parameter(e.getKey(), e.getValue(), required.contains(e.getKey()), indent, lines);
    }
  }

  private static void parameter(
      String name, JsonNode schema, boolean required, String indent, List<String> lines) {
    Map<String, String> attributes = new LinkedHashMap<>(); // in the order they are shown
    attributes.put("name", name);
    attributes.put("type", typeOf(schema));
    attributes.put("required", Boolean.toString(required));
    String description = schema.path("description").asString("");
    if (!description.isEmpty()) {
      attributes.put("description", description);
    }
    if (schema.get("enum") instanceof JsonNode values && values.isArray()) {
      List<String> shown = new ArrayList<>();
      values.forEach(v -> shown.add(v.asString()));
      attributes.put("values", String.join(", ", shown));
    }
    if (schema.get("format") instanceof JsonNode format && format.isString()) {
      attributes.put("format", format.asString());
    }
    for (String limit : List.of("minimum", "maximum", "pattern")) {
      if (schema.get(limit) instanceof JsonNode value && value.isValueNode()) {
        attributes.put(limit, value.asString());
      }
    }
    if (schema.path("nullable").asBoolean(false)) {
      attributes.put("nullable", "true");
    }
    StringBuilder open = new StringBuilder(indent).append("<parameter");
    attributes.forEach(
        (k, v) -> open.append(' ').append(k).append("=\"").append(attribute(v)).append('"'));
    ObjectNode fields = fieldsOf(schema);
    List<String> children = new ArrayList<>();
    if (fields != null) {
      parameters(fields, indent + "  ", children);
    }
    if (children.isEmpty()) {
      lines.add(open.append("/>").toString());
    } else {
      lines.add(open.append('>').toString());
      lines.addAll(children);
      lines.add(indent + "</parameter>");
    }
  }

  /** The object whose properties nest under a parameter: itself, or its array items. */
  private static ObjectNode fieldsOf(JsonNode schema) {
    if (schema.has("properties") && schema instanceof ObjectNode object) {
      return object;
    }
    JsonNode items = schema.get("items");
    if (items instanceof ObjectNode object && object.has("properties")) {
      return object;
    }
    return null;
  }

  private static String typeOf(JsonNode schema) {
    if (schema.get("anyOf") instanceof JsonNode anyOf && anyOf.isArray()) {
      Set<String> types = new LinkedHashSet<>();
      anyOf.forEach(branch -> types.add(typeOf(branch)));
      return String.join("|", types);
    }
    String type = schema.path("type").asString("");
    if (type.equals("array")) {
      JsonNode items = schema.get("items");
      return (items == null ? "any" : typeOf(items)) + "[]";
    }
    return type.isEmpty() ? "any" : type;
  }

  /** Escapes element content: {@code & < >}; line breaks stay. */
  static String text(String text) {
    return escape(text, false);
  }

  /** Escapes a double-quoted attribute value, line breaks and tabs included. */
  static String attribute(String text) {
    return escape(text, true);
  }

  private static String escape(String text, boolean attribute) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append(attribute ? "&quot;" : "\"");
        case '\n' -> out.append(attribute ? "&#10;" : "\n");
        case '\t' -> out.append(attribute ? "&#9;" : "\t");
        case '\r' -> out.append(attribute ? "&#13;" : "\r");
        default -> {
          // XML 1.0 forbids the other control characters even as references: drop them.
          if (c >= 0x20) {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }
}
