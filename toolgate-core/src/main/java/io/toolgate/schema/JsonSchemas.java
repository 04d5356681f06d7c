package io.toolgate.schema;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.PathType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON Schema checks with a maintained validator (networknt json-schema-validator).
 *
 * <p>Schemas default to draft 2020-12; a schema whose {@code $schema} names draft-07 (or 4, 6,
 * 2019-09) is read in that dialect. Meta-schemas ship inside the validator, so nothing is fetched
 * from the network. Thread-safe.
 */
public final class JsonSchemas {
  private static final String DRAFT_7 = "http://json-schema.org/draft-07/schema#";

  static final SchemaRegistry REGISTRY =
      SchemaRegistry.withDefaultDialect(
          SpecificationVersion.DRAFT_2020_12,
          b ->
              b.schemaRegistryConfig(
                  SchemaRegistryConfig.builder().pathType(PathType.JSON_POINTER).build()));

  private static final Map<String, Schema> META = new ConcurrentHashMap<>();

  private JsonSchemas() {}

  /**
   * Checks that {@code parameters} can serve as a tool's argument schema: a JSON object with {@code
   * "type": "object"} that its meta-schema accepts.
   *
   * @return the same node, as an object
   * @throws InvalidSchemaException naming the tool, each problem's pointer and the fix
   */
  public static ObjectNode requireToolParameters(String tool, JsonNode parameters) {
    if (!(parameters instanceof ObjectNode object)) {
      throw new InvalidSchemaException(
          "tool '"
              + tool
              + "': parameters must be a JSON Schema object such as"
              + " {\"type\": \"object\", \"properties\": {}}",
          List.of(new Violation("", "not an object")));
    }
    JsonNode type = object.get("type");
    if (type == null || !type.isString() || !"object".equals(type.asString())) {
      throw new InvalidSchemaException(
          "tool '"
              + tool
              + "': parameters must have \"type\": \"object\""
              + (type == null ? " (it has no type)" : " (it has " + type + ")"),
          List.of(new Violation("/type", "must be \"object\"")));
    }
    List<Violation> problems = metaSchemaViolations(object);
    if (!problems.isEmpty()) {
      throw new InvalidSchemaException(
          "tool '"
              + tool
              + "': parameters are not a valid JSON Schema: "
              + problems.stream().map(Violation::toString).collect(Collectors.joining("; ")),
          problems);
    }
    return object;
  }

  /** Where {@code schema} breaks the meta-schema of its dialect; empty when it is valid. */
  public static List<Violation> metaSchemaViolations(JsonNode schema) {
    String dialect = dialectOf(schema);
    Schema meta = META.computeIfAbsent(dialect, d -> REGISTRY.getSchema(SchemaLocation.of(d)));
    return violations(meta.validate(schema));
  }

  private static String dialectOf(JsonNode schema) {
    JsonNode declared = schema.get("$schema");
    if (declared != null && declared.isString()) {
      String id = declared.asString();
      for (SpecificationVersion v : SpecificationVersion.values()) {
        if (sameDialect(v.getDialectId(), id)) {
          return v.getDialectId();
        }
      }
      if (sameDialect(DRAFT_7, id)) {
        return SpecificationVersion.DRAFT_7.getDialectId();
      }
    }
    return SpecificationVersion.DRAFT_2020_12.getDialectId();
  }

  private static boolean sameDialect(String a, String b) {
    return strip(a).equals(strip(b));
  }

  private static String strip(String id) {
    String s = id.endsWith("#") ? id.substring(0, id.length() - 1) : id;
    return s.replaceFirst("^https?://", "");
  }

  static List<Violation> violations(List<Error> errors) {
    List<Violation> out = new ArrayList<>(errors.size());
    for (Error e : errors) {
      out.add(new Violation(pointer(e), e.getMessage().replaceFirst("^/[^ ]*: ", "")));
    }
    out.sort(Comparator.comparing(Violation::pointer).thenComparing(Violation::message));
    return List.copyOf(out);
  }

  private static String pointer(Error e) {
    String p = e.getInstanceLocation() == null ? "" : e.getInstanceLocation().toString();
    if (e.getProperty() != null && "required".equals(e.getKeyword())) {
      // The validator reports a missing property at its parent; point at the property itself.
      p = p + "/" + e.getProperty().replace("~", "~0").replace("/", "~1");
    }
    return p;
  }
}
