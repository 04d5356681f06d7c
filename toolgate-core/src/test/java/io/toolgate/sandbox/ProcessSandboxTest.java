package io.toolgate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.ExecutorFactory;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.invoke.ToolResult;
import io.toolgate.json.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real installers: npm against the npm registry, pip against whatever index is configured. */
class ProcessSandboxTest {
  private static final String SCRIPT =
      "const isNumber = require('is-number'); let s = '';"
          + " process.stdin.on('data', d => s += d).on('end', () => {"
          + " const a = JSON.parse(s);"
          + " console.log(JSON.stringify({is_number: isNumber(a.value), cwd: process.cwd(),"
          + " token: process.env.NUM_TOKEN || null, base: process.env.BOX_SECRET || null})); });";

  @TempDir Path data;
  private final ToolRegistry registry = new ToolRegistry();

  private ToolDefinition numberTool(String description) {
    return ToolDefinition.builder(
            "is_number",
            Json.parse(
                "{\"type\":\"object\",\"properties\":{\"value\":{}},\"required\":[\"value\"]}"))
        .description(description)
        .sandbox("numbers")
        .dependencies(List.of("npm:is-number@7.0.0"))
        .secrets(List.of("NUM_TOKEN"))
        .implementation(new Implementation.Command(List.of("node", "-e", SCRIPT)))
        .build();
  }

  @Test
  void anNpmDependencyIsInstalledOnceReusedAndImportableByTheTool() throws Exception {
    Sandboxes sandboxes =
        Sandboxes.builder(registry, data)
            .sandbox(SandboxConfig.of("numbers").withSecrets(List.of("BOX_SECRET")))
            .build();
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("NUM_TOKEN", "t-1");
    env.put("BOX_SECRET", "b-2");
    ExecutorFactory executors =
        ExecutorFactory.builder().sandboxes(sandboxes).environment(env::get).build();
    ToolDefinition def = numberTool("v1");
    sandboxes.check(def);
    registry.register(new RegisteredTool(def, executors.executorFor(def)));

    List<String> first = new ArrayList<>();
    BuildResult built = sandboxes.build("numbers", first::add);
    List<String> second = new ArrayList<>();
    BuildResult reused = sandboxes.build("numbers", second::add);

    assertThat(built.built()).isTrue();
    assertThat(built.summary()).isEqualTo("installed 1 npm package(s)");
    assertThat(first)
        .anyMatch(l -> l.startsWith("$ npm install --prefix ") && l.endsWith("is-number@7.0.0"));
    assertThat(reused.built()).isFalse();
    assertThat(second).noneMatch(l -> l.startsWith("$ "));
    assertThat(data.resolve("sandboxes/numbers/node_modules/is-number/package.json"))
        .isRegularFile();

    ToolResult r =
        ToolInvoker.builder(registry)
            .build()
            .invoke("is_number", Json.parse("{\"value\": \"42\"}"));
    assertThat(r.result().orElseThrow())
        .isEqualTo(
            Json.object()
                .put("is_number", true)
                .put("cwd", data.resolve("sandboxes/numbers").toRealPath().toString())
                .put("token", "t-1")
                .put("base", "b-2"));
  }

  @Test
  void aToolChangeWithTheSameDependenciesRebuildsWithoutReinstalling() throws Exception {
    Sandboxes sandboxes =
        Sandboxes.builder(registry, data).sandbox(SandboxConfig.of("numbers")).build();
    registry.put(new RegisteredTool(numberTool("v1"), call -> Json.object()));
    sandboxes.build("numbers", line -> {});
    registry.put(new RegisteredTool(numberTool("v2"), call -> Json.object()));
    List<String> progress = new ArrayList<>();

    BuildResult r = sandboxes.build("numbers", progress::add);

    assertThat(r.built()).isTrue();
    assertThat(r.summary()).isEqualTo("dependencies unchanged");
    assertThat(progress)
        .noneMatch(l -> l.startsWith("$ "))
        .anyMatch(l -> l.contains("tool 'is_number' changed"));
  }

  @Test
  void aPipPackageNoReachableIndexOffersIsAClearUnavailableError() {
    Sandboxes sandboxes =
        Sandboxes.builder(registry, data)
            .sandbox(
                SandboxConfig.of("py").withDependencies(List.of("pip:toolgate-no-such-package-zz")))
            .build();

    assertThatThrownBy(() -> sandboxes.build("py", line -> {}))
        .isInstanceOfSatisfying(
            SandboxException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE))
        .hasMessageStartingWith(
            "sandbox 'py': pip could not install [toolgate-no-such-package-zz] because no reachable"
                + " Python package index offers them");
    assertThat(sandboxes.status("py").upToDate()).isFalse();
  }
}
