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
 * Converts one JSON Schema to Gemini's subset; see {@link GeminiSchemas} for the rules. Not
 * thread-safe: make one per conversion.
 */
final class GeminiConverter {
  private static final int MAX_DEPTH = 64;

  private final JsonNode root;
  private final Deque<String> refs = new ArrayDeque<>();
  private int depth;

  GeminiConverter(JsonNode root) {
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
    SchemaNotes notes = new SchemaNotes(false);
    notes.add(
        "Recursive: the same structure as " + SchemaRefs.shortName(ref) + ", not expanded again.");
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
    SchemaNotes notes = new SchemaNotes(schema.path("nullable").asBoolean(false));
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
    String type = types.isEmpty() ? GeminiKeywords.inferType(schema) : types.getFirst();
    ObjectNode body = Json.object();
    type = GeminiKeywords.values(schema, type, body, notes);
    if (type != null) {
      switch (type) {
        case "object" -> objectKeywords(schema, body, notes);
        case "array" -> arrayKeywords(schema, body, notes);
        case "string" -> GeminiKeywords.stringKeywords(schema, body, notes);
        case "integer", "number" -> GeminiKeywords.numberKeywords(schema, type, body, notes);
        default -> {}
      }
    }
    return assemble(type, schema, body, notes);
  }

  /** Type first, then title, description (with notes) and nullable, then the rest. */
  private static ObjectNode assemble(
      String type, ObjectNode schema, ObjectNode body, SchemaNotes notes) {
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

  private static List<String> types(ObjectNode schema, SchemaNotes notes) {
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

  private List<JsonNode> variants(ObjectNode schema, SchemaNotes notes) {
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

  private void objectKeywords(ObjectNode schema, ObjectNode body, SchemaNotes notes) {
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
    GeminiKeywords.copyInteger(schema, body, "minProperties");
    GeminiKeywords.copyInteger(schema, body, "maxProperties");
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

  private void arrayKeywords(ObjectNode schema, ObjectNode body, SchemaNotes notes) {
    JsonNode items = schema.has("prefixItems") ? schema.get("prefixItems") : schema.get("items");
    if (items instanceof ArrayNode tuple && !tuple.isEmpty()) {
      ObjectNode anyOf = Json.object();
      ArrayNode branches = anyOf.putArray("anyOf");
      tuple.forEach(t -> branches.add(convert(t)));
      body.set("items", tuple.size() == 1 ? branches.get(0) : anyOf);
    } else if (items instanceof ObjectNode) {
      body.set("items", convert(items));
    }
    GeminiKeywords.copyInteger(schema, body, "minItems");
    GeminiKeywords.copyInteger(schema, body, "maxItems");
    if (schema.path("uniqueItems").asBoolean(false)) {
      notes.add("Items must be unique.");
    }
  }

  private static void appendNote(ObjectNode out, String note) {
    SchemaNotes notes = new SchemaNotes(false);
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
