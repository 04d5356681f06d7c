package io.toolgate.catalog;

import io.toolgate.json.Json;
import io.toolgate.schema.InvalidSchemaException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON form of a {@link ToolDefinition}: what catalog files, the REST API and the registry
 * store read and write.
 *
 * <pre>{@code
 * {"name": "weather_current", "description": "…", "version": "1.0.0", "tags": ["weather"],
 *  "parameters": {"type": "object", …}, "secrets": ["WEATHER_KEY"], "timeout_ms": 5000,
 *  "http": {"method": "GET", "url": "https://…?q={city}", "headers": {…}}}
 * }</pre>
 *
 * <p>Reading is strict: an unknown key is an error that lists the known ones, because a typo
 * ({@code paramters}) would otherwise silently produce a tool with no arguments. Output-only keys
 * ({@code id}, {@code checksum}, {@code schema_version}) are accepted and ignored on input.
 */
public final class ToolDefinitionCodec {
  private static final Set<String> KEYS =
      new TreeSet<>(
          List.of(
              "name",
              "title",
              "description",
              "version",
              "parameters",
              "returns",
              "tags",
              "source",
              "annotations",
              "sandbox",
              "dependencies",
              "secrets",
              "examples",
              "timeout_ms",
              "max_concurrency",
              "max_result_bytes",
              "http",
              "command",
              "id",
              "checksum",
              "schema_version"));
  private static final Set<String> HTTP_KEYS = Set.of("method", "url", "headers", "query", "body");
  private static final Set<String> ANNOTATION_KEYS =
      Set.of("title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint");

  private ToolDefinitionCodec() {}

  /**
   * Reads a definition.
   *
   * @param json the tool object
   * @param defaultSource the source label when the JSON has none, e.g. {@code file:tools.yaml}
   * @throws InvalidToolException naming the tool, the field (as a pointer) and the fix
   */
  public static ToolDefinition fromJson(JsonNode json, String defaultSource) {
    if (!(json instanceof ObjectNode tool)) {
      throw new InvalidToolException("a tool must be a JSON object with at least a name", "");
    }
    String name = optText(tool, "name", "?").orElse(null);
    String label = name == null ? "a tool" : "tool '" + name + "'";
    for (String key : tool.propertyNames()) {
      if (!KEYS.contains(key)) {
        throw new InvalidToolException(
            label + ": unknown key '" + key + "'" + suggestion(key, KEYS) + "; known keys: " + KEYS,
            "/" + key);
      }
    }
    if (name == null) {
      throw new InvalidToolException("a tool has no 'name'", "/name");
    }
    try {
      ToolNames.requireValid(name);
    } catch (IllegalArgumentException e) {
      throw new InvalidToolException(e.getMessage(), "/name", e);
    }
    JsonNode parameters = tool.get("parameters");
    if (parameters == null) {
      throw new InvalidToolException(
          label + ": 'parameters' is required; use {type: object, properties: {}} for none",
          "/parameters");
    }
    ToolDefinition.Builder b = ToolDefinition.builder(name, parameters);
    optText(tool, "title", label).ifPresent(b::title);
    optText(tool, "description", label).ifPresent(b::description);
    optText(tool, "version", label).ifPresent(b::version);
    b.source(optText(tool, "source", label).orElse(defaultSource));
    optText(tool, "sandbox", label).ifPresent(b::sandbox);
    b.tags(stringList(tool, "tags", label));
    b.dependencies(stringList(tool, "dependencies", label));
    b.secrets(secrets(tool, label));
    if (tool.has("returns")) {
      JsonNode returns = tool.get("returns");
      if (!returns.isObject()) {
        throw new InvalidToolException(
            label + ": 'returns' must be a JSON Schema object", "/returns");
      }
      b.returns(returns);
    }
    b.annotations(annotations(tool, label));
    b.examples(examples(tool, label));
    b.policy(policy(tool, label));
    b.implementation(implementation(tool, label));
    try {
      return b.build();
    } catch (InvalidSchemaException e) {
      String pointer =
          e.violations().isEmpty()
              ? "/parameters"
              : "/parameters" + e.violations().getFirst().pointer();
      throw new InvalidToolException(e.getMessage(), pointer, e);
    } catch (IllegalArgumentException e) {
      // Fields with a known location are checked above; what is left concerns the whole tool.
      String message = e.getMessage();
      throw new InvalidToolException(
          message != null && message.startsWith("tool") ? message : label + ": " + message, "", e);
    }
  }

