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
}
