package io.toolgate.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class XmlToolsPromptTest {
  @Test
  void showsOnlyTheToolsOfTheSandbox() {
    String xml = XmlToolsPrompt.render("files", SampleTools.golden());

    assertThat(xml).startsWith("<tools sandbox=\"files\">\n").endsWith("</tools>\n");
    assertThat(xml).contains("files_read_text").doesNotContain("weather_current");
  }

  @Test
  void anEmptySandboxIsAnEmptyBlock() {
    assertThat(XmlToolsPrompt.render("nothing", SampleTools.golden()))
        .isEqualTo("<tools sandbox=\"nothing\">\n</tools>\n");
  }

  @Test
  void escapesTextAndAttributes() {
    ToolDefinition tool =
        ToolDefinition.builder(
                "esc",
                Json.parse(
                    "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\","
                        + "\"description\":\"a \\\"b\\\" <c> & d\\nnext\"}}}"))
            .description("Use <b> & \"quotes\"\nand lines")
            .sandbox("s&<")
            .build();

    String xml = XmlToolsPrompt.render("s&<", List.of(tool));

    assertThat(xml).contains("<tools sandbox=\"s&amp;&lt;\">");
    assertThat(xml)
        .contains("<description>Use &lt;b&gt; &amp; \"quotes\"\nand lines</description>");
    assertThat(xml).contains("description=\"a &quot;b&quot; &lt;c&gt; &amp; d&#10;next\"");
  }

  @Test
  void dropsControlCharactersXmlCannotCarry() {
    assertThat(XmlToolsPrompt.text("a\u0001b\tc")).isEqualTo("ab\tc");
  }

  @Test
  void aToolWithoutArgumentsHasEmptyParameters() {
    ToolDefinition tool =
        ToolDefinition.builder("ping", Json.parse("{\"type\":\"object\"}")).build();

    assertThat(XmlToolsPrompt.render("default", List.of(tool)))
        .isEqualTo(
            "<tools sandbox=\"default\">\n  <tool name=\"ping\">\n    <parameters/>\n"
                + "  </tool>\n</tools>\n");
  }

  @Test
  void namesArraysAndAlternativesInTheType() {
    ToolDefinition tool =
        SampleTools.withSchema(
            "types",
            """
            {"type": "object", "properties": {
              "tags": {"type": "array", "items": {"type": "string"}},
              "id": {"type": ["string", "integer"]},
              "any": {}}}
            """);

    String xml = XmlToolsPrompt.render("default", List.of(tool));

    assertThat(xml).contains("name=\"tags\" type=\"string[]\"");
    assertThat(xml).contains("name=\"id\" type=\"string|integer\"");
    assertThat(xml).contains("name=\"any\" type=\"any\"");
  }

  @Test
  void theOutputDoesNotDependOnTheOrderOfTheTools() {
    List<ToolDefinition> tools = new ArrayList<>(SampleTools.golden());
    String first = XmlToolsPrompt.renderAll(tools);
    Collections.reverse(tools);

    assertThat(XmlToolsPrompt.renderAll(tools)).isEqualTo(first);
  }
}
