package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class SandboxesCommandTest {
  @TempDir Path dataDir;

  Map<String, JsonNode> sandboxes(Cli cli) {
    return cli.json("sandboxes", "--json")
        .valueStream()
        .collect(Collectors.toMap(s -> s.path("name").asString(), Function.identity()));
  }

  @Test
  void listsEachSandboxWithItsToolsDependenciesAndChecksum() {
    Map<String, JsonNode> sandboxes = sandboxes(new Cli(dataDir));

    assertThat(sandboxes).containsOnlyKeys("analytics", "default");
    JsonNode analytics = sandboxes.get("analytics");
    assertThat(analytics.path("tools").valueStream().map(JsonNode::asString))
        .contains("analytics_csv_summary");
    assertThat(analytics.path("dependencies").valueStream().map(JsonNode::asString))
        .anySatisfy(d -> assertThat(d).startsWith("npm:"))
        .anySatisfy(d -> assertThat(d).startsWith("pip:"));
    assertThat(analytics.path("checksum").asString()).matches("[0-9a-f]{16}");
    assertThat(analytics.path("up_to_date").asBoolean()).isFalse();
    assertThat(analytics.path("reasons").valueStream().map(JsonNode::asString))
        .containsExactly("never built");
  }

  @Test
  void buildMarksASandboxUpToDate() {
    Cli cli = new Cli(dataDir);

    Cli.Run build = cli.run("sandboxes", "build", "default");

    assertThat(build.exitCode()).isZero();
    assertThat(build.out()).contains("default: built, checksum ").contains("no dependencies");
    assertThat(sandboxes(cli).get("default").path("up_to_date").asBoolean()).isTrue();
    assertThat(cli.run("sandboxes", "build", "default").out()).contains("default: up to date");
  }

  @Test
  void unknownSandboxIsNamed() {
    Cli.Run run = new Cli(dataDir).run("sandboxes", "build", "nope");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("'nope'").contains("analytics");
  }
}
