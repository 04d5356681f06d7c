package io.toolgate.format;

import io.toolgate.json.Json;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Converts a JSON Schema into the OpenAPI 3.0 subset Gemini accepts in function declarations.
 *
 * <p>Gemini's {@code Schema} object knows {@code type}, {@code format}, {@code title}, {@code
 * description}, {@code nullable}, {@code enum} (strings), {@code properties}, {@code required},
 * {@code minProperties}/{@code maxProperties}, {@code items}, {@code minItems}/{@code maxItems},
 * {@code minLength}/{@code maxLength}, {@code pattern}, {@code minimum}/{@code maximum} and {@code
 * anyOf}. Everything else is converted or dropped:
 *
 * <table>
 *   <caption>What happens to each JSON Schema keyword</caption>
 *   <tr><th>keyword</th><th>becomes</th></tr>
 *   <tr><td>{@code $ref} / {@code $defs} / {@code definitions}</td><td>the referenced schema
 *       inlined; a reference back into itself (recursion) stops with a described object</td></tr>
 *   <tr><td>{@code type: ["string", "null"]}</td><td>{@code type: string, nullable: true}; two or
 *       more non-null types become {@code anyOf}</td></tr>
 *   <tr><td>{@code anyOf} / {@code oneOf}</td><td>{@code anyOf} (a {@code null} branch becomes
 *       {@code nullable}; a single remaining branch is inlined)</td></tr>
 *   <tr><td>{@code allOf}</td><td>merged: properties and required united</td></tr>
 *   <tr><td>{@code const}</td><td>a one-value {@code enum} for strings, else a description
 *       note</td></tr>
 *   <tr><td>{@code enum} of non-strings</td><td>a description note "One of: …" and the inferred
 *       type</td></tr>
 *   <tr><td>{@code format}</td><td>kept for {@code date-time}/{@code enum} strings, {@code
 *       int32}/{@code int64} integers and {@code float}/{@code double} numbers (the documented
 *       set); otherwise a description note "Format: email."</td></tr>
 *   <tr><td>{@code default}, {@code exclusiveMinimum}/{@code exclusiveMaximum}, {@code
 *       multipleOf}, {@code uniqueItems}, {@code deprecated}, {@code additionalProperties} of a
 *       map</td><td>description notes, so the model still knows them</td></tr>
 *   <tr><td>{@code $schema}, {@code $id}, {@code $comment}, {@code additionalProperties: false},
 *       {@code examples}, {@code example}, {@code readOnly}, {@code writeOnly}, {@code not}, {@code
 *       if}/{@code then}/{@code else}, {@code patternProperties}, {@code contains}, …</td><td>dropped</td></tr>
 * </table>
 *
 * <p>{@code required} keeps only names declared in {@code properties} (Gemini rejects others). A
 * schema without a type that cannot be inferred stays untyped. Types stay lower-case, as in
 * Gemini's own REST examples. Stateless and thread-safe.
 */
public final class GeminiSchemas {
  private static final int MAX_DEPTH = 64;
  private static final Map<String, Set<String>> FORMATS =
      Map.of(
          "string", Set.of("date-time", "enum"),
          "integer", Set.of("int32", "int64"),
          "number", Set.of("float", "double"));

  private GeminiSchemas() {}

  /**
   * Converts {@code schema}; references resolve against {@code schema} itself.
   *
   * @return a new tree; the input is not changed
   */
  public static ObjectNode convert(JsonNode schema) {
    return new Converter(schema).convert(schema);
  }

  /**
   * The {@code parameters} of a function declaration, or empty when the tool takes no arguments
   * (Gemini rejects an object schema with no properties, so the key is then left out).
   */
  public static Optional<ObjectNode> parameters(ObjectNode toolParameters) {
    ObjectNode converted = convert(toolParameters);
    JsonNode properties = converted.get("properties");
    return properties == null || properties.isEmpty() ? Optional.empty() : Optional.of(converted);
  }

  private static final class Converter {
    private final JsonNode root;
    private final Deque<String> refs = new ArrayDeque<>();
    private int depth;

