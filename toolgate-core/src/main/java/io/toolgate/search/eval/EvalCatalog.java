package io.toolgate.search.eval;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolNames;
import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Data-set tools as {@link ToolDefinition}s, with the way back to their names.
 *
 * <p>Data sets name tools freely ({@code requestFirst Aid Assistance}) and write schemas loosely
 * ({@code "type": "dict"}, {@code "Boolean"}, {@code ""}). The catalog maps each name reversibly to
 * a legal one (illegal characters become {@code _}, a clash gets a numeric suffix) and repairs
 * types so the definition validates; the searchable text (names split into words, descriptions,
 * parameter keys) is unchanged, and hits are reported under the original names.
 */
public final class EvalCatalog {
  private static final Set<String> TYPES =
      Set.of("string", "number", "integer", "boolean", "array", "object", "null");
  private static final Map<String, String> TYPE_ALIASES =
      Map.of(
          "dict", "object",
          "float", "number",
          "double", "number",
          "int", "integer",
          "long", "integer",
          "bool", "boolean",
          "list", "array",
          "tuple", "array",
          "str", "string");

  private final List<ToolDefinition> definitions;
  private final Map<String, String> originalByName;

  /** The definitions of {@code tools}, in order. */
  public EvalCatalog(List<EvalTool> tools) {
    List<ToolDefinition> defs = new ArrayList<>(tools.size());
    Map<String, String> back = new HashMap<>();
    for (EvalTool tool : tools) {
      String name = legalName(tool.name(), back);
      back.put(name, tool.name());
      defs.add(definition(name, tool));
    }
    this.definitions = List.copyOf(defs);
    this.originalByName = Map.copyOf(back);
  }

  private static ToolDefinition definition(String name, EvalTool tool) {
    try {
      return ToolDefinition.builder(name, schema(tool.parameters()))
          .description(tool.description())
          .source("eval")
          .build();
    } catch (RuntimeException e) {
      // A schema beyond repair: keep what search reads, the keys and their descriptions.
      ObjectNode minimal = Json.object().put("type", "object");
      ObjectNode properties = minimal.putObject("properties");
      JsonNode given = tool.parameters().get("properties");
      if (given != null && given.isObject()) {
        for (Map.Entry<String, JsonNode> p : given.properties()) {
          ObjectNode property = properties.putObject(p.getKey());
          JsonNode description = p.getValue().get("description");
          if (description != null && description.isString()) {
            property.put("description", description.asString());
          }
        }
      }
      return ToolDefinition.builder(name, minimal)
          .description(tool.description())
          .source("eval")
          .build();
    }
  }

  /** The indexed definitions, one per data-set tool, in file order. */
  public List<ToolDefinition> definitions() {
    return definitions;
  }

  /** The data set's name of the indexed tool {@code name}. */
  public String original(String name) {
    return originalByName.getOrDefault(name, name);
  }

  private static String legalName(String name, Map<String, String> taken) {
    String legal = name.replaceAll("[^A-Za-z0-9_.-]", "_");
    if (legal.isEmpty()) {
      legal = "tool";
    }
    if (legal.length() > 120) {
      legal = legal.substring(0, 120);
    }
    String candidate = legal;
    for (int i = 2; taken.containsKey(candidate); i++) {
      candidate = legal + "_" + i;
    }
    return ToolNames.requireValid(candidate);
  }

  private static JsonNode schema(JsonNode parameters) {
    if (!(parameters instanceof ObjectNode given)) {
      return Json.object().put("type", "object");
    }
    ObjectNode schema = given.deepCopy();
    repair(schema, 0);
    schema.put("type", "object");
    return schema;
  }

  private static void repair(JsonNode node, int depth) {
    if (depth > 32) {
      return;
    }
    if (node instanceof ObjectNode object) {
      JsonNode type = object.get("type");
      if (type != null && type.isString()) {
        String t = type.asString().strip().toLowerCase(Locale.ROOT);
        t = TYPE_ALIASES.getOrDefault(t, t);
        if (TYPES.contains(t)) {
          object.put("type", t);
        } else {
          object.remove("type");
        }
      } else if (type != null && !type.isArray()) {
        object.remove("type");
      }
      for (String key : List.copyOf(object.propertyNames())) {
        JsonNode child = object.get(key);
        if ("required".equals(key) && !child.isArray()) {
          object.remove(key);
        } else if ("enum".equals(key) && !child.isArray()) {
          object.remove(key);
        } else {
          repair(child, depth + 1);
        }
      }
    } else if (node != null && node.isArray()) {
      node.forEach(child -> repair(child, depth + 1));
    }
  }
}
