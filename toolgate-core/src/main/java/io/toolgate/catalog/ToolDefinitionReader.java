package io.toolgate.catalog;

import io.toolgate.schema.InvalidSchemaException;
import io.toolgate.schema.JsonSchemas;
import io.toolgate.schema.Violation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads one tool's JSON form into a {@link ToolDefinition}, checking every field and recording
 * every problem rather than stopping at the first, so that a person fixing a catalog file sees them
 * all in one run. Each problem names the tool, points at the field (relative to the tool) and says
 * the fix. The {@code http} / {@code command} section is read by {@link ImplementationReader}
 * through this reader's field helpers. One instance reads one tool; not thread-safe.
 */
final class ToolDefinitionReader {
  static final Set<String> KEYS =
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
              "as_tool",
              "id",
              "checksum",
              "schema_version"));
  private static final Set<String> ANNOTATION_KEYS =
      new TreeSet<>(
          List.of("title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"));

  private final ObjectNode tool;
  private final String label;
  private final List<Violation> problems = new ArrayList<>();

  private ToolDefinitionReader(ObjectNode tool, String label) {
    this.tool = tool;
    this.label = label;
  }

  static ToolDefinitionCodec.Decoded read(JsonNode json, String defaultSource) {
    if (!(json instanceof ObjectNode tool)) {
      return failed(
          List.of(new Violation("", "a tool must be a JSON object with at least a name")));
    }
    JsonNode name = tool.get("name");
    String label = name != null && name.isValueNode() ? "tool '" + name.asString() + "'" : "a tool";
    return new ToolDefinitionReader(tool, label).read(defaultSource);
  }

  private static ToolDefinitionCodec.Decoded failed(List<Violation> problems) {
    return new ToolDefinitionCodec.Decoded(Optional.empty(), problems);
  }

  private ToolDefinitionCodec.Decoded read(String defaultSource) {
    // A missing key that an unknown key's "did you mean" names is said once, by that message.
    Set<String> meant = unknownKeys(tool, "", "key", KEYS, "known keys: " + KEYS);
    String name = name(meant);
    JsonNode parameters = tool.get("parameters");
    if (parameters == null && !meant.contains("parameters")) {
      problem(
          "/parameters", "'parameters' is required; use {type: object, properties: {}} for none");
    }
    ToolDefinition.Builder b = ToolDefinition.builder(name, parameters);
    text(tool, "title", "").ifPresent(b::title);
    text(tool, "description", "").ifPresent(b::description);
    text(tool, "version", "").ifPresent(b::version);
    b.source(text(tool, "source", "").orElse(defaultSource));
    text(tool, "sandbox", "").ifPresent(b::sandbox);
    b.tags(strings(tool, "tags", ""));
    b.dependencies(strings(tool, "dependencies", ""));
    b.secrets(secrets());
    returns().ifPresent(b::returns);
    b.annotations(annotations());
    b.examples(examples());
    b.policy(policy());
    b.implementation(new ImplementationReader(this).read(tool));
    asTool().ifPresent(b::asTool);
    return build(b, name, parameters);
  }

  private String name(Set<String> meant) {
    JsonNode json = tool.get("name");
    if (json == null || json.isNull()) {
      if (!meant.contains("name")) {
        add("/name", "a tool has no 'name'");
      }
      return null;
    }
    if (!json.isString()) {
      // A number or boolean would be coerced (12.50 to "12.5"): the name must be what was sent.
      add(
          "/name",
          "a tool's 'name' must be a JSON string, got "
              + json.getNodeType().name().toLowerCase(Locale.ROOT)
              + (json.isValueNode() ? " " + json : "")
              + " (it is not turned into text); put the name in quotes, e.g. \"name\":"
              + " \"my_tool\"");
      return null;
    }
    String name = json.asString();
    try {
      ToolNames.requireValid(name);
      ToolNames.reservedProblem(name).ifPresent(p -> problem("/name", p));
    } catch (IllegalArgumentException e) {
      add("/name", e.getMessage());
    }
    return name;
  }

  /** The definition when every field was fine; else the problems, the schema's among them. */
  private ToolDefinitionCodec.Decoded build(
      ToolDefinition.Builder b, String name, JsonNode parameters) {
    try {
      if (problems.isEmpty()) {
        return new ToolDefinitionCodec.Decoded(Optional.of(b.build()), List.of());
      }
      if (parameters != null) { // the schema's problems too, though the tool fails anyway
        JsonSchemas.requireToolParameters(String.valueOf(name), parameters);
      }
    } catch (InvalidSchemaException e) {
      for (Violation v : e.violations()) {
        add("/parameters" + v.pointer(), label + ": " + v.describe("parameters"));
      }
    } catch (IllegalArgumentException e) {
      // Fields with a known location are checked above; what is left concerns the whole tool.
      String message = String.valueOf(e.getMessage());
      add("", message.startsWith("tool") ? message : label + ": " + message);
    }
    return failed(problems);
  }

  /** Records a problem of this tool: {@code tool 'x': message}. */
  void problem(String pointer, String message) {
    add(pointer, label + ": " + message);
  }

  /** Records a message that names the tool itself. */
  private void add(String pointer, String message) {
    problems.add(new Violation(pointer, message));
  }

  /** How many problems are recorded so far: a section compares it to see whether it added any. */
  int problemCount() {
    return problems.size();
  }

  /** Records each key of {@code object} not in {@code known}; returns the keys suggested. */
  Set<String> unknownKeys(JsonNode object, String at, String what, Set<String> known, String list) {
    Set<String> suggested = new TreeSet<>();
    for (String key : object.propertyNames()) {
      if (!known.contains(key)) {
        Optional<String> closest = closest(key, known);
        closest.ifPresent(suggested::add);
        problem(
            at + "/" + key,
            "unknown "
                + what
                + " '"
                + key
                + "'"
                + closest.map(k -> " (did you mean '" + k + "'?)").orElse("")
                + "; "
                + list);
      }
    }
    return suggested;
  }

  /** A text field; a scalar is taken as its text (YAML reads 1.0 as a number). */
  Optional<String> text(JsonNode object, String key, String at) {
    JsonNode v = object.get(key);
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    // YAML reads an unquoted 1.0 as a number; accept scalars for text fields.
    if (v.isValueNode()) {
      return Optional.of(v.asString());
    }
    problem(at + "/" + key, "'" + key + "' must be a string");
    return Optional.empty();
  }

  /** A list of strings; one string is a list of one. */
  List<String> strings(JsonNode object, String key, String at) {
    JsonNode v = object.get(key);
    if (v == null || v.isNull()) {
      return List.of();
    }
    if (v.isString()) {
      return List.of(v.asString());
    }
    if (!v.isArray()) {
      problem(at + "/" + key, "'" + key + "' must be a list of strings, e.g. [a, b]");
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < v.size(); i++) {
      JsonNode item = v.get(i);
      if (!item.isValueNode() || item.isNull()) {
        problem(at + "/" + key + "/" + i, "'" + key + "' item " + i + " must be a string");
      } else {
        out.add(item.asString());
      }
    }
    return out;
  }

  private List<String> secrets() {
    List<String> secrets = strings(tool, "secrets", "");
    for (int i = 0; i < secrets.size(); i++) {
      String secret = secrets.get(i).strip();
      if (!secret.isEmpty() && !ToolDefinition.isEnvName(secret)) {
        problem(
            "/secrets/" + i,
            "secret '"
                + secret
                + "' is not an environment variable name; use letters, digits and _, e.g. "
                + secret.replaceAll("[^A-Za-z0-9_]", "_").toUpperCase(Locale.ROOT));
      }
    }
    return secrets;
  }

  private Optional<JsonNode> returns() {
    JsonNode returns = tool.get("returns");
    if (returns != null && !returns.isObject()) {
      problem("/returns", "'returns' must be a JSON Schema object");
      return Optional.empty();
    }
    return Optional.ofNullable(returns);
  }

  private ToolAnnotations annotations() {
    JsonNode a = tool.get("annotations");
    if (a == null || a.isNull()) {
      return ToolAnnotations.NONE;
    }
    if (!a.isObject()) {
      problem("/annotations", "'annotations' must be an object");
      return ToolAnnotations.NONE;
    }
    unknownKeys(a, "/annotations", "annotation", ANNOTATION_KEYS, "known: " + ANNOTATION_KEYS);
    return new ToolAnnotations(
        hint(a, "readOnlyHint"),
        hint(a, "destructiveHint"),
        hint(a, "idempotentHint"),
        hint(a, "openWorldHint"));
  }

  private Optional<Boolean> hint(JsonNode a, String key) {
    JsonNode v = a.get(key);
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    if (!v.isBoolean()) {
      problem("/annotations/" + key, "annotation '" + key + "' must be true or false");
      return Optional.empty();
    }
    return Optional.of(v.asBoolean());
  }

  /** {@code as_tool}: true (the default) or false. */
  private Optional<Boolean> asTool() {
    JsonNode v = tool.get("as_tool");
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    if (!v.isBoolean()) {
      problem(
          "/as_tool",
          "'as_tool' must be true or false (false hides the tool from models), got " + v);
      return Optional.empty();
    }
    return Optional.of(v.asBoolean());
  }

  private List<ObjectNode> examples() {
    JsonNode v = tool.get("examples");
    if (v == null || v.isNull()) {
      return List.of();
    }
    if (!v.isArray()) {
      problem("/examples", "'examples' must be a list of argument objects");
      return List.of();
    }
    List<ObjectNode> out = new ArrayList<>();
    for (int i = 0; i < v.size(); i++) {
      if (v.get(i) instanceof ObjectNode example) {
        out.add(example);
      } else {
        problem("/examples/" + i, "example " + i + " must be an object of arguments");
      }
    }
    return out;
  }

  private ToolPolicy policy() {
    Optional<Duration> timeout = positive("timeout_ms").map(Duration::ofMillis);
    OptionalInt concurrency =
        positive("max_concurrency")
            .map(n -> OptionalInt.of(n.intValue()))
            .orElseGet(OptionalInt::empty);
    OptionalLong resultBytes =
        positive("max_result_bytes").map(OptionalLong::of).orElse(OptionalLong.empty());
    return new ToolPolicy(timeout, concurrency, resultBytes);
  }

  private Optional<Long> positive(String key) {
    JsonNode v = tool.get(key);
    if (v == null || v.isNull()) {
      return Optional.empty();
    }
    if (!v.isIntegralNumber() || v.asLong() < 1) {
      problem("/" + key, "'" + key + "' must be a positive whole number, got " + v);
      return Optional.empty();
    }
    return Optional.of(v.asLong());
  }

  /**
   * The known key a misspelt {@code key} most likely meant: one a small typo away, or one it begins
   * ({@code timeout} for {@code timeout_ms}).
   */
  private static Optional<String> closest(String key, Set<String> known) {
    String typed = key.toLowerCase(Locale.ROOT);
    Comparator<String> distance =
        Comparator.comparingInt(k -> Strings.editDistance(typed, k.toLowerCase(Locale.ROOT)));
    return known.stream()
        .filter(
            k ->
                (typed.length() >= 4 && k.toLowerCase(Locale.ROOT).startsWith(typed))
                    || Strings.editDistance(typed, k.toLowerCase(Locale.ROOT))
                        <= Math.max(2, typed.length() / 3))
        .min(distance.thenComparing(Comparator.naturalOrder()));
  }
}
