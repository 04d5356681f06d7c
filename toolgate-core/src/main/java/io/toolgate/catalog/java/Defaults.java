package io.toolgate.catalog.java;

import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Fills schema {@code default}s into absent properties of nested objects before binding. */
final class Defaults {
  private static final int MAX_DEPTH = 32;

  private Defaults() {}

  /**
   * A copy of {@code value} where every object property its {@code schema} gives a default for, and
   * that is absent, holds that default; {@code root} resolves {@code #/$defs/…} references.
   */
  static JsonNode fill(ObjectNode schema, JsonNode value, ObjectNode root) {
    return fill(schema, value.deepCopy(), root, 0);
  }

  private static JsonNode fill(ObjectNode schema, JsonNode value, ObjectNode root, int depth) {
    if (depth > MAX_DEPTH) {
      return value;
    }
    ObjectNode s = resolve(schema, root);
    if (value instanceof ObjectNode object && s.get("properties") instanceof ObjectNode props) {
      for (Map.Entry<String, JsonNode> e : props.properties()) {
        if (!(e.getValue() instanceof ObjectNode property)) {
          continue;
        }
        JsonNode present = object.get(e.getKey());
        if (present == null || present.isNull()) {
          ObjectNode p = resolve(property, root);
          if (p.has("default")) {
            object.set(e.getKey(), p.get("default").deepCopy());
          }
        } else {
          object.set(e.getKey(), fill(property, present, root, depth + 1));
        }
      }
    } else if (value instanceof ArrayNode array && s.get("items") instanceof ObjectNode items) {
      for (int i = 0; i < array.size(); i++) {
        array.set(i, fill(items, array.get(i), root, depth + 1));
      }
    }
    return value;
  }

  private static ObjectNode resolve(ObjectNode schema, ObjectNode root) {
    JsonNode ref = schema.get("$ref");
    if (ref != null && ref.isString() && ref.asString().startsWith("#/$defs/")) {
      JsonNode target = root.path("$defs").get(ref.asString().substring("#/$defs/".length()));
      if (target instanceof ObjectNode resolved) {
        return resolved;
      }
    }
    return schema;
  }
}
