package io.toolgate.sandbox;

import io.toolgate.json.Json;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a sandbox looked like when it was last built: enough to say later what changed.
 *
 * @param sandbox the sandbox name
 * @param checksum the sandbox checksum at that build
 * @param tools each tool's checksum at that build, by name
 * @param dependencies the aggregated dependencies installed
 * @param runtime the runtime built for
 * @param image the image tag, for the docker runtime
 * @param builtAt when the build finished
 */
public record BuildState(
    String sandbox,
    String checksum,
    Map<String, String> tools,
    List<String> dependencies,
    SandboxRuntime runtime,
    Optional<String> image,
    Instant builtAt) {
  public BuildState {
    Objects.requireNonNull(sandbox, "sandbox");
    Objects.requireNonNull(checksum, "checksum");
    tools = Map.copyOf(tools);
    dependencies = List.copyOf(dependencies);
    Objects.requireNonNull(runtime, "runtime");
    image = image == null ? Optional.empty() : image;
    Objects.requireNonNull(builtAt, "builtAt");
  }

  /** The JSON form the state stores keep. */
  public ObjectNode toJson() {
    ObjectNode out = Json.object();
    out.put("sandbox", sandbox);
    out.put("checksum", checksum);
    out.set("tools", Json.tree(new TreeMap<>(tools)));
    out.set("dependencies", Json.tree(dependencies));
    out.put("runtime", runtime.wire());
    image.ifPresent(i -> out.put("image", i));
    out.put("built_at", builtAt.toString());
    return out;
  }

  /**
   * Reads the JSON form.
   *
   * @throws IllegalArgumentException when a field is missing or malformed
   */
  public static BuildState fromJson(JsonNode json) {
    try {
      Map<String, String> tools = new TreeMap<>();
      json.path("tools").properties().forEach(e -> tools.put(e.getKey(), e.getValue().asString()));
      List<String> deps = new java.util.ArrayList<>();
      json.path("dependencies").forEach(d -> deps.add(d.asString()));
      return new BuildState(
          json.get("sandbox").asString(),
          json.get("checksum").asString(),
          tools,
          deps,
          SandboxRuntime.fromWire(json.get("runtime").asString()),
          Optional.ofNullable(json.get("image")).map(JsonNode::asString),
          Instant.parse(json.get("built_at").asString()));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("malformed sandbox build state: " + e.getMessage(), e);
    }
  }
}