  private static List<String> secrets(ObjectNode tool, String label) {
    List<String> secrets = stringList(tool, "secrets", label);
    for (int i = 0; i < secrets.size(); i++) {
      String secret = secrets.get(i).strip();
      if (!secret.isEmpty() && !ToolDefinition.isEnvName(secret)) {
        throw new InvalidToolException(
            label
                + ": secret '"
                + secret
                + "' is not an environment variable name; use letters, digits and _, e.g. "
                + secret.replaceAll("[^A-Za-z0-9_]", "_").toUpperCase(java.util.Locale.ROOT),
            "/secrets/" + i);
      }
    }
    return secrets;
  }

  /** The full JSON form, output keys included. */
  public static ObjectNode toJson(ToolDefinition tool) {
    ObjectNode out = Json.object();
    out.put("name", tool.name());
    out.put("id", tool.id().toString());
    if (!tool.title().isEmpty()) {
      out.put("title", tool.title());
    }
    out.put("description", tool.description());
    out.put("version", tool.version());
    out.set("parameters", tool.parameters().deepCopy());
    tool.returns().ifPresent(r -> out.set("returns", r.deepCopy()));
    out.set("tags", strings(tool.tags()));
    out.put("source", tool.source());
    ObjectNode annotations = annotationsJson(tool.annotations());
    if (!annotations.isEmpty()) {
      out.set("annotations", annotations);
    }
    out.put("sandbox", tool.sandbox());
    out.set("dependencies", strings(tool.dependencies()));
    out.set("secrets", strings(tool.secrets()));
    if (!tool.examples().isEmpty()) {
      ArrayNode examples = out.putArray("examples");
      tool.examples().forEach(e -> examples.add(e.deepCopy()));
    }
    writePolicy(tool.policy(), out);
    writeImplementation(tool.implementation(), out);
    out.put("checksum", tool.checksum());
    out.put("schema_version", ToolDefinition.SCHEMA_VERSION);
    return out;
  }

  /**
   * The fields that affect behaviour, the input of {@link ToolDefinition#checksum()}: everything
   * except {@code source} and the derived keys.
   */
  static ObjectNode behaviour(ToolDefinition tool) {
    ObjectNode out = toJsonWithoutDerived(tool);
    out.remove("source");
    return out;
  }

  private static ObjectNode toJsonWithoutDerived(ToolDefinition tool) {
    ObjectNode out = Json.object();
    out.put("name", tool.name());
    out.put("title", tool.title());
    out.put("description", tool.description());
    out.put("version", tool.version());
    out.set("parameters", tool.parameters());
    tool.returns().ifPresent(r -> out.set("returns", r));
    out.set("tags", strings(tool.tags()));
    out.set("annotations", annotationsJson(tool.annotations()));
    out.put("sandbox", tool.sandbox());
    out.set("dependencies", strings(tool.dependencies()));
    out.set("secrets", strings(tool.secrets()));
    ArrayNode examples = out.putArray("examples");
    tool.examples().forEach(examples::add);
    writePolicy(tool.policy(), out);
    writeImplementation(tool.implementation(), out);
    return out;
  }

  private static ArrayNode strings(List<String> values) {
    ArrayNode array = Json.array();
    values.forEach(array::add);
    return array;
  }

  /**
   * The annotations as MCP names them ({@code readOnlyHint}, {@code destructiveHint}, {@code
   * idempotentHint}, {@code openWorldHint}), only those set: the same object in a definition's JSON
   * and in its MCP rendering.
   */
  public static ObjectNode annotationsJson(ToolAnnotations a) {
    ObjectNode out = Json.object();
    a.readOnlyHint().ifPresent(v -> out.put("readOnlyHint", v));
    a.destructiveHint().ifPresent(v -> out.put("destructiveHint", v));
    a.idempotentHint().ifPresent(v -> out.put("idempotentHint", v));
    a.openWorldHint().ifPresent(v -> out.put("openWorldHint", v));
    return out;
  }

