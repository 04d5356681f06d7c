package io.toolgate.langchain4j;

import dev.langchain4j.model.chat.request.json.JsonAnyOfSchema;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNullSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonReferenceSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Converts a tool's JSON Schema to LangChain4j's typed schema ({@link JsonObjectSchema} and its
 * elements) and back.
 *
 * <p>Objects (properties in order, {@code required}, boolean {@code additionalProperties}, {@code
 * $defs}), arrays, string enums, {@code anyOf}, {@code $ref} into {@code $defs}, strings, integers,
 * numbers, booleans and null become the matching typed elements, nested to any depth, with their
 * descriptions. LangChain4j's typed elements have no slot for value constraints and hints ({@code
 * default}, {@code minimum}, {@code maximum}, {@code minLength}, {@code pattern}, {@code format},
 * {@code minItems}, …): those become short sentences at the end of the description ({@code
 * "Default: 7. Minimum: 1."}), so the model still reads them, as Toolgate's Gemini rendering does
 * (Toolgate checks them on every call anyway). A node whose structure the typed elements cannot
 * express ({@code oneOf}, {@code allOf}, {@code not}, a list of types, a schema-valued {@code
 * additionalProperties}, a non-string enum, …) is kept whole as a {@link JsonRawSchema}, so nothing
 * is lost. Only {@code title} and {@code $schema} are dropped.
 *
 * <pre>{@code
 * JsonObjectSchema params = JsonSchemas.toObjectSchema(tool.parameters());
 * ObjectNode back = JsonSchemas.toJson(params);     // same names, types, required, enums
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class JsonSchemas {
  private static final Set<String> STRUCTURE =
      Set.of(
          "type",
          "description",
          "properties",
          "required",
          "additionalProperties",
          "$defs",
          "items",
          "enum",
          "anyOf",
          "$ref");
  private static final List<String> NOTED =
      List.of(
          "default",
          "const",
          "format",
          "pattern",
          "minimum",
          "maximum",
          "exclusiveMinimum",
          "exclusiveMaximum",
          "multipleOf",
          "minLength",
          "maxLength",
          "minItems",
          "maxItems",
          "uniqueItems",
          "contentEncoding",
          "contentMediaType",
          "minProperties",
          "maxProperties",
          "examples");
  private static final Set<String> DROPPED = Set.of("title", "$schema", "$id", "$comment");
  private static final String DEFS = "#/$defs/";

  private JsonSchemas() {}

  /**
   * The typed form of a tool's parameters.
   *
   * @throws IllegalArgumentException when {@code schema} is not an object schema
   */
  public static JsonObjectSchema toObjectSchema(JsonNode schema) {
    if (!(schema instanceof ObjectNode o) || !"object".equals(o.path("type").asString(""))) {
      throw new IllegalArgumentException(
          "tool parameters must be a JSON Schema with \"type\": \"object\", got " + schema);
    }
    if (toElement(o) instanceof JsonObjectSchema object) {
      return object;
    }
    // An object schema with keywords the typed form cannot hold: keep every property whole.
    return rawProperties(o);
  }

  /** The typed form of one schema node; see the class comment for what maps to what. */
  public static JsonSchemaElement toElement(JsonNode node) {
    if (!(node instanceof ObjectNode o) || !typed(o)) {
      return JsonRawSchema.from(Json.write(node));
    }
    String description = describe(o);
    if (o.has("$ref")) {
      return JsonReferenceSchema.builder()
          .reference(o.get("$ref").asString().substring(DEFS.length()))
          .build();
    }
    if (o.has("anyOf")) {
      List<JsonSchemaElement> options = new ArrayList<>();
      o.get("anyOf").forEach(a -> options.add(toElement(a)));
      return JsonAnyOfSchema.builder().description(description).anyOf(options).build();
    }
    if (o.has("enum")) {
      List<String> values = new ArrayList<>();
      o.get("enum").forEach(v -> values.add(v.asString()));
      return JsonEnumSchema.builder().description(description).enumValues(values).build();
    }
    return switch (o.get("type").asString()) {
      case "object" -> object(o, description);
      case "array" ->
          JsonArraySchema.builder()
              .description(description)
              .items(toElement(o.get("items")))
              .build();
      case "string" -> JsonStringSchema.builder().description(description).build();
      case "integer" -> JsonIntegerSchema.builder().description(description).build();
      case "number" -> JsonNumberSchema.builder().description(description).build();
      case "boolean" -> JsonBooleanSchema.builder().description(description).build();
      default -> new JsonNullSchema();
    };
  }

  private static JsonObjectSchema object(ObjectNode o, String description) {
    JsonObjectSchema.Builder b = JsonObjectSchema.builder().description(description);
    Map<String, JsonSchemaElement> properties = new LinkedHashMap<>();
    o.path("properties")
        .properties()
        .forEach(e -> properties.put(e.getKey(), toElement(e.getValue())));
    b.addProperties(properties);
    List<String> required = new ArrayList<>();
    o.path("required").forEach(r -> required.add(r.asString()));
    if (!required.isEmpty()) {
      b.required(required);
    }
    if (o.has("additionalProperties")) {
      b.additionalProperties(o.get("additionalProperties").asBoolean());
    }
    if (o.has("$defs")) {
      Map<String, JsonSchemaElement> defs = new LinkedHashMap<>();
      o.get("$defs").properties().forEach(e -> defs.put(e.getKey(), toElement(e.getValue())));
      b.definitions(defs);
    }
    return b.build();
  }

  /** Whether the typed elements can hold {@code o}'s structure (notes aside). */
  private static boolean typed(ObjectNode o) {
    for (String key : o.propertyNames()) {
      if (!STRUCTURE.contains(key) && !NOTED.contains(key) && !DROPPED.contains(key)) {
        return false;
      }
    }
    JsonNode description = o.get("description");
    if (description != null && !description.isString()) {
      return false;
    }
    if (o.has("$ref")) {
      return o.size() == 1 && o.get("$ref").asString("").startsWith(DEFS);
    }
    if (o.has("anyOf")) {
      return o.get("anyOf").isArray() && !o.has("type") && !o.has("enum");
    }
    if (o.has("enum")) {
      return enumOfStrings(o);
    }
    String type = o.path("type").isString() ? o.get("type").asString() : "";
    return switch (type) {
      case "object" -> objectShape(o);
      case "array" -> o.get("items") instanceof ObjectNode;
      case "string", "integer", "number", "boolean", "null" ->
          !o.has("properties") && !o.has("items");
      default -> false;
    };
  }

  private static boolean enumOfStrings(ObjectNode o) {
    JsonNode values = o.get("enum");
    if (!values.isArray() || values.isEmpty()) {
      return false;
    }
    for (JsonNode v : values) {
      if (!v.isString()) {
        return false;
      }
    }
    return !o.has("type") || "string".equals(o.get("type").asString(""));
  }

  private static boolean objectShape(ObjectNode o) {
    JsonNode additional = o.get("additionalProperties");
    return (additional == null || additional.isBoolean())
        && (!o.has("properties") || o.get("properties").isObject())
        && (!o.has("required") || o.get("required").isArray())
        && (!o.has("$defs") || o.get("$defs").isObject());
  }

  /** The description with a sentence for each constraint the typed element cannot hold. */
  private static String describe(ObjectNode o) {
    List<String> parts = new ArrayList<>();
    String own = o.path("description").asString("").strip();
    for (String key : NOTED) {
      if (o.has(key)) {
        parts.add(note(key, o.get(key)));
      }
    }
    if (parts.isEmpty()) {
      return own.isEmpty() ? null : own;
    }
    if (!own.isEmpty()) {
      boolean closed = own.endsWith(".") || own.endsWith("!") || own.endsWith("?");
      parts.addFirst(closed ? own : own + ".");
    }
    return String.join(" ", parts);
  }

  private static String note(String key, JsonNode value) {
    String shown = value.isString() ? value.asString() : Json.write(value);
    String label =
        switch (key) {
          case "exclusiveMinimum" -> "Greater than";
          case "exclusiveMaximum" -> "Less than";
          case "minLength" -> "At least characters";
          case "maxLength" -> "At most characters";
          case "minItems" -> "At least items";
          case "maxItems" -> "At most items";
          case "uniqueItems" -> "Unique items";
          case "multipleOf" -> "Multiple of";
          case "contentEncoding" -> "Encoding";
          case "contentMediaType" -> "Media type";
          default -> Character.toUpperCase(key.charAt(0)) + key.substring(1);
        };
    return label + ": " + shown + ".";
  }

  private static JsonObjectSchema rawProperties(ObjectNode o) {
    Map<String, JsonSchemaElement> properties = new LinkedHashMap<>();
    o.path("properties")
        .properties()
        .forEach(e -> properties.put(e.getKey(), toElement(e.getValue())));
    List<String> required = new ArrayList<>();
    o.path("required").forEach(r -> required.add(r.asString()));
    JsonObjectSchema.Builder b =
        JsonObjectSchema.builder().description(describe(o)).addProperties(properties);
    if (!required.isEmpty()) {
      b.required(required);
    }
    return b.build();
  }

  /** The JSON Schema of a typed element: the inverse of {@link #toElement}, notes kept in text. */
  public static ObjectNode toJson(JsonSchemaElement element) {
    ObjectNode out = Json.object();
    switch (element) {
      case JsonRawSchema raw -> {
        return (ObjectNode) Json.parse(raw.schema());
      }
      case JsonObjectSchema o -> {
        out.put("type", "object");
        describe(out, o.description());
        ObjectNode properties = out.putObject("properties");
        o.properties().forEach((name, p) -> properties.set(name, toJson(p)));
        if (o.required() != null && !o.required().isEmpty()) {
          ArrayNode required = out.putArray("required");
          o.required().forEach(required::add);
        }
        if (o.additionalProperties() != null) {
          out.put("additionalProperties", o.additionalProperties());
        }
        if (o.definitions() != null && !o.definitions().isEmpty()) {
          ObjectNode defs = out.putObject("$defs");
          o.definitions().forEach((name, d) -> defs.set(name, toJson(d)));
        }
      }
      case JsonArraySchema a -> {
        out.put("type", "array");
        describe(out, a.description());
        out.set("items", toJson(a.items()));
      }
      case JsonEnumSchema e -> {
        out.put("type", "string");
        describe(out, e.description());
        ArrayNode values = out.putArray("enum");
        e.enumValues().forEach(values::add);
      }
      case JsonAnyOfSchema a -> {
        describe(out, a.description());
        ArrayNode options = out.putArray("anyOf");
        a.anyOf().forEach(x -> options.add(toJson(x)));
      }
      case JsonReferenceSchema r -> out.put("$ref", DEFS + r.reference());
      case JsonStringSchema s -> typed(out, "string", s.description());
      case JsonIntegerSchema i -> typed(out, "integer", i.description());
      case JsonNumberSchema n -> typed(out, "number", n.description());
      case JsonBooleanSchema b -> typed(out, "boolean", b.description());
      case JsonNullSchema n -> out.put("type", "null");
      default ->
          throw new IllegalArgumentException(
              "unknown LangChain4j schema element " + element.getClass().getName());
    }
    return out;
  }

  private static void typed(ObjectNode out, String type, String description) {
    out.put("type", type);
    describe(out, description);
  }

  private static void describe(ObjectNode out, String description) {
    if (description != null && !description.isEmpty()) {
      out.put("description", description);
    }
  }
}
