package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tool with {@code as_tool: false} from the operator's command line. */
class HiddenToolCommandsTest {
  @TempDir Path dir;
  Path config;

  @BeforeEach
  void writeConfig() throws IOException {
    Files.writeString(
        dir.resolve("tools.yaml"),
        """
        tools:
          - name: internal_hash
            description: Hash a value for internal bookkeeping.
            parameters: {type: object, properties: {x: {type: string}}, required: [x]}
            command: [sh, -c, "printf '{\\"hashed\\": true}'"]
            as_tool: false
          - name: public_echo
            description: Echo a value back.
            parameters: {type: object, properties: {x: {type: string}}, required: [x]}
            command: [cat]
        """);
    config =
        Files.writeString(dir.resolve("toolgate.yaml"), "domains: []\ncatalogs: [tools.yaml]\n");
  }

  private Cli.Run run(String... args) {
    String[] all = new String[args.length + 2];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--config";
    all[args.length + 1] = config.toString();
    return new Cli(dir.resolve("data")).run(all);
  }

  @Test
  void listShowsItMarkedAndPromptLeavesItOut() {
    assertThat(run("list").out()).contains("[as_tool: false] Hash a value");
    assertThat(run("prompt").out()).contains("public_echo").doesNotContain("internal_hash");
  }

  @Test
  void theOperatorInvokesIt() {
    Cli.Run r = run("invoke", "internal_hash", "--args", "{\"x\": \"a\"}");

    assertThat(r.exitCode()).as(r.all()).isZero();
    assertThat(r.out()).contains("\"hashed\"");
  }

  @Test
  void validateAcceptsIt() {
    Cli.Run r = new Cli(dir.resolve("data")).run("validate", dir.resolve("tools.yaml").toString());

    assertThat(r.exitCode()).as(r.all()).isZero();
  }
}