    Converter(JsonNode root) {
      this.root = root;
    }

    ObjectNode convert(JsonNode node) {
      if (!(node instanceof ObjectNode schema)) {
        return Json.object(); // boolean schemas: no constraint Gemini can express
      }
      if (depth >= MAX_DEPTH) {
        ObjectNode stop = Json.object();
        stop.put("description", "Nested too deeply to describe.");
        return stop;
      }
      depth++;
      try {
        if (schema.has("$ref")) {
          return convertRef(schema);
        }
        if (schema.get("allOf") instanceof ArrayNode) {
          return convert(mergeAllOf(schema));
        }
        return convertPlain(schema);
      } finally {
        depth--;
      }
    }

    private ObjectNode convertRef(ObjectNode schema) {
      String ref = schema.get("$ref").asString("");
      ObjectNode siblings = without(schema, "$ref");
      Optional<JsonNode> target = SchemaRefs.resolve(root, ref);
      if (refs.contains(ref)) {
        return recursion(ref, siblings, target);
      }
      if (target.isEmpty() || !(target.get() instanceof ObjectNode resolved)) {
        ObjectNode out = convert(siblings);
        appendNote(out, "Schema: " + ref + ".");
        return out;
      }
      refs.push(ref);
      try {
        ObjectNode merged = shallowCopy(resolved);
        merged.setAll(siblings); // a description next to $ref describes this use; it wins
        return convert(merged);
      } finally {
        refs.pop();
      }
    }

    private ObjectNode recursion(String ref, ObjectNode siblings, Optional<JsonNode> target) {
      ObjectNode out = Json.object();
      String type = target.map(t -> t.path("type").asString("")).orElse("");
      out.put("type", type.isEmpty() ? "object" : type);
      String own = siblings.path("description").asString(target.map(this::description).orElse(""));
      Notes notes = new Notes(false);
      notes.add(
          "Recursive: the same structure as "
              + SchemaRefs.shortName(ref)
              + ", not expanded again.");
      out.put("description", notes.describe(own));
      return out;
    }

    private String description(JsonNode schema) {
      return schema.path("description").asString("");
    }

    private ObjectNode mergeAllOf(ObjectNode schema) {
      ObjectNode out = without(schema, "allOf");
      for (JsonNode part : schema.get("allOf")) {
        JsonNode resolved = part;
        if (part.has("$ref")) {
          String ref = part.get("$ref").asString("");
          if (refs.contains(ref)) {
            continue;
          }
          resolved = SchemaRefs.resolve(root, ref).orElse(Json.object());
        }
        if (!(resolved instanceof ObjectNode sub)) {
          continue;
        }
        if (sub.get("allOf") instanceof ArrayNode) {
          sub = mergeAllOf(sub);
        }
        mergeInto(out, sub);
      }
      return out;
    }

    private static void mergeInto(ObjectNode out, ObjectNode sub) {
      for (Map.Entry<String, JsonNode> e : sub.properties()) {
        switch (e.getKey()) {
          case "$ref" -> {}
          case "properties" -> {
            ObjectNode props = Json.object(); // a copy: the input schema is never changed
            if (out.get("properties") instanceof ObjectNode own) {
              props.setAll(own);
            }
            for (Map.Entry<String, JsonNode> prop : e.getValue().properties()) {
              if (!props.has(prop.getKey())) {
                props.set(prop.getKey(), prop.getValue());
              }
            }
            out.set("properties", props);
          }
          case "required" -> {
            Set<String> required = new LinkedHashSet<>(strings(out.get("required")));
            required.addAll(strings(e.getValue()));
            ArrayNode array = Json.array();
            required.forEach(array::add);
            out.set("required", array);
          }
          default -> {
            if (!out.has(e.getKey())) {
              out.set(e.getKey(), e.getValue());
            }
          }
        }
      }
    }

