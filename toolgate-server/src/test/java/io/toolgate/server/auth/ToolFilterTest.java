package io.toolgate.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolFilterTest {
  private static ToolDefinition tool(String name, String source, String... tags) {
    return ToolDefinition.builder(name, Json.parse("{\"type\":\"object\"}"))
        .source(source)
        .tags(List.of(tags))
        .build();
  }

  @Test
  void anEmptyFilterAllowsEverything() {
    assertThat(ToolFilter.ALL.test(tool("a", "builtin"))).isTrue();
  }

  @Test
  void nameGlobsMatchWholeNames() {
    ToolFilter f = new ToolFilter(List.of("weather_*", "time_now"), List.of(), List.of());
    assertThat(f.test(tool("weather_current", "x"))).isTrue();
    assertThat(f.test(tool("time_now", "x"))).isTrue();
    assertThat(f.test(tool("time_nowish", "x"))).isFalse();
    assertThat(f.test(tool("my_weather_x", "x"))).isFalse();
  }

  @Test
  void questionMarkMatchesOneCharacterAndDotsAreLiteral() {
    ToolFilter f = new ToolFilter(List.of("fs.rea?"), List.of(), List.of());
    assertThat(f.test(tool("fs.read", "x"))).isTrue();
    assertThat(f.test(tool("fsXread", "x"))).isFalse();
  }

  @Test
  void everyNonEmptyListMustMatch() {
    ToolFilter f = new ToolFilter(List.of("*"), List.of("public"), List.of("mcp:*"));
    assertThat(f.test(tool("a", "mcp:crm", "public"))).isTrue();
    assertThat(f.test(tool("a", "mcp:crm", "internal"))).isFalse();
    assertThat(f.test(tool("a", "file:x", "public"))).isFalse();
  }
}
