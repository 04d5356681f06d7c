package io.toolgate.exposure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolModeTest {
  @Test
  void parsesTheKeywordsCaseInsensitively() {
    assertThat(ToolMode.parse("auto")).isEqualTo(ToolMode.AUTO);
    assertThat(ToolMode.parse("ALL")).isEqualTo(ToolMode.ALL);
    assertThat(ToolMode.parse(" search_registry ")).isEqualTo(ToolMode.SEARCH_REGISTRY);
    assertThat(ToolMode.parse("search-registry")).isEqualTo(ToolMode.SEARCH_REGISTRY);
  }

  @Test
  void parsesACommaSeparatedListOfNames() {
    assertThat(ToolMode.parse("sql, table_schema ,list_datasets"))
        .isEqualTo(new ToolMode.Named(List.of("sql", "table_schema", "list_datasets")));
  }

  @Test
  void aSingleNameIsAList() {
    assertThat(ToolMode.parse("sql")).isEqualTo(new ToolMode.Named(List.of("sql")));
  }

  @Test
  void parsesAYamlListOfNames() {
    ToolMode mode =
        ToolMode.parse(Json.yaml().readTree("tools: [sql, github.search]").get("tools"));

    assertThat(mode).isEqualTo(new ToolMode.Named(List.of("sql", "github.search")));
  }

  @Test
  void aOneItemYamlListWithAKeywordIsThatKeyword() {
    assertThat(ToolMode.parse(Json.parse("[\"all\"]"))).isEqualTo(ToolMode.ALL);
  }

  @Test
  void anAbsentValueIsAuto() {
    assertThat(ToolMode.parse(Json.object().get("tools"))).isEqualTo(ToolMode.AUTO);
  }

  @Test
  void dropsRepeatedNames() {
    assertThat(ToolMode.parse("a, b, a")).isEqualTo(new ToolMode.Named(List.of("a", "b")));
  }

  @Test
  void rejectsAnEmptyValue() {
    assertThatThrownBy(() -> ToolMode.parse(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("auto, all, search_registry");
  }

  @Test
  void rejectsAnInvalidToolName() {
    assertThatThrownBy(() -> ToolMode.parse("sql, bad name"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bad name");
  }

  @Test
  void rejectsAListItemThatIsNotAName() {
    assertThatThrownBy(() -> ToolMode.parse(Json.parse("[\"a\", 3]")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("3");
  }

  @Test
  void writesTheConfigForm() {
    assertThat(ToolMode.AUTO.wire()).isEqualTo("auto");
    assertThat(ToolMode.SEARCH_REGISTRY.wire()).isEqualTo("search_registry");
    assertThat(ToolMode.parse("a,b").wire()).isEqualTo("a, b");
  }
}
