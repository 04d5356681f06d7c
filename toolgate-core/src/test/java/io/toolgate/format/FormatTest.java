package io.toolgate.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class FormatTest {
  private static final String LONG =
      "acme.enterprise.customer_relationship_management.accounts.search_by_industry_and_region";

  @Test
  void parsesFormatNamesLoosely() {
    assertThat(Format.parse("OpenAI")).isEqualTo(Format.OPENAI);
    assertThat(Format.parse("openai-responses")).isEqualTo(Format.OPENAI_RESPONSES);
    assertThat(Format.parse("responses")).isEqualTo(Format.OPENAI_RESPONSES);
    assertThat(Format.parse(" gemini ")).isEqualTo(Format.GEMINI);
  }

  @Test
  void rejectsAnUnknownFormatListingTheKnownOnes() {
    assertThatThrownBy(() -> Format.parse("claude"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'claude'")
        .hasMessageContaining("openai, openai_responses, anthropic, gemini, mcp, xml");
  }

  @Test
  void aModelsCallOfAMappedNameResolvesBackToTheTool() {
    RenderedTools rendered = Format.ANTHROPIC.render(SampleTools.golden());
    String sent = rendered.json().orElseThrow().get(2).get("name").asString();

    assertThat(sent).isNotEqualTo(LONG).hasSizeLessThanOrEqualTo(64);
    assertThat(rendered.names().toolName(sent)).contains(LONG);
  }

  @Test
  void rendersWithATableBuiltOverTheWholeCatalog() {
    List<ToolDefinition> catalog = SampleTools.golden();
    ProviderNames names = Format.OPENAI.namesFor(catalog);

    RenderedTools one = Format.OPENAI.render(List.of(catalog.get(2)), names);

    assertThat(one.json().orElseThrow().get(0).at("/function/name").asString())
        .isEqualTo(names.providerName(LONG));
  }

  @Test
  void refusesANameTableOfAnotherRule() {
    ProviderNames mcpNames = Format.MCP.namesFor(SampleTools.golden());

    assertThatThrownBy(() -> Format.GEMINI.render(SampleTools.golden(), mcpNames))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("mcp name table cannot render gemini");
  }

  @Test
  void theTextIsTheCompactJsonOfTheArray() {
    RenderedTools rendered = Format.OPENAI.render(SampleTools.golden());

    assertThat(rendered.text()).isEqualTo(Json.write(rendered.json().orElseThrow()));
    assertThat(rendered.text()).doesNotContain("\n");
  }

  @Test
  void rendersOneToolAsAnIndentedObject() {
    String shown = Format.ANTHROPIC.renderOne(SampleTools.golden("weather_current"));

    JsonNode tool = Json.parse(shown);
    assertThat(tool.get("name").asString()).isEqualTo("weather_current");
    assertThat(tool.has("input_schema")).isTrue();
    assertThat(shown).contains("\n");
  }

  @Test
  void rendersOneToolAsXmlOfItsSandbox() {
    String shown = Format.XML.renderOne(SampleTools.golden("files_read_text"));

    assertThat(shown).startsWith("<tools sandbox=\"files\">").contains("files_read_text");
  }

  @Test
  void leavesOutAnEmptyDescriptionExceptForGemini() {
    ToolDefinition bare =
        ToolDefinition.builder("bare", Json.parse("{\"type\":\"object\"}")).build();

    assertThat(
            Format.ANTHROPIC.render(List.of(bare)).json().orElseThrow().get(0).has("description"))
        .isFalse();
    JsonNode gemini = Format.GEMINI.render(List.of(bare)).json().orElseThrow().get(0);
    assertThat(gemini.get("description").asString()).isEmpty();
    assertThat(gemini.has("parameters")).isFalse();
  }

  @Test
  void mcpLeavesOutAReturnsSchemaThatIsNotAnObject() {
    ToolDefinition listing =
        ToolDefinition.builder("list_ids", Json.parse("{\"type\":\"object\"}"))
            .returns(Json.parse("{\"type\":\"array\",\"items\":{\"type\":\"string\"}}"))
            .build();

    JsonNode tool = Format.MCP.render(List.of(listing)).json().orElseThrow().get(0);

    assertThat(tool.has("outputSchema")).isFalse();
  }

  @Test
  void marksOpenAiFunctionsStrictOnlyWhenAskedAndTheSchemaAllowsIt() {
    ToolDefinition closed =
        SampleTools.withSchema(
            "closed",
            """
            {"type": "object", "additionalProperties": false, "required": ["a"],
             "properties": {"a": {"type": "object", "additionalProperties": false,
               "required": ["b"], "properties": {"b": {"type": "string"}}}}}
            """);
    ToolDefinition open = SampleTools.golden("weather_current");
    List<ToolDefinition> tools = List.of(closed, open);
    RenderOptions strict = RenderOptions.DEFAULTS.withOpenAiStrict(true);

    JsonNode chat = Format.OPENAI.render(tools, Format.OPENAI.namesFor(tools), strict).json().get();
    JsonNode responses =
        Format.OPENAI_RESPONSES.render(tools, Format.OPENAI.namesFor(tools), strict).json().get();
    JsonNode plain = Format.OPENAI.render(tools).json().orElseThrow();

    assertThat(chat.at("/0/function/strict").asBoolean()).isTrue();
    assertThat(chat.get(1).get("function").has("strict")).isFalse();
    assertThat(responses.at("/0/strict").asBoolean()).isTrue();
    assertThat(plain.get(0).get("function").has("strict")).isFalse();
  }

  @Test
  void theSchemaSentToOpenAiIsACopy() {
    ToolDefinition tool = SampleTools.golden("weather_current");
    JsonNode sent = Format.OPENAI.render(List.of(tool)).json().orElseThrow();

    ((tools.jackson.databind.node.ObjectNode) sent.at("/0/function/parameters")).remove("type");

    assertThat(tool.parameters().has("type")).isTrue();
  }
}
