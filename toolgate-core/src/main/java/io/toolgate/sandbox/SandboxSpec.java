package io.toolgate.sandbox;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolIds;
import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.node.ObjectNode;

/**
 * A sandbox's configuration joined with its tools: the aggregated dependencies and secrets, and the
 * checksum that decides whether it needs a rebuild.
 *
 * @param config the sandbox's own configuration
 * @param tools each tool's checksum, by name (sorted)
 * @param dependencies base and tool dependencies, canonical, deduplicated, sorted
 * @param secrets base and tool secrets, deduplicated, sorted
 * @param checksum 16 hex of SHA-256 over runtime, image, dependencies and tool checksums
 */
record SandboxSpec(
    SandboxConfig config,
    Map<String, String> tools,
    List<String> dependencies,
    List<String> secrets,
    String checksum) {

  static SandboxSpec of(SandboxConfig config, Collection<ToolDefinition> tools) {
    Map<String, String> checksums = new TreeMap<>();
    TreeSet<String> deps = new TreeSet<>(config.dependencies());
    TreeSet<String> secrets = new TreeSet<>(config.secrets());
    for (ToolDefinition t : tools) {
      checksums.put(t.name(), t.checksum());
      for (String d : t.dependencies()) {
        deps.add(canonical(d));
      }
      secrets.addAll(t.secrets());
    }
    List<String> dependencies = List.copyOf(deps);
    ObjectNode input = Json.object();
    input.put("runtime", config.runtime().wire());
    config.image().ifPresent(i -> input.put("image", i));
    input.set("dependencies", Json.tree(dependencies));
    input.set("tools", Json.tree(checksums));
    String checksum = ToolIds.checksum16(Json.canonical(input));
    return new SandboxSpec(
        config,
        java.util.Collections.unmodifiableMap(checksums),
        dependencies,
        List.copyOf(secrets),
        checksum);
  }

  /** The canonical form, or the text as declared when it does not parse (the build reports it). */
  private static String canonical(String declared) {
    try {
      return Dependency.parse(declared).declared();
    } catch (IllegalArgumentException e) {
      return declared.strip();
    }
  }

  /** The tool names, sorted. */
  List<String> toolNames() {
    return List.copyOf(tools.keySet());
  }

  /**
   * Why this spec differs from what was last built; empty when it does not.
   *
   * <p>Reasons name what changed: {@code never built}, {@code tool 'x' changed}, {@code tool 'y'
   * added}, {@code dependency 'npm:z@1' removed}, {@code runtime changed from process to docker}.
   */
  List<String> changesSince(Optional<BuildState> built) {
    if (built.isEmpty()) {
      return List.of("never built");
    }
    BuildState b = built.get();
    if (b.checksum().equals(checksum)) {
      return List.of();
    }
    List<String> reasons = new ArrayList<>();
    if (b.runtime() != config.runtime()) {
      reasons.add("runtime changed from " + b.runtime().wire() + " to " + config.runtime().wire());
    }
    tools.forEach(
        (name, sum) -> {
          String before = b.tools().get(name);
          if (before == null) {
            reasons.add("tool '" + name + "' added");
          } else if (!before.equals(sum)) {
            reasons.add("tool '" + name + "' changed");
          }
        });
    new TreeSet<>(b.tools().keySet())
        .stream()
            .filter(name -> !tools.containsKey(name))
            .forEach(name -> reasons.add("tool '" + name + "' removed"));
    dependencies.stream()
        .filter(d -> !b.dependencies().contains(d))
        .forEach(d -> reasons.add("dependency '" + d + "' added"));
    b.dependencies().stream()
        .filter(d -> !dependencies.contains(d))
        .forEach(d -> reasons.add("dependency '" + d + "' removed"));
    if (reasons.isEmpty()) {
      reasons.add("configuration changed (image)");
    }
    return List.copyOf(reasons);
  }

  /** The parsed dependencies. */
  List<Dependency> parsedDependencies() {
    List<Dependency> out = new ArrayList<>();
    for (String d : dependencies) {
      try {
        out.add(Dependency.parse(d));
      } catch (IllegalArgumentException e) {
        throw new SandboxException(
            io.toolgate.ErrorCode.INVALID_ARGUMENTS,
            "sandbox '" + config.name() + "': " + e.getMessage());
      }
    }
    return out;
  }
}