  private static void writePolicy(ToolPolicy p, ObjectNode out) {
    p.timeout().ifPresent(t -> out.put("timeout_ms", t.toMillis()));
    p.maxConcurrency().ifPresent(n -> out.put("max_concurrency", n));
    p.maxResultBytes().ifPresent(n -> out.put("max_result_bytes", n));
  }

  private static void writeImplementation(Implementation impl, ObjectNode out) {
    switch (impl) {
      case Implementation.Provided p -> {}
      case Implementation.Http http -> {
        ObjectNode h = out.putObject("http");
        h.put("method", http.method());
        h.put("url", http.url());
        if (!http.headers().isEmpty()) {
          h.set("headers", Json.tree(new java.util.TreeMap<>(http.headers())));
        }
        if (!http.query().isEmpty()) {
          h.set("query", Json.tree(new java.util.TreeMap<>(http.query())));
        }
        http.body().ifPresent(body -> h.set("body", body));
      }
      case Implementation.Command command -> out.set("command", strings(command.argv()));
    }
  }

  private static Optional<String> optText(ObjectNode tool, String key, String label) {
    JsonNode v = tool.get(key);
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    if (!v.isString()) {
      // YAML reads an unquoted 1.0 as a number; accept scalars for text fields.
      if (v.isValueNode()) {
        return Optional.of(v.asString());
      }
      throw new InvalidToolException(label + ": '" + key + "' must be a string", "/" + key);
    }
    return Optional.of(v.asString());
  }

  private static List<String> stringList(ObjectNode tool, String key, String label) {
    JsonNode v = tool.get(key);
    if (v == null || v.isNull()) {
      return List.of();
    }
    if (v.isString()) {
      return List.of(v.asString());
    }
    if (!v.isArray()) {
      throw new InvalidToolException(
          label + ": '" + key + "' must be a list of strings, e.g. [a, b]", "/" + key);
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < v.size(); i++) {
      JsonNode item = v.get(i);
      if (!item.isValueNode() || item.isNull()) {
        throw new InvalidToolException(
            label + ": '" + key + "' item " + i + " must be a string", "/" + key + "/" + i);
      }
      out.add(item.asString());
    }
    return out;
  }

  private static ToolAnnotations annotations(ObjectNode tool, String label) {
    JsonNode a = tool.get("annotations");
    if (a == null || a.isNull()) {
      return ToolAnnotations.NONE;
    }
    if (!a.isObject()) {
      throw new InvalidToolException(label + ": 'annotations' must be an object", "/annotations");
    }
    for (String key : a.propertyNames()) {
      if (!ANNOTATION_KEYS.contains(key)) {
        throw new InvalidToolException(
            label
                + ": unknown annotation '"
                + key
                + "'"
                + suggestion(key, ANNOTATION_KEYS)
                + "; known: "
                + new TreeSet<>(ANNOTATION_KEYS),
            "/annotations/" + key);
      }
    }
    return new ToolAnnotations(
        hint(a, "readOnlyHint", label),
        hint(a, "destructiveHint", label),
        hint(a, "idempotentHint", label),
        hint(a, "openWorldHint", label));
  }

  private static Optional<Boolean> hint(JsonNode a, String key, String label) {
    JsonNode v = a.get(key);
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    if (!v.isBoolean()) {
      throw new InvalidToolException(
          label + ": annotation '" + key + "' must be true or false", "/annotations/" + key);
    }
    return Optional.of(v.asBoolean());
  }

  private static List<ObjectNode> examples(ObjectNode tool, String label) {
    JsonNode v = tool.get("examples");
    if (v == null || v.isNull()) {
      return List.of();
    }
    if (!v.isArray()) {
      throw new InvalidToolException(
          label + ": 'examples' must be a list of argument objects", "/examples");
    }
    List<ObjectNode> out = new ArrayList<>();
    for (int i = 0; i < v.size(); i++) {
      if (!(v.get(i) instanceof ObjectNode example)) {
        throw new InvalidToolException(
            label + ": example " + i + " must be an object of arguments", "/examples/" + i);
      }
      out.add(example);
    }
    return out;
  }