    private ObjectNode convertPlain(ObjectNode schema) {
      Notes notes = new Notes(schema.path("nullable").asBoolean(false));
      List<String> types = types(schema, notes);
      List<JsonNode> variants = variants(schema, notes);
      if (variants.size() == 1 && types.isEmpty()) {
        ObjectNode merged =
            variants.getFirst() instanceof ObjectNode only ? shallowCopy(only) : Json.object();
        merged.setAll(without(schema, "anyOf", "oneOf"));
        ObjectNode out = convert(merged);
        if (notes.nullable) {
          out.put("nullable", true);
        }
        return out;
      }
      if (!variants.isEmpty() || types.size() > 1) {
        ArrayNode anyOf = Json.array();
        if (!variants.isEmpty()) {
          variants.forEach(v -> anyOf.add(convert(v)));
        } else {
          ObjectNode shape = without(schema, "type", "title", "description", "default", "nullable");
          for (String type : types) {
            anyOf.add(convert(shallowCopy(shape).put("type", type)));
          }
        }
        ObjectNode body = Json.object();
        body.set("anyOf", anyOf);
        return assemble(null, schema, body, notes);
      }
      String type = types.isEmpty() ? inferType(schema) : types.getFirst();
      ObjectNode body = Json.object();
      type = values(schema, type, body, notes);
      if (type != null) {
        switch (type) {
          case "object" -> objectKeywords(schema, body, notes);
          case "array" -> arrayKeywords(schema, body, notes);
          case "string" -> stringKeywords(schema, body, notes);
          case "integer", "number" -> numberKeywords(schema, type, body, notes);
          default -> {}
        }
      }
      return assemble(type, schema, body, notes);
    }

    /** Type first, then title, description (with notes) and nullable, then the rest. */
    private static ObjectNode assemble(
        String type, ObjectNode schema, ObjectNode body, Notes notes) {
      ObjectNode out = Json.object();
      if (type != null && !type.equals("null")) {
        out.put("type", type);
      }
      JsonNode title = schema.get("title");
      if (title != null && title.isString()) {
        out.put("title", title.asString());
      }
      notes.defaultValue(schema.get("default"));
      if (schema.path("deprecated").asBoolean(false)) {
        notes.add("Deprecated.");
      }
      String description = notes.describe(schema.path("description").asString(""));
      if (!description.isEmpty()) {
        out.put("description", description);
      }
      if (notes.nullable) {
        out.put("nullable", true);
      }
      out.setAll(body);
      return out;
    }

    private static List<String> types(ObjectNode schema, Notes notes) {
      JsonNode type = schema.get("type");
      List<String> types = new ArrayList<>();
      if (type != null && type.isString()) {
        types.add(type.asString());
      } else if (type != null && type.isArray()) {
        type.forEach(t -> types.add(t.asString()));
      }
      if (types.remove("null")) {
        notes.nullable = true;
      }
      return types;
    }

    private List<JsonNode> variants(ObjectNode schema, Notes notes) {
      List<JsonNode> variants = new ArrayList<>();
      for (String key : List.of("anyOf", "oneOf")) {
        if (schema.get(key) instanceof ArrayNode array) {
          for (JsonNode v : array) {
            if (isNullSchema(v)) {
              notes.nullable = true;
            } else {
              variants.add(v);
            }
          }
        }
      }
      return variants;
    }

    private static boolean isNullSchema(JsonNode v) {
      return "null".equals(v.path("type").asString(""))
          || (v.has("const") && v.get("const").isNull());
    }

