package io.toolgate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.InvalidToolException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolPolicy;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.spi.ToolExecutionException;
import io.toolgate.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxesTest {
  @TempDir Path data;
  private final ToolRegistry registry = new ToolRegistry();

  private static ToolDefinition tool(
      String name, String sandbox, List<String> deps, String description) {
    return ToolDefinition.builder(name, Json.parse("{\"type\":\"object\",\"properties\":{}}"))
        .sandbox(sandbox)
        .dependencies(deps)
        .secrets(List.of(name.toUpperCase(java.util.Locale.ROOT) + "_KEY"))
        .description(description)
        .implementation(new Implementation.Command(List.of("true")))
        .build();
  }

  private void put(ToolDefinition def) {
    registry.put(new RegisteredTool(def, call -> Json.object()));
  }

  private Sandboxes sandboxes(SandboxConfig... configs) {
    return Sandboxes.builder(registry, data).sandboxes(List.of(configs)).build();
  }

  private static SandboxConfig analytics(List<String> deps) {
    return SandboxConfig.of("analytics").withDependencies(deps).withSecrets(List.of("DB_URL"));
  }

  @Test
  void theDefaultSandboxAlwaysExists() {
    assertThat(sandboxes().names()).containsExactly("default");
  }

  @Test
  void dependenciesAndSecretsAreAggregatedDeduplicatedAndSorted() {
    Sandboxes s = sandboxes(analytics(List.of("pandas", "npm:b@1")));
    put(tool("zeta", "analytics", List.of("pip:pandas", "npm:a@2"), ""));
    put(tool("alpha", "analytics", List.of("npm:b@1"), ""));
    put(tool("elsewhere", "default", List.of("npm:other@1"), ""));

    assertThat(s.dependencies("analytics")).containsExactly("npm:a@2", "npm:b@1", "pip:pandas");
    assertThat(s.secrets("analytics")).containsExactly("ALPHA_KEY", "DB_URL", "ZETA_KEY");
    assertThat(s.status("analytics").tools()).containsExactly("alpha", "zeta");
  }

  @Test
  void theChecksumChangesWhenAToolOfTheSandboxChangesAndOnlyThen() {
    Sandboxes s = sandboxes(analytics(List.of()));
    put(tool("a", "analytics", List.of(), "one"));
    put(tool("other", "default", List.of(), "x"));
    String before = s.checksum("analytics");

    put(tool("other", "default", List.of(), "changed elsewhere"));
    put(tool("a", "analytics", List.of(), "one"));
    assertThat(s.checksum("analytics")).isEqualTo(before);

    put(tool("a", "analytics", List.of(), "two"));
    assertThat(s.checksum("analytics")).isNotEqualTo(before).hasSize(16).matches("[0-9a-f]{16}");
  }

  @Test
  void theChecksumChangesWhenADependencyChanges() {
    put(tool("a", "analytics", List.of("npm:x@1"), ""));
    String base = sandboxes(analytics(List.of())).checksum("analytics");

    assertThat(sandboxes(analytics(List.of("pip:numpy"))).checksum("analytics")).isNotEqualTo(base);
    put(tool("a", "analytics", List.of("npm:x@2"), ""));
    assertThat(sandboxes(analytics(List.of())).checksum("analytics")).isNotEqualTo(base);
  }

  @Test
  void theChecksumChangesWhenAToolJoinsOrLeaves() {
    Sandboxes s = sandboxes(analytics(List.of()));
    put(tool("a", "analytics", List.of(), ""));
    String one = s.checksum("analytics");

    put(tool("b", "analytics", List.of(), ""));
    String two = s.checksum("analytics");
    registry.remove("b");

    assertThat(two).isNotEqualTo(one);
    assertThat(s.checksum("analytics")).isEqualTo(one);
  }

  @Test
  void statusSaysWhichToolOrDependencyChangedSinceTheLastBuild() throws Exception {
    Sandboxes s = sandboxes(analytics(List.of()));
    put(tool("a", "analytics", List.of(), "one"));
    put(tool("b", "analytics", List.of(), "one"));
    assertThat(s.status("analytics").reasons()).containsExactly("never built");
    s.build("analytics", line -> {});
    assertThat(s.status("analytics").upToDate()).isTrue();

    put(tool("a", "analytics", List.of(), "two"));
    registry.remove("b");
    put(tool("c", "analytics", List.of("npm:is-number@7.0.0"), ""));

    SandboxStatus status = s.status("analytics");
    assertThat(status.upToDate()).isFalse();
    assertThat(status.reasons())
        .containsExactly(
            "tool 'a' changed",
            "tool 'c' added",
            "tool 'b' removed",
            "dependency 'npm:is-number@7.0.0' added");
    assertThat(status.toJson().get("up_to_date").asBoolean()).isFalse();
  }

  @Test
  void theLastBuildIsRememberedAcrossRestarts() throws Exception {
    put(tool("a", "analytics", List.of(), ""));
    sandboxes(analytics(List.of())).build("analytics", line -> {});

    Sandboxes restarted = sandboxes(analytics(List.of()));

    assertThat(restarted.status("analytics").upToDate()).isTrue();
    assertThat(restarted.build("analytics", line -> {}).built()).isFalse();
    assertThat(Files.list(data.resolve("sandboxes/.state")))
        .extracting(p -> p.getFileName().toString())
        .containsExactly("analytics.json");
  }

  @Test
  void theLastBuildCanLiveInTheRegistryStore() throws Exception {
    put(tool("a", "analytics", List.of(), ""));
    try (var store = io.toolgate.store.EmbeddedRegistryStore.open(data.resolve("store"))) {
      Sandboxes.builder(registry, data)
          .sandbox(analytics(List.of()))
          .stateStore(SandboxStateStore.inRegistryStore(store))
          .build()
          .build("analytics", line -> {});
    }
    try (var store = io.toolgate.store.EmbeddedRegistryStore.open(data.resolve("store"))) {
      Sandboxes restarted =
          Sandboxes.builder(registry, data)
              .sandbox(analytics(List.of()))
              .stateStore(SandboxStateStore.inRegistryStore(store))
              .build();

      assertThat(restarted.status("analytics").upToDate()).isTrue();
      assertThat(store.getText(io.toolgate.store.RegistryStore.SANDBOXES, "analytics"))
          .hasValueSatisfying(json -> assertThat(json).contains("\"checksum\""));
    }
  }

  @Test
  void aToolForAnUnknownSandboxIsRejectedByCheck() {
    Sandboxes s = sandboxes(analytics(List.of()));

    assertThatThrownBy(() -> s.check(tool("a", "nowhere", List.of(), "")))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/sandbox"))
        .hasMessage(
            "tool 'a': sandbox 'nowhere' is not configured; known sandboxes: [analytics, default]"
                + " (add it under sandboxes: in toolgate.yaml)");
  }

  @Test
  void aToolThatSlipsPastTheCheckIsListedAndItsCommandsAreUnavailable() {
    Sandboxes s = sandboxes();
    ToolDefinition stray = tool("stray", "nowhere", List.of(), "");
    put(stray);

    assertThat(s.unknownSandboxes()).containsEntry("nowhere", List.of("stray"));
    assertThatThrownBy(() -> s.runtimeFor("nowhere").prepare(stray, List.of("true")))
        .isInstanceOfSatisfying(
            ToolExecutionException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE))
        .hasMessageContaining("sandbox 'nowhere' is not configured");
  }

  @Test
  void anUnknownDependencyPrefixIsRejected() {
    Sandboxes s = sandboxes();

    assertThatThrownBy(() -> s.check(tool("a", "default", List.of("npm:ok@1", "gem:rails"), "")))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/dependencies/1"))
        .hasMessageContaining("unknown prefix 'gem:'");
    assertThatThrownBy(() -> analytics(List.of("--index-url=http://evil")))
        .hasMessageContaining("is not a package spec");
  }

  @Test
  void aBadDependencyThatSlipsPastTheCheckShowsInTheStatusAndFailsTheBuild() {
    Sandboxes s = sandboxes(analytics(List.of()));
    put(tool("a", "analytics", List.of("gem:rails"), ""));

    assertThat(s.status("analytics").reasons())
        .containsExactly(
            "never built",
            "sandbox 'analytics': dependency 'gem:rails' has an unknown prefix 'gem:'; use npm: or"
                + " pip: (unprefixed names are pip packages)");
    assertThatThrownBy(() -> s.build("analytics", line -> {}))
        .isInstanceOf(SandboxException.class)
        .hasMessageContaining("unknown prefix 'gem:'");
  }

  @Test
  void theSandboxPolicyIsOfferedToTheInvoker() {
    ToolPolicy tight = ToolPolicy.withTimeout(java.time.Duration.ofSeconds(2));
    Sandboxes s = sandboxes(SandboxConfig.of("tight").withPolicy(tight));

    assertThat(s.policyOf("tight")).isEqualTo(tight);
    assertThat(s.policyOf("unknown")).isEqualTo(ToolPolicy.INHERIT);
  }

  @Test
  void aProcessSandboxWithoutDependenciesBuildsWithoutInstallers() throws Exception {
    Sandboxes s = sandboxes(analytics(List.of()));
    List<String> progress = new ArrayList<>();

    BuildResult r = s.build("analytics", progress::add);

    assertThat(r.built()).isTrue();
    assertThat(r.summary()).isEqualTo("no dependencies to install");
    assertThat(progress).noneMatch(l -> l.startsWith("$ "));
    assertThat(data.resolve("sandboxes/analytics")).isDirectory();
  }

  @Test
  void configIsReadStrictlyFromJson() {
    SandboxConfig c =
        SandboxConfig.fromJson(
            Json.parse(
                "{\"name\":\"box\",\"dependencies\":[\"pandas\"],\"secrets\":[\"K\"],\"runtime\":\"docker\","
                    + "\"image\":\"python:3.12\",\"timeout_ms\":5000}"));

    assertThat(c.dependencies()).containsExactly("pip:pandas");
    assertThat(c.runtime()).isEqualTo(SandboxRuntime.DOCKER);
    assertThat(c.image()).contains("python:3.12");
    assertThat(c.policy().timeout()).contains(java.time.Duration.ofSeconds(5));
    assertThatThrownBy(
            () -> SandboxConfig.fromJson(Json.parse("{\"name\":\"b\",\"dependecies\":[]}")))
        .hasMessageContaining("unknown key 'dependecies'");
    assertThat(Optional.of(c.secrets())).contains(List.of("K"));
  }
}
