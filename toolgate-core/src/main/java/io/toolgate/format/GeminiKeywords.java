package io.toolgate.format;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The stateless keyword rules of {@link GeminiConverter}: types, values and scalar limits. */
final class GeminiKeywords {
  /** The formats Gemini documents, per type; others become a description note. */
  private static final Map<String, Set<String>> FORMATS =
      Map.of(
          "string", Set.of("date-time", "enum"),
          "integer", Set.of("int32", "int64"),
          "number", Set.of("float", "double"));

  private GeminiKeywords() {}

  static String inferType(ObjectNode schema) {
    if (schema.has("properties") || schema.has("additionalProperties")) {
      return "object";
    }
    if (schema.has("items") || schema.has("prefixItems")) {
      return "array";
    }
    List<JsonNode> values = new ArrayList<>();
    if (schema.has("const")) {
      values.add(schema.get("const"));
    }
    if (schema.get("enum") instanceof ArrayNode e) {
      e.forEach(values::add);
    }
    String fromValues = typeOfValues(values);
    if (fromValues != null) {
      return fromValues;
    }
    if (schema.has("pattern") || schema.has("minLength") || schema.has("maxLength")) {
      return "string";
    }
    if (schema.has("minimum") || schema.has("maximum")) {
      return "number";
    }
    return null;
  }

  static String typeOfValues(List<JsonNode> values) {
    Set<String> kinds = new LinkedHashSet<>();
    for (JsonNode v : values) {
      if (v.isString()) {
        kinds.add("string");
      } else if (v.isIntegralNumber()) {
        kinds.add("integer");
      } else if (v.isNumber()) {
        kinds.add("number");
      } else if (v.isBoolean()) {
        kinds.add("boolean");
      }
    }
    if (kinds.equals(Set.of("integer", "number"))) {
      return "number";
    }
    return kinds.size() == 1 ? kinds.iterator().next() : null;
  }

  /** Handles const and enum; returns the (possibly inferred) type. */
  static String values(ObjectNode schema, String type, ObjectNode body, SchemaNotes notes) {
    List<JsonNode> values = new ArrayList<>();
    JsonNode constant = schema.get("const");
    if (constant != null) {
      values.add(constant);
    } else if (schema.get("enum") instanceof ArrayNode e) {
      e.forEach(values::add);
    }
    if (values.isEmpty()) {
      return type;
    }
    if (values.removeIf(JsonNode::isNull)) {
      notes.nullable = true;
    }
    boolean allStrings = !values.isEmpty() && values.stream().allMatch(JsonNode::isString);
    if (allStrings && (type == null || type.equals("string"))) {
      ArrayNode array = body.putArray("enum");
      values.forEach(v -> array.add(v.asString()));
      return "string";
    }
    if (!values.isEmpty()) {
      List<String> shown = values.stream().map(SchemaNotes::show).toList();
      notes.add(
          constant != null
              ? "Must be " + shown.getFirst() + "."
              : "One of: " + String.join(", ", shown) + ".");
    }
    return type != null ? type : typeOfValues(values);
  }

  static void stringKeywords(ObjectNode schema, ObjectNode body, SchemaNotes notes) {
    copyInteger(schema, body, "minLength");
    copyInteger(schema, body, "maxLength");
    if (schema.get("pattern") instanceof JsonNode p && p.isString()) {
      body.put("pattern", p.asString());
    }
    format(schema, "string", body, notes);
  }

  static void numberKeywords(ObjectNode schema, String type, ObjectNode body, SchemaNotes notes) {
    for (String key : List.of("minimum", "maximum")) {
      if (schema.get(key) instanceof JsonNode n && n.isNumber()) {
        body.set(key, n);
      }
    }
    if (schema.get("exclusiveMinimum") instanceof JsonNode n && n.isNumber()) {
      notes.add("Must be greater than " + n + ".");
    }
    if (schema.get("exclusiveMaximum") instanceof JsonNode n && n.isNumber()) {
      notes.add("Must be less than " + n + ".");
    }
    if (schema.get("multipleOf") instanceof JsonNode n && n.isNumber()) {
      notes.add("Must be a multiple of " + n + ".");
    }
    format(schema, type, body, notes);
  }

  static void format(ObjectNode schema, String type, ObjectNode body, SchemaNotes notes) {
    JsonNode format = schema.get("format");
    if (format == null || !format.isString()) {
      return;
    }
    if (FORMATS.getOrDefault(type, Set.of()).contains(format.asString())) {
      body.put("format", format.asString());
    } else {
      notes.add("Format: " + format.asString() + ".");
    }
  }

  static void copyInteger(ObjectNode schema, ObjectNode body, String key) {
    JsonNode v = schema.get(key);
    if (v != null && v.isIntegralNumber()) {
      body.put(key, v.asLong());
    }
  }
}
