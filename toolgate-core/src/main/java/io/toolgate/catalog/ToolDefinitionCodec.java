package io.toolgate.catalog;

import io.toolgate.json.Json;
import io.toolgate.schema.Violation;
import java.util.List;
import java.util.Optional;
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
 * ({@code paramters}) would otherwise silently produce a tool with no arguments. Every field is
 * checked, so {@link #decode} reports all of a tool's problems at once. Output-only keys ({@code
 * id}, {@code checksum}, {@code schema_version}) are accepted and ignored on input.
 */
public final class ToolDefinitionCodec {
  private ToolDefinitionCodec() {}

  /**
   * What reading a tool's JSON gave: the definition, or every problem that keeps it from being one.
   *
   * @param definition the tool, present exactly when there are no problems
   * @param problems each with the pointer of its field relative to the tool (e.g. {@code
   *     /parameters/properties/city/type}) and a message that names the tool and the fix
   */
  public record Decoded(Optional<ToolDefinition> definition, List<Violation> problems) {
    public Decoded {
      problems = List.copyOf(problems);
      if (definition.isPresent() == !problems.isEmpty()) {
        throw new IllegalArgumentException("a definition exactly when there are no problems");
      }
    }
  }

  /**
   * Reads a definition.
   *
   * @param json the tool object
   * @param defaultSource the source label when the JSON has none, e.g. {@code file:tools.yaml}
   * @throws InvalidToolException naming the tool, the field (as a pointer) and the fix of the first
   *     problem; {@link #decode} reports them all
   */
  public static ToolDefinition fromJson(JsonNode json, String defaultSource) {
    Decoded decoded = decode(json, defaultSource);
    return decoded
        .definition()
        .orElseThrow(
            () -> {
              Violation first = decoded.problems().getFirst();
              return new InvalidToolException(first.message(), first.pointer());
            });
  }

  /**
   * Reads a definition, checking every field: an unknown key does not hide a bad name or schema.
   * Never throws for bad content.
   *
   * <pre>{@code
   * Decoded d = ToolDefinitionCodec.decode(json, "file:tools.yaml");
   * d.problems().forEach(p -> System.err.println(p.pointer() + ": " + p.message()));
   * }</pre>
   */
  public static Decoded decode(JsonNode json, String defaultSource) {
    return ToolDefinitionReader.read(json, defaultSource);
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
    writeAsTool(tool, out);
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
    writeAsTool(tool, out);
    return out;
  }

  /**
   * {@code as_tool: false} only when set: a tool models see (the default) keeps the JSON, and so
   * the checksum, it had before the flag existed.
   */
  private static void writeAsTool(ToolDefinition tool, ObjectNode out) {
    if (!tool.asTool()) {
      out.put("as_tool", false);
    }
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
}
