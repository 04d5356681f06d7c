package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class InvokeCommandTest {
  @TempDir Path dir;

  Cli.Run invoke(String name, String args) {
    return new Cli(dir.resolve("data")).run("invoke", name, "--args", args);
  }

  @Test
  void printsTheToolResultOfACoreTool() {
    Cli.Run run = invoke("math_evaluate", "{\"expression\": \"2^10 / 4\"}");

    assertThat(run.exitCode()).isZero();
    JsonNode result = run.json();
    assertThat(result.path("ok").asBoolean()).isTrue();
    assertThat(result.path("tool_id").asString()).isEqualTo("math_evaluate");
    assertThat(result.path("result").path("result").asInt()).isEqualTo(256);
    assertThat(result.path("metrics").path("latency_ms").isNumber()).isTrue();
  }

  @Test
  void uuidGenerateReturnsTheRequestedUuids() {
    Cli.Run run =
        invoke(
            "uuid_generate", "{\"version\": 5, \"namespace\": \"dns\", \"name\": \"example.com\"}");

    assertThat(run.exitCode()).isZero();
    // the RFC 9562 name-based UUID of example.com in the DNS namespace
    assertThat(run.json().path("result").toString())
        .contains("cfbff0d1-9375-5685-968c-48ce8b15ae17");
  }

  @Test
  void readsArgumentsFromAFile() throws IOException {
    Path args =
        Files.writeString(
            dir.resolve("args.json"), "{\"value\": 5, \"from\": \"km\", \"to\": \"m\"}");

    Cli.Run run = invoke("unit_convert", "@" + args);

    assertThat(run.exitCode()).isZero();
    assertThat(run.json().path("result").path("result").asDouble()).isEqualTo(5000.0);
  }

  @Test
  void argumentsBreakingTheSchemaExitTwoWithTheValidationError() {
    Cli.Run run = invoke("math_evaluate", "{\"expr\": \"1+1\"}");

    assertThat(run.exitCode()).isEqualTo(2);
    JsonNode error = run.json().path("error");
    assertThat(run.json().path("ok").asBoolean()).isFalse();
    assertThat(error.path("code").asString()).isEqualTo("invalid_arguments");
    assertThat(error.path("details").valueStream().map(d -> d.path("pointer").asString()))
        .contains("/expression");
    assertThat(error.path("message")).asString().contains("'expression'");
  }

  @Test
  void unknownToolExitsTwoSuggestingCloseNames() {
    Cli.Run run = invoke("math_evaluat", "{}");

    assertThat(run.exitCode()).isEqualTo(2);
    JsonNode error = run.json().path("error");
    assertThat(error.path("code").asString()).isEqualTo("unknown_tool");
    assertThat(error.path("message").asString()).contains("'math_evaluat'");
    assertThat(error.path("suggestions").valueStream().map(JsonNode::asString))
        .contains("math_evaluate");
  }

  @Test
  void aToolThatFailsExitsOne() throws IOException {
    Files.writeString(
        dir.resolve("tools.yaml"),
        """
        tools:
          - name: always_fails
            description: Exits with status 3.
            parameters: {type: object}
            command: [sh, -c, "echo broken >&2; exit 3"]
        """);
    Path config =
        Files.writeString(
            dir.resolve("toolgate.yaml"), "catalogs: [tools.yaml]\nembeddings: []\ndomains: []\n");

    Cli.Run run =
        new Cli(dir.resolve("data")).run("invoke", "always_fails", "--config", config.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    JsonNode error = run.json().path("error");
    assertThat(error.path("code").asString()).isEqualTo("execution_failed");
    assertThat(error.path("message").asString()).contains("exited with code 3").contains("broken");
  }

  @Test
  void anErrorInTheArgumentsValuesExitsTwo() {
    Cli.Run run = invoke("math_evaluate", "{\"expression\": \"1 / 0\"}");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.json().path("error").path("message").asString()).contains("division by zero");
  }

  @Test
  void malformedJsonExitsTwoBeforeAnyCall() {
    Cli.Run run = invoke("math_evaluate", "{expression: 1");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("--args is not valid JSON").contains("{\"zone\": \"UTC\"}");
  }

  @Test
  void missingArgumentsFileIsNamed() {
    Cli.Run run = invoke("math_evaluate", "@" + dir.resolve("nope.json"));

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains("cannot read arguments from " + dir.resolve("nope.json") + ": no such file;")
        .contains("pass @FILE naming a file with a JSON object");
    assertThat(run.err())
        .doesNotContain(dir.resolve("nope.json") + ": " + dir.resolve("nope.json"));
  }
}
