package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ShowCommandTest {
  @TempDir Path dataDir;

  JsonNode show(String... args) {
    return new Cli(dataDir).json(args);
  }

  @Test
  void printsTheFullDefinitionByDefault() {
    JsonNode tool = show("show", "weather_current");

    assertThat(tool.path("name").asString()).isEqualTo("weather_current");
    assertThat(tool.path("description").asString()).contains("weather");
    assertThat(tool.path("parameters").path("required").valueStream().map(JsonNode::asString))
        .contains("location");
    assertThat(tool.path("checksum").asString()).hasSize(16);
  }

  @Test
  void openaiIsAChatCompletionsFunction() {
    JsonNode tool = show("show", "weather_current", "--format", "openai");

    assertThat(tool.path("type").asString()).isEqualTo("function");
    assertThat(tool.path("function").path("name").asString()).isEqualTo("weather_current");
    assertThat(tool.path("function").path("parameters").path("type").asString())
        .isEqualTo("object");
  }

  @Test
  void openaiResponsesIsAFlatFunction() {
    JsonNode tool = show("show", "weather_current", "--format", "openai_responses");

    assertThat(tool.path("type").asString()).isEqualTo("function");
    assertThat(tool.path("name").asString()).isEqualTo("weather_current");
    assertThat(tool.has("parameters")).isTrue();
  }

  @Test
  void anthropicHasAnInputSchema() {
    JsonNode tool = show("show", "weather_current", "--format", "anthropic");

    assertThat(tool.path("name").asString()).isEqualTo("weather_current");
    assertThat(tool.path("input_schema").path("properties").has("location")).isTrue();
    assertThat(tool.has("parameters")).isFalse();
  }

  @Test
  void geminiIsAFunctionDeclaration() {
    JsonNode tool = show("show", "weather_current", "--format", "gemini");

    assertThat(tool.path("name").asString()).isEqualTo("weather_current");
    assertThat(tool.path("parameters").path("properties").has("location")).isTrue();
    // Gemini rejects JSON Schema keywords such as additionalProperties
    assertThat(tool.path("parameters").has("additionalProperties")).isFalse();
  }

  @Test
  void mcpHasAnInputSchemaAndAnnotations() {
    JsonNode tool = show("show", "time_now", "--format", "mcp");

    assertThat(tool.path("name").asString()).isEqualTo("time_now");
    assertThat(tool.path("inputSchema").path("type").asString()).isEqualTo("object");
    assertThat(tool.path("annotations").path("readOnlyHint").asBoolean()).isTrue();
  }

  @Test
  void xmlIsAToolElement() {
    Cli.Run run = new Cli(dataDir).run("show", "weather_current", "--format", "xml");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("<tool name=\"weather_current\">")
        .contains("<parameter name=\"location\" type=\"string\" required=\"true\"")
        .contains("</tool>");
  }

  @Test
  void unknownToolExitsNonZeroSuggestingCloseNames() {
    Cli.Run run = new Cli(dataDir).run("show", "weather_currnt");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).isEmpty();
    assertThat(run.err())
        .contains("unknown tool 'weather_currnt'")
        .contains("did you mean: weather_current");
  }

  @Test
  void unknownFormatListsTheKnownOnes() {
    Cli.Run run = new Cli(dataDir).run("show", "weather_current", "--format", "claude");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("'claude'").contains("anthropic").contains("gemini");
  }
}