    private static String inferType(ObjectNode schema) {
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

    private static String typeOfValues(List<JsonNode> values) {
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
    private static String values(ObjectNode schema, String type, ObjectNode body, Notes notes) {
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
        List<String> shown = values.stream().map(Notes::show).toList();
        notes.add(
            constant != null
                ? "Must be " + shown.getFirst() + "."
                : "One of: " + String.join(", ", shown) + ".");
      }
      return type != null ? type : typeOfValues(values);
    }

    private void objectKeywords(ObjectNode schema, ObjectNode body, Notes notes) {
      Set<String> declared = new LinkedHashSet<>();
      if (schema.get("properties") instanceof ObjectNode props && !props.isEmpty()) {
        ObjectNode out = body.putObject("properties");
        for (Map.Entry<String, JsonNode> e : props.properties()) {
          out.set(e.getKey(), convert(e.getValue()));
          declared.add(e.getKey());
        }
      }
      List<String> required = strings(schema.get("required"));
      required.retainAll(declared);
      if (!required.isEmpty()) {
        ArrayNode array = body.putArray("required");
        required.forEach(array::add);
      }
      copyInteger(schema, body, "minProperties");
      copyInteger(schema, body, "maxProperties");
      JsonNode extra = schema.get("additionalProperties");
      if (declared.isEmpty() && extra != null && !extra.isBoolean()) {
        String valueType = extra.path("type").asString("");
        notes.add(
            valueType.isEmpty()
                ? "An object with any keys."
                : "An object with any keys; each value is a " + valueType + ".");
      } else if (declared.isEmpty() && (extra == null || extra.asBoolean(true))) {
        notes.add("An object with any keys.");
      }
    }

    private void arrayKeywords(ObjectNode schema, ObjectNode body, Notes notes) {
      JsonNode items = schema.has("prefixItems") ? schema.get("prefixItems") : schema.get("items");
      if (items instanceof ArrayNode tuple && !tuple.isEmpty()) {
        ObjectNode anyOf = Json.object();
        ArrayNode branches = anyOf.putArray("anyOf");
        tuple.forEach(t -> branches.add(convert(t)));
        body.set("items", tuple.size() == 1 ? branches.get(0) : anyOf);
      } else if (items instanceof ObjectNode) {
        body.set("items", convert(items));
      }
      copyInteger(schema, body, "minItems");
      copyInteger(schema, body, "maxItems");
      if (schema.path("uniqueItems").asBoolean(false)) {
        notes.add("Items must be unique.");
      }
    }

    private static void stringKeywords(ObjectNode schema, ObjectNode body, Notes notes) {
      copyInteger(schema, body, "minLength");
      copyInteger(schema, body, "maxLength");
      if (schema.get("pattern") instanceof JsonNode p && p.isString()) {
        body.put("pattern", p.asString());
      }
      format(schema, "string", body, notes);
    }

    private static void numberKeywords(
        ObjectNode schema, String type, ObjectNode body, Notes notes) {
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

    private static void format(ObjectNode schema, String type, ObjectNode body, Notes notes) {
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

    private static void copyInteger(ObjectNode schema, ObjectNode body, String key) {
      JsonNode v = schema.get(key);
      if (v != null && v.isIntegralNumber()) {
        body.put(key, v.asLong());
      }
    }
  }

  /** Facts that end up in the description, and whether null is allowed. */
  private static final class Notes {
    private final List<String> notes = new ArrayList<>();
    private boolean nullable;

    Notes(boolean nullable) {
      this.nullable = nullable;
    }

    void add(String note) {
      notes.add(note);
    }

    void defaultValue(JsonNode value) {
      if (value != null && !value.isNull()) {
        add("Default: " + show(value) + ".");
      }
    }

    String describe(String description) {
      List<String> parts = new ArrayList<>();
      String own = description.strip();
      if (!own.isEmpty()) {
        // Notes are sentences; close the description's own sentence before them.
        boolean closed = own.endsWith(".") || own.endsWith("!") || own.endsWith("?");
        parts.add(notes.isEmpty() || closed ? own : own + ".");
      }
      parts.addAll(notes);
      return String.join(" ", parts);
    }

    static String show(JsonNode value) {
      return value.isString() ? value.asString() : Json.write(value);
    }
  }

  private static void appendNote(ObjectNode out, String note) {
    Notes notes = new Notes(false);
    notes.add(note);
    out.put("description", notes.describe(out.path("description").asString("")));
  }

  private static ObjectNode shallowCopy(ObjectNode node) {
    ObjectNode copy = Json.object();
    copy.setAll(node);
    return copy;
  }

  private static ObjectNode without(ObjectNode node, String... keys) {
    ObjectNode copy = shallowCopy(node);
    for (String key : keys) {
      copy.remove(key);
    }
    return copy;
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    if (array != null && array.isArray()) {
      array.forEach(v -> out.add(v.asString()));
    }
    return out;
  }
}
