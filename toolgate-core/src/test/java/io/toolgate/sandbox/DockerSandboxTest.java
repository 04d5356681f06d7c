package io.toolgate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.CallOptions;
import io.toolgate.invoke.ExecutorFactory;
import io.toolgate.invoke.ToolError;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.invoke.ToolResult;
import io.toolgate.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The docker runtime. No engine is reachable here, so the engine is either absent (a program that
 * does not exist) or a small fake of the docker CLI that logs what it was asked.
 */
class DockerSandboxTest {
  @TempDir Path data;
  @TempDir Path bin;
  private final ToolRegistry registry = new ToolRegistry();

  private static SandboxConfig box() {
    return SandboxConfig.of("Analytics")
        .withRuntime(SandboxRuntime.DOCKER)
        .withDependencies(List.of("npm:csv-parse@5", "pandas>=2"))
        .withSecrets(List.of("DB_URL"));
  }

  private ToolDefinition csvTool(String description) {
    return ToolDefinition.builder(
            "csv_stats", Json.parse("{\"type\":\"object\",\"properties\":{}}"))
        .description(description)
        .sandbox("Analytics")
        .secrets(List.of("CSV_TOKEN"))
        .implementation(new Implementation.Command(List.of("node", "stats.js")))
        .build();
  }

  private Sandboxes sandboxes(String docker) {
    return Sandboxes.builder(registry, data)
        .sandbox(box())
        .programs("npm", "python3", docker)
        .build();
  }

  /**
   * A docker CLI that answers info, logs build calls, and prints run's argv and the {@code
   * TOOLGATE_CONTEXT} of its environment (which {@code -e TOOLGATE_CONTEXT} copies into the
   * container).
   */
  private String fakeDocker() throws Exception {
    Path script = bin.resolve("docker");
    Files.writeString(
        script,
        "#!/bin/sh\n"
            + "case \"$1\" in\n"
            + "  info) echo 27.0.0 ;;\n"
            + "  build) echo \"$@\" >> \""
            + bin.resolve("builds.log")
            + "\" ;;\n"
            + "  run) printf '%s\\n' \"$@\"; printf 'context=%s' \"${TOOLGATE_CONTEXT-unset}\" ;;\n"
            + "esac\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    return script.toString();
  }

  @Test
  void theRecipeInstallsAggregatedDependenciesAndNoSecrets() {
    registry.register(new RegisteredTool(csvTool("v1"), call -> Json.object()));
    Sandboxes s = sandboxes("docker");

    DockerRecipe recipe = s.recipe("Analytics");

    assertThat(recipe.baseImage()).isEqualTo(DockerRecipe.NODE_IMAGE);
    assertThat(recipe.dockerfile())
        .contains("FROM node:20-bookworm-slim\nWORKDIR /sandbox\n")
        .contains("apt-get install -y --no-install-recommends python3 python3-pip")
        .contains(
            "RUN [\"npm\",\"install\",\"--prefix\",\"/sandbox\",\"--no-audit\",\"--no-fund\",\"csv-parse@5\"]")
        .contains("\"--target\",\"/sandbox/python\",\"pandas>=2\"]")
        .contains("ENV NODE_PATH=/sandbox/node_modules PYTHONPATH=/sandbox/python")
        .doesNotContain("DB_URL")
        .doesNotContain("CSV_TOKEN");
  }

  @Test
  void theImageIsTaggedWithTheSandboxChecksum() {
    registry.register(new RegisteredTool(csvTool("v1"), call -> Json.object()));
    Sandboxes s = sandboxes("docker");
    String checksum = s.checksum("Analytics");

    assertThat(s.recipe("Analytics").tag()).isEqualTo("toolgate-analytics:" + checksum);
    assertThat(s.status("Analytics").image()).contains("toolgate-analytics:" + checksum);

    registry.put(new RegisteredTool(csvTool("v2"), call -> Json.object()));
    assertThat(s.recipe("Analytics").tag()).isNotEqualTo("toolgate-analytics:" + checksum);
  }

  @Test
  void aConfiguredImageIsTheBase() {
    Sandboxes s =
        Sandboxes.builder(registry, data)
            .sandbox(
                SandboxConfig.of("py")
                    .withRuntime(SandboxRuntime.DOCKER)
                    .withImage("python:3.11-alpine")
                    .withDependencies(List.of("requests")))
            .build();

    assertThat(s.recipe("py").dockerfile())
        .contains("FROM python:3.11-alpine\n")
        .doesNotContain("apt-get")
        .doesNotContain("break-system-packages");
  }

  @Test
  void withoutAnEngineABuildFailsUnavailableSayingSo() {
    Sandboxes s = sandboxes("toolgate-no-docker");

    assertThatThrownBy(() -> s.build("Analytics", line -> {}))
        .isInstanceOfSatisfying(
            SandboxException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE))
        .hasMessageContaining("no Docker engine is reachable");
    assertThat(s.status("Analytics").upToDate()).isFalse();
  }

