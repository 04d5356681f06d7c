package io.toolgate.search.lexical;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class ToolTextTest {
  @Test
  void parameterTextCarriesStringEnumValues() {
    ObjectNode schema = Json.object().put("type", "object");
    ObjectNode units = schema.putObject("properties").putObject("units");
    units.put("type", "string").put("description", "Temperature units");
    units.putArray("enum").add("celsius").add("fahrenheit").add(3);
    ToolDefinition tool = ToolDefinition.builder("weather", schema).description("Weather").build();
    assertThat(ToolText.parameters(tool).get(0).values()).containsExactly("celsius", "fahrenheit");
    assertThat(ToolText.parameterText(ToolText.parameters(tool)))
        .isEqualTo("units Temperature units celsius fahrenheit");
  }

  @Test
  void firstSentenceEndsAtTheFirstSentenceMark() {
    assertThat(ToolText.firstSentence("Get the forecast for a city. Returns JSON."))
        .isEqualTo("Get the forecast for a city.");
    assertThat(ToolText.firstSentence("Is it raining? Asks the sky")).isEqualTo("Is it raining?");
    assertThat(ToolText.firstSentence("Version 2.5 of the weather tool"))
        .isEqualTo("Version 2.5 of the weather tool");
    assertThat(ToolText.firstSentence("")).isEmpty();
  }

  @Test
  void firstSentenceKeepsAtMostFortyWords() {
    String long50 = "word ".repeat(50).strip();
    assertThat(ToolText.firstSentence(long50).split(" ")).hasSize(40);
  }

  @Test
  void theLexicalDocumentCarriesTheDescriptionsFirstSentence() {
    ObjectNode schema = Json.object().put("type", "object");
    ToolDefinition tool =
        ToolDefinition.builder("get_weather_forecast", schema)
            .description("Forecast of a city's weather. Uses a public service.")
            .build();
    assertThat(LexicalDocument.of(3, tool).firstSentence())
        .isEqualTo("Forecast of a city's weather.");
  }
}
