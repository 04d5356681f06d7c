package io.toolgate.sandbox;

import io.toolgate.json.Json;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * One sandbox as {@code toolgate sandboxes} and {@code GET /v1/sandboxes} list it.
 *
 * <pre>{@code
 * {"name": "analytics", "runtime": "process", "tools": ["csv_stats"],
 *  "dependencies": ["npm:csv-parse@5", "pip:pandas"], "secrets": ["DB_URL"],
 *  "checksum": "9f2c…", "built_checksum": "41aa…", "up_to_date": false,
 *  "reasons": ["tool 'csv_stats' changed"], "image": "toolgate-analytics:9f2c…"}
 * }</pre>
 *
 * @param name the sandbox
 * @param runtime how its command tools run
 * @param tools its tools, sorted
 * @param dependencies aggregated dependencies, sorted
 * @param secrets aggregated secret names, sorted
 * @param checksum the current checksum
 * @param builtChecksum the checksum of the last build, if any
 * @param reasons why it needs a rebuild; empty when up to date
 * @param image the image tag the current checksum builds, for the docker runtime
 */
public record SandboxStatus(
    String name,
    SandboxRuntime runtime,
    List<String> tools,
    List<String> dependencies,
    List<String> secrets,
    String checksum,
    Optional<String> builtChecksum,
    List<String> reasons,
    Optional<String> image) {
  public SandboxStatus {
    Objects.requireNonNull(name, "name");
    tools = List.copyOf(tools);
    dependencies = List.copyOf(dependencies);
    secrets = List.copyOf(secrets);
    builtChecksum = builtChecksum == null ? Optional.empty() : builtChecksum;
    reasons = List.copyOf(reasons);
    image = image == null ? Optional.empty() : image;
  }

  /** Whether the last build matches the current checksum. */
  public boolean upToDate() {
    return reasons.isEmpty();
  }

  /** The JSON form shown above. */
  public ObjectNode toJson() {
    ObjectNode out = Json.object();
    out.put("name", name);
    out.put("runtime", runtime.wire());
    out.set("tools", Json.tree(tools));
    out.set("dependencies", Json.tree(dependencies));
    out.set("secrets", Json.tree(secrets));
    out.put("checksum", checksum);
    builtChecksum.ifPresent(b -> out.put("built_checksum", b));
    out.put("up_to_date", upToDate());
    out.set("reasons", Json.tree(reasons));
    image.ifPresent(i -> out.put("image", i));
    return out;
  }
}