  private static ToolPolicy policy(ObjectNode tool, String label) {
    Optional<Duration> timeout = Optional.empty();
    OptionalInt concurrency = OptionalInt.empty();
    OptionalLong resultBytes = OptionalLong.empty();
    if (tool.hasNonNull("timeout_ms")) {
      timeout = Optional.of(Duration.ofMillis(positive(tool, "timeout_ms", label)));
    }
    if (tool.hasNonNull("max_concurrency")) {
      concurrency = OptionalInt.of((int) positive(tool, "max_concurrency", label));
    }
    if (tool.hasNonNull("max_result_bytes")) {
      resultBytes = OptionalLong.of(positive(tool, "max_result_bytes", label));
    }
    return new ToolPolicy(timeout, concurrency, resultBytes);
  }

  private static long positive(ObjectNode tool, String key, String label) {
    JsonNode v = tool.get(key);
    if (!v.isIntegralNumber() || v.asLong() < 1) {
      throw new InvalidToolException(
          label + ": '" + key + "' must be a positive whole number, got " + v, "/" + key);
    }
    return v.asLong();
  }

  private static Implementation implementation(ObjectNode tool, String label) {
    boolean hasHttp = tool.hasNonNull("http");
    boolean hasCommand = tool.hasNonNull("command");
    if (hasHttp && hasCommand) {
      throw new InvalidToolException(
          label + ": declare either 'http' or 'command', not both", "/command");
    }
    try {
      if (hasHttp) {
        return http(tool.get("http"), label);
      }
      if (hasCommand) {
        return new Implementation.Command(stringList(tool, "command", label));
      }
    } catch (IllegalArgumentException e) {
      throw new InvalidToolException(
          label + ": " + e.getMessage(), hasHttp ? "/http" : "/command", e);
    }
    return new Implementation.Provided();
  }

  private static Implementation.Http http(JsonNode http, String label) {
    if (!(http instanceof ObjectNode h)) {
      throw new InvalidToolException(
          label + ": 'http' must be an object with method and url", "/http");
    }
    for (String key : h.propertyNames()) {
      if (!HTTP_KEYS.contains(key)) {
        throw new InvalidToolException(
            label
                + ": unknown http key '"
                + key
                + "'"
                + suggestion(key, HTTP_KEYS)
                + "; known: "
                + new TreeSet<>(HTTP_KEYS),
            "/http/" + key);
      }
    }
    return new Implementation.Http(
        optText(h, "method", label).orElse("GET"),
        optText(h, "url", label).orElse(null),
        stringMap(h, "headers", label),
        stringMap(h, "query", label),
        Optional.ofNullable(h.get("body")).filter(b -> !b.isNull()));
  }

  private static Map<String, String> stringMap(ObjectNode h, String key, String label) {
    JsonNode v = h.get(key);
    if (v == null || v.isNull()) {
      return Map.of();
    }
    if (!v.isObject()) {
      throw new InvalidToolException(
          label + ": http." + key + " must be an object of strings", "/http/" + key);
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : v.properties()) {
      if (!e.getValue().isValueNode() || e.getValue().isNull()) {
        throw new InvalidToolException(
            label + ": http." + key + "." + e.getKey() + " must be a string",
            "/http/" + key + "/" + e.getKey());
      }
      out.put(e.getKey(), e.getValue().asString());
    }
    return out;
  }

  /** {@code " (did you mean 'parameters'?)"} for a near miss, else empty. */
  static String suggestion(String key, Set<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String k : known) {
      int d =
          Strings.editDistance(
              key.toLowerCase(java.util.Locale.ROOT), k.toLowerCase(java.util.Locale.ROOT));
      if (d < bestDistance) {
        bestDistance = d;
        best = k;
      }
    }
    return best != null && bestDistance <= Math.max(2, key.length() / 3)
        ? " (did you mean '" + best + "'?)"
        : "";
  }
}