  @Test
  void withoutAnEngineACommandCallIsUnavailableSayingSo() {
    Sandboxes s = sandboxes("toolgate-no-docker");
    ToolDefinition def = csvTool("v1");
    registry.register(
        new RegisteredTool(def, ExecutorFactory.builder().sandboxes(s).build().executorFor(def)));

    ToolError error =
        ToolInvoker.builder(registry)
            .build()
            .invoke("csv_stats", Json.object())
            .error()
            .orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.UNAVAILABLE);
    assertThat(error.message())
        .startsWith(
            "csv_stats: sandbox 'Analytics' uses the docker runtime, but no Docker engine is"
                + " reachable");
  }

  @Test
  void anImageIsBuiltOnlyWhenTheChecksumChanged() throws Exception {
    registry.register(new RegisteredTool(csvTool("v1"), call -> Json.object()));
    Sandboxes s = sandboxes(fakeDocker());
    Path log = bin.resolve("builds.log");

    s.build("Analytics", line -> {});
    s.build("Analytics", line -> {});
    assertThat(Files.readAllLines(log)).hasSize(1);

    registry.put(new RegisteredTool(csvTool("v2"), call -> Json.object()));
    s.build("Analytics", line -> {});

    List<String> builds = Files.readAllLines(log);
    assertThat(builds).hasSize(2);
    assertThat(builds.get(1))
        .startsWith("build -t toolgate-analytics:" + s.checksum("Analytics") + " -f ");
    assertThat(data.resolve("sandboxes/Analytics/Dockerfile"))
        .content()
        .isEqualTo(s.recipe("Analytics").dockerfile());
  }

  @Test
  void aCommandRunsInTheBuiltImageWithSecretsForwardedByNameOnly() throws Exception {
    Sandboxes s = sandboxes(fakeDocker());
    ToolDefinition def = csvTool("v1");
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("CSV_TOKEN", "secret-value");
    registry.register(
        new RegisteredTool(
            def,
            ExecutorFactory.builder().sandboxes(s).environment(env::get).build().executorFor(def)));
    ToolInvoker invoker = ToolInvoker.builder(registry).build();
    assertThat(invoker.invoke("csv_stats", Json.object()).error().orElseThrow().message())
        .contains("has no image yet; run: toolgate sandboxes build Analytics");

    s.build("Analytics", line -> {});
    ToolResult r = invoker.invoke("csv_stats", Json.object());

    String tag = "toolgate-analytics:" + s.checksum("Analytics");
    assertThat(r.result().orElseThrow().get("text").asString())
        .isEqualTo(
            String.join(
                "\n",
                "run",
                "--rm",
                "-i",
                "-w",
                "/sandbox",
                "-e",
                "CSV_TOKEN",
                "-e",
                "DB_URL",
                "-e",
                "TOOLGATE_CONTEXT",
                tag,
                "node",
                "stats.js",
                "context=unset"));
    assertThat(Optional.of(r.result().orElseThrow().toString()))
        .get()
        .asString()
        .doesNotContain("secret-value");
  }

  @Test
  void theCallersContextReachesTheContainerByName() throws Exception {
    Sandboxes s = sandboxes(fakeDocker());
    ToolDefinition def = csvTool("v1");
    registry.register(
        new RegisteredTool(
            def,
            ExecutorFactory.builder()
                .sandboxes(s)
                .environment(System.getenv()::get)
                .build()
                .executorFor(def)));
    s.build("Analytics", line -> {});
    CallOptions options =
        new CallOptions(Map.of("tenant", "acme"), Map.of(), Optional.empty(), t -> true);

    ToolResult r =
        ToolInvoker.builder(registry).build().invoke("csv_stats", Json.object(), options);

    String printed = r.result().orElseThrow().get("text").asString();
    assertThat(printed.lines().toList())
        .containsSubsequence("-e", "TOOLGATE_CONTEXT")
        .last()
        .isEqualTo("context={\"tenant\":\"acme\"}");
  }
}
