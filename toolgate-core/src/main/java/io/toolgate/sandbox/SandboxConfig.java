package io.toolgate.sandbox;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * A named execution profile: base dependencies and secrets shared by its tools, how its command
 * tools run, and default limits for its tools.
 *
 * <pre>{@code
 * # toolgate.yaml
 * sandboxes:
 *   - {name: analytics, dependencies: ["npm:csv-parse@5", pandas], secrets: [DB_URL]}
 *   - {name: isolated, runtime: docker, image: "python:3.12-slim", timeout_ms: 20000}
 * }</pre>
 *
 * @param name 1–64 of {@code [A-Za-z0-9_.-]}, starting with a letter or digit
 * @param dependencies base packages, canonical ({@code npm:x@1}, {@code pip:y}); see {@link
 *     Dependency}
 * @param secrets environment variable names every command tool of the sandbox receives
 * @param runtime {@code process} (default) or {@code docker}
 * @param policy limits for tools that set none of their own
 * @param image the docker base image; empty picks one from the dependencies
 */
public record SandboxConfig(
    String name,
    List<String> dependencies,
    List<String> secrets,
    SandboxRuntime runtime,
    ToolPolicy policy,
    Optional<String> image) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");
  private static final Pattern SECRET = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Set<String> KEYS =
      new TreeSet<>(
          List.of(
              "name",
              "dependencies",
              "secrets",
              "runtime",
              "image",
              "timeout_ms",
              "max_concurrency",
              "max_result_bytes"));

  /** The sandbox every tool without one runs in; always exists. */
  public static final SandboxConfig DEFAULT = of(ToolDefinition.DEFAULT_SANDBOX);

  public SandboxConfig {
    Objects.requireNonNull(name, "name");
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "sandbox name '"
              + name
              + "' must be 1-64 of [A-Za-z0-9_.-], starting with a letter or digit");
    }
    Set<String> deps = new LinkedHashSet<>();
    for (String d : dependencies == null ? List.<String>of() : dependencies) {
      try {
        deps.add(Dependency.parse(d).declared());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("sandbox '" + name + "': " + e.getMessage(), e);
      }
    }
    dependencies = List.copyOf(deps);
    secrets = List.copyOf(new LinkedHashSet<>(secrets == null ? List.of() : secrets));
    for (String s : secrets) {
      if (!SECRET.matcher(s).matches()) {
        throw new IllegalArgumentException(
            "sandbox '" + name + "': secret '" + s + "' is not an environment variable name");
      }
    }
    runtime = runtime == null ? SandboxRuntime.PROCESS : runtime;
    policy = policy == null ? ToolPolicy.INHERIT : policy;
    image = image == null ? Optional.empty() : image.map(String::strip).filter(i -> !i.isEmpty());
    if (image.isPresent() && runtime != SandboxRuntime.DOCKER) {
      throw new IllegalArgumentException("sandbox '" + name + "': 'image' needs runtime: docker");
    }
  }

  /** A process sandbox with no dependencies, secrets or limits of its own. */
  public static SandboxConfig of(String name) {
    return new SandboxConfig(
        name, List.of(), List.of(), SandboxRuntime.PROCESS, ToolPolicy.INHERIT, Optional.empty());
  }

  public SandboxConfig withDependencies(List<String> newDependencies) {
    return new SandboxConfig(name, newDependencies, secrets, runtime, policy, image);
  }

  public SandboxConfig withSecrets(List<String> newSecrets) {
    return new SandboxConfig(name, dependencies, newSecrets, runtime, policy, image);
  }

  public SandboxConfig withRuntime(SandboxRuntime newRuntime) {
    return new SandboxConfig(name, dependencies, secrets, newRuntime, policy, image);
  }

  public SandboxConfig withPolicy(ToolPolicy newPolicy) {
    return new SandboxConfig(name, dependencies, secrets, runtime, newPolicy, image);
  }

  public SandboxConfig withImage(String newImage) {
    return new SandboxConfig(
        name, dependencies, secrets, runtime, policy, Optional.ofNullable(newImage));
  }

  /**
   * Reads one entry of the {@code sandboxes:} config list. Keys: {@code name} (required), {@code
   * dependencies}, {@code secrets}, {@code runtime}, {@code image}, {@code timeout_ms}, {@code
   * max_concurrency}, {@code max_result_bytes}.
   *
   * @throws IllegalArgumentException naming the sandbox, the key and the fix; unknown keys too
   */
  public static SandboxConfig fromJson(JsonNode json) {
    if (json == null || !json.isObject() || !json.path("name").isString()) {
      throw new IllegalArgumentException(
          "a sandbox is an object with at least a name, e.g. {name: analytics}");
    }
    String name = json.get("name").asString();
    for (String key : json.propertyNames()) {
      if (!KEYS.contains(key)) {
        throw new IllegalArgumentException(
            "sandbox '" + name + "': unknown key '" + key + "'; known keys: " + KEYS);
      }
    }
    Optional<Duration> timeout = Optional.empty();
    OptionalInt concurrency = OptionalInt.empty();
    OptionalLong resultBytes = OptionalLong.empty();
    if (json.hasNonNull("timeout_ms")) {
      timeout = Optional.of(Duration.ofMillis(positive(json, "timeout_ms", name)));
    }
    if (json.hasNonNull("max_concurrency")) {
      concurrency = OptionalInt.of((int) positive(json, "max_concurrency", name));
    }
    if (json.hasNonNull("max_result_bytes")) {
      resultBytes = OptionalLong.of(positive(json, "max_result_bytes", name));
    }
    return new SandboxConfig(
        name,
        strings(json, "dependencies", name),
        strings(json, "secrets", name),
        json.hasNonNull("runtime") ? SandboxRuntime.fromWire(json.get("runtime").asString()) : null,
        new ToolPolicy(timeout, concurrency, resultBytes),
        Optional.ofNullable(json.get("image")).filter(JsonNode::isString).map(JsonNode::asString));
  }

  private static long positive(JsonNode json, String key, String name) {
    JsonNode v = json.get(key);
    if (!v.isIntegralNumber() || v.asLong() < 1) {
      throw new IllegalArgumentException(
          "sandbox '" + name + "': '" + key + "' must be a positive whole number, got " + v);
    }
    return v.asLong();
  }

  private static List<String> strings(JsonNode json, String key, String name) {
    JsonNode v = json.get(key);
    if (v == null || v.isNull()) {
      return List.of();
    }
    if (!v.isArray()) {
      throw new IllegalArgumentException(
          "sandbox '" + name + "': '" + key + "' must be a list of strings, e.g. [a, b]");
    }
    List<String> out = new ArrayList<>();
    v.forEach(item -> out.add(item.asString()));
    return out;
  }
}
