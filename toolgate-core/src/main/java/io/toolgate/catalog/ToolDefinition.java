package io.toolgate.catalog;

import io.toolgate.json.Json;
import io.toolgate.schema.JsonSchemas;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Everything the gateway knows about one tool: what it is called, what it does, what arguments it
 * takes and how it runs.
 *
 * <pre>{@code
 * ToolDefinition weather = ToolDefinition.builder("weather_current", schema)
 *     .description("Current weather for a city.")
 *     .tags(List.of("weather"))
 *     .build();
 * }</pre>
 *
 * <p>Instances are immutable and validated on construction: the name follows {@link ToolNames}, the
 * parameters are a JSON Schema object accepted by its meta-schema. The JSON trees returned by
 * {@link #parameters()} and friends are shared: treat them as read-only. The {@link #id()} is a
 * UUID v5 of the name and the {@link #checksum()} covers every field that affects behaviour (all
 * but {@code source}), so a changed description, schema or dependency changes it.
 */
public final class ToolDefinition {
  /** The version of these contract shapes. */
  public static final String SCHEMA_VERSION = "0.1.0";

  /** The sandbox of tools that do not name one. */
  public static final String DEFAULT_SANDBOX = "default";

  private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private final String name;
  private final UUID id;
  private final String title;
  private final String description;
  private final String version;
  private final ObjectNode parameters;
  private final Optional<ObjectNode> returns;
  private final List<String> tags;
  private final String source;
  private final ToolAnnotations annotations;
  private final String sandbox;
  private final List<String> dependencies;
  private final List<String> secrets;
  private final List<ObjectNode> examples;
  private final ToolPolicy policy;
  private final Implementation implementation;
  private final boolean asTool;
  private final String checksum;

  private ToolDefinition(Builder b) {
    this.name = ToolNames.requireValid(b.name);
    this.parameters = JsonSchemas.requireToolParameters(name, b.parameters).deepCopy();
    this.id = ToolIds.toolId(name);
    this.title = b.title == null ? "" : b.title.strip();
    this.description = b.description == null ? "" : b.description.strip();
    this.version = b.version == null || b.version.isBlank() ? "0.1.0" : b.version.strip();
    this.returns = b.returns.map(ObjectNode::deepCopy);
    this.tags = distinct(b.tags);
    this.source = b.source == null || b.source.isBlank() ? "builtin" : b.source;
    this.annotations = Objects.requireNonNull(b.annotations, "annotations");
    this.sandbox = b.sandbox == null || b.sandbox.isBlank() ? DEFAULT_SANDBOX : b.sandbox;
    this.dependencies = distinct(b.dependencies);
    this.secrets = distinct(b.secrets);
    for (String secret : secrets) {
      if (!isEnvName(secret)) {
        throw new IllegalArgumentException(
            "tool '" + name + "': secret '" + secret + "' is not an environment variable name");
      }
    }
    this.examples = b.examples.stream().map(ObjectNode::deepCopy).toList();
    this.policy = Objects.requireNonNull(b.policy, "policy");
    this.implementation = Objects.requireNonNull(b.implementation, "implementation");
    this.asTool = b.asTool;
    this.checksum = ToolIds.checksum16(Json.canonical(ToolDefinitionCodec.behaviour(this)));
  }

  /** Whether {@code secret} can name an environment variable: {@code [A-Za-z_][A-Za-z0-9_]*}. */
  static boolean isEnvName(String secret) {
    return ENV_NAME.matcher(secret).matches();
  }

  private static List<String> distinct(List<String> values) {
    List<String> out = new ArrayList<>();
    for (String v : new LinkedHashSet<>(values)) {
      if (v != null && !v.isBlank()) {
        out.add(v.strip());
      }
    }
    return List.copyOf(out);
  }

  /**
   * Starts a definition with its two required parts.
   *
   * @param name 1–128 of {@code [A-Za-z0-9_.-]}
   * @param parameters a JSON Schema with {@code "type": "object"}
   */
  public static Builder builder(String name, JsonNode parameters) {
    return new Builder(name, parameters);
  }

  /** A builder holding this definition's values, to derive a changed copy. */
  public Builder toBuilder() {
    Builder b = new Builder(name, parameters);
    b.title = title;
    b.description = description;
    b.version = version;
    b.returns = returns;
    b.tags = tags;
    b.source = source;
    b.annotations = annotations;
    b.sandbox = sandbox;
    b.dependencies = dependencies;
    b.secrets = secrets;
    b.examples = examples;
    b.policy = policy;
    b.implementation = implementation;
    b.asTool = asTool;
    return b;
  }

  /** A copy with another name (used to namespace tools of a source). */
  public ToolDefinition withName(String newName) {
    Builder b = toBuilder();
    b.name = newName;
    return b.build();
  }

  /** A copy with another source label. */
  public ToolDefinition withSource(String newSource) {
    return toBuilder().source(newSource).build();
  }

  public String name() {
    return name;
  }

  /** UUID v5 of the name; see {@link ToolIds}. */
  public UUID id() {
    return id;
  }

  /** Human label; empty when none was given. */
  public String title() {
    return title;
  }

  /** What the tool does, written for the model; may be empty. */
  public String description() {
    return description;
  }

  public String version() {
    return version;
  }

  /** JSON Schema of the arguments; read-only. */
  public ObjectNode parameters() {
    return parameters;
  }

  /** JSON Schema of the result (MCP {@code outputSchema}), when declared; read-only. */
  public Optional<ObjectNode> returns() {
    return returns;
  }

  public List<String> tags() {
    return tags;
  }

  /** Where the tool came from: {@code builtin}, {@code file:<path>}, {@code mcp:<server>}, … */
  public String source() {
    return source;
  }

  public ToolAnnotations annotations() {
    return annotations;
  }

  /** The sandbox the tool runs in; {@value #DEFAULT_SANDBOX} unless declared. */
  public String sandbox() {
    return sandbox;
  }

  /** Packages the tool needs, e.g. {@code npm:csv-parse@5}, {@code pip:pandas}. */
  public List<String> dependencies() {
    return dependencies;
  }

  /** Names of environment variables the tool may read. */
  public List<String> secrets() {
    return secrets;
  }

  /** Example argument objects; read-only. */
  public List<ObjectNode> examples() {
    return examples;
  }

  public ToolPolicy policy() {
    return policy;
  }

  public Implementation implementation() {
    return implementation;
  }

  /**
   * Whether models may see this tool (Spice's {@code as_tool}, default true). A tool with {@code
   * as_tool: false} is left out of search, of every listing a model reads (exposure, MCP {@code
   * tools/list}, the chat proxy, {@code GET /v1/tools}, the XML prompt) and cannot be called
   * through a model-facing surface (meta-tools, MCP, chat proxy); the operator still calls it
   * through {@code POST /v1/tools/{name}:invoke}, the CLI or the Java API.
   */
  public boolean asTool() {
    return asTool;
  }

  /** First 16 hex characters of SHA-256 over the canonical JSON of the behaviour fields. */
  public String checksum() {
    return checksum;
  }

  /** The planner view: name and description only. */
  public PlannerView plannerView() {
    return new PlannerView(name, description);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ToolDefinition other
        && name.equals(other.name)
        && checksum.equals(other.checksum)
        && source.equals(other.source);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, checksum, source);
  }

  @Override
  public String toString() {
    return "ToolDefinition[" + name + " " + checksum + " from " + source + "]";
  }

  /**
   * The minimal view planners need.
   *
   * @param name the tool name
   * @param description what it does
   */
  public record PlannerView(String name, String description) {}

  /** Collects the optional parts of a {@link ToolDefinition}. Not thread-safe. */
  public static final class Builder {
    private String name;
    private final JsonNode parameters;
    private String title;
    private String description;
    private String version;
    private Optional<ObjectNode> returns = Optional.empty();
    private List<String> tags = List.of();
    private String source;
    private ToolAnnotations annotations = ToolAnnotations.NONE;
    private String sandbox;
    private List<String> dependencies = List.of();
    private List<String> secrets = List.of();
    private List<ObjectNode> examples = List.of();
    private ToolPolicy policy = ToolPolicy.INHERIT;
    private Implementation implementation = new Implementation.Provided();
    private boolean asTool = true;

    private Builder(String name, JsonNode parameters) {
      this.name = name;
      this.parameters = parameters;
    }

    public Builder title(String title) {
      this.title = title;
      return this;
    }

    public Builder description(String description) {
      this.description = description;
      return this;
    }

    public Builder version(String version) {
      this.version = version;
      return this;
    }

    /** The result schema; must be a JSON object schema. */
    public Builder returns(JsonNode returns) {
      if (returns != null && !(returns instanceof ObjectNode)) {
        throw new IllegalArgumentException(
            "tool '" + name + "': returns must be a JSON Schema object");
      }
      this.returns = Optional.ofNullable((ObjectNode) returns);
      return this;
    }

    public Builder tags(List<String> tags) {
      this.tags = List.copyOf(tags);
      return this;
    }

    public Builder source(String source) {
      this.source = source;
      return this;
    }

    public Builder annotations(ToolAnnotations annotations) {
      this.annotations = annotations;
      return this;
    }

    public Builder sandbox(String sandbox) {
      this.sandbox = sandbox;
      return this;
    }

    public Builder dependencies(List<String> dependencies) {
      this.dependencies = List.copyOf(dependencies);
      return this;
    }

    public Builder secrets(List<String> secrets) {
      this.secrets = List.copyOf(secrets);
      return this;
    }

    public Builder examples(List<ObjectNode> examples) {
      this.examples = List.copyOf(examples);
      return this;
    }

    public Builder policy(ToolPolicy policy) {
      this.policy = policy;
      return this;
    }

    public Builder implementation(Implementation implementation) {
      this.implementation = implementation;
      return this;
    }

    /** Whether models may see the tool; false keeps it callable by the operator only. */
    public Builder asTool(boolean asTool) {
      this.asTool = asTool;
      return this;
    }

    /**
     * Validates and builds.
     *
     * @throws IllegalArgumentException naming the tool, the field and the fix
     */
    public ToolDefinition build() {
      return new ToolDefinition(this);
    }
  }
}
