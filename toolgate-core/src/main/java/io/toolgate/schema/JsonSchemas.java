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

  /** How messages name a tool's argument schema: {@code parameters.properties.city.type}. */
  private static final String PARAMETERS = "parameters";

  private static final Map<String, Schema> META = new ConcurrentHashMap<>();

  private JsonSchemas() {}

  /**
   * Checks that {@code parameters} can serve as a tool's argument schema: a JSON object with {@code
   * "type": "object"} that its meta-schema accepts.
   *
   * <p>Each violation says what is wrong in plain words, relative to the parameters; the message
   * names the tool and every violation with its path, e.g. {@code tool 'weather':
   * parameters.properties.city.type: 'strin' is not a JSON Schema type (did you mean 'string'?);
   * use one of string, number, integer, boolean, object, array, null}.
   *
   * @return the same node, as an object
   * @throws InvalidSchemaException naming the tool, each problem's pointer and the fix
   */
  public static ObjectNode requireToolParameters(String tool, JsonNode parameters) {
    List<Violation> problems = toolParameterProblems(parameters);
    if (!problems.isEmpty()) {
      throw new InvalidSchemaException(
          "tool '"
              + tool
              + "': "
              + problems.stream()
                  .map(v -> v.describe(PARAMETERS))
                  .collect(Collectors.joining("; ")),
          problems);
    }
    return (ObjectNode) parameters;
  }

  private static List<Violation> toolParameterProblems(JsonNode parameters) {
    if (!(parameters instanceof ObjectNode object)) {
      return List.of(
          new Violation(
              "",
              "must be a JSON Schema object such as {\"type\": \"object\", \"properties\": {}}"));
    }
    List<Violation> problems = new ArrayList<>();
    JsonNode type = object.get("type");
    if (type == null || !type.isString() || !"object".equals(type.asString())) {
      problems.add(
          new Violation(
              "/type",
              type == null
                  ? "is missing; add \"type\": \"object\""
                  : "must be \"object\", not "
                      + type
                      + ": a tool's arguments are one JSON object"));
    }
    List<Violation> meta = metaSchemaViolations(object);
    for (Violation v : meta) {
      if (problems.isEmpty() || !v.pointer().equals("/type")) {
        problems.add(v);
      }
    }
    if (meta.isEmpty()) {
      problems.addAll(RefCycles.of(object));
    }
    return problems;
  }

  /**
   * Where {@code schema} breaks the meta-schema of its dialect, one violation per place, each
   * saying in plain words what is wrong and, where it can, the fix; empty when it is valid.
   */
  public static List<Violation> metaSchemaViolations(JsonNode schema) {
    String dialect = dialectOf(schema);
    Schema meta = META.computeIfAbsent(dialect, d -> REGISTRY.getSchema(SchemaLocation.of(d)));
    return MetaSchemaMessages.of(meta.validate(schema));
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

  static String pointer(Error e) {
    String p = e.getInstanceLocation() == null ? "" : e.getInstanceLocation().toString();
    if (e.getProperty() != null && "required".equals(e.getKeyword())) {
      // The validator reports a missing property at its parent; point at the property itself.
      p = p + "/" + e.getProperty().replace("~", "~0").replace("/", "~1");
    }
    return p;
  }
}
