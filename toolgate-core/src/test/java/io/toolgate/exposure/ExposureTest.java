package io.toolgate.exposure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.format.SampleTools;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExposureTest {
  private static final List<ToolDefinition> SMALL = SampleTools.many(20);
  private static final List<ToolDefinition> LARGE = SampleTools.many(21);

  private static List<ToolDefinition> withClash(List<ToolDefinition> tools) {
    List<ToolDefinition> out = new ArrayList<>(tools);
    out.add(SampleTools.tool("tool_search", "file:tools/extra.yaml"));
    return out;
  }

  @Test
  void allShowsEveryTool() {
    ExposedTools seen = Exposure.of(ToolMode.ALL).apply(LARGE);

    assertThat(seen.tools()).isEqualTo(LARGE);
    assertThat(seen.effective()).isEqualTo(ToolMode.ALL);
    assertThat(seen.isRegistry()).isFalse();
    assertThat(seen.warnings()).isEmpty();
  }

  @Test
  void searchRegistryShowsTheMetaToolsThenThePinnedTools() {
    ExposedTools seen =
        Exposure.of(ToolMode.SEARCH_REGISTRY)
            .withPinned(List.of("tool_007", "tool_003"))
            .withEmbedderAvailable(true)
            .apply(LARGE);

    assertThat(seen.names()).containsExactly("tool_search", "tool_invoke", "tool_007", "tool_003");
    assertThat(seen.isRegistry()).isTrue();
    assertThat(seen.catalogSize()).isEqualTo(21);
    assertThat(seen.warnings()).isEmpty();
  }

  @Test
  void searchRegistryWorksWithoutAnEmbedderButSaysSearchIsLexical() {
    ExposedTools seen = Exposure.of(ToolMode.SEARCH_REGISTRY).apply(SMALL);

    assertThat(seen.isRegistry()).isTrue();
    assertThat(seen.warnings()).singleElement().asString().contains("lexical");
  }

  @Test
  void theRfcProfileShowsFindToolsAndUseTool() {
    ExposedTools seen =
        Exposure.of(ToolMode.SEARCH_REGISTRY)
            .withProfile(Profile.RFC)
            .withEmbedderAvailable(true)
            .apply(SMALL);

    assertThat(seen.names()).containsExactly("find_tools", "use_tool");
    assertThat(seen.profile()).isEqualTo(Profile.RFC);
  }

  @Test
  void autoShowsTheRegistryAboveTheThresholdWithAnEmbedder() {
    ExposedTools seen = Exposure.of(ToolMode.AUTO).withEmbedderAvailable(true).apply(LARGE);

    assertThat(seen.requested()).isEqualTo(ToolMode.AUTO);
    assertThat(seen.effective()).isEqualTo(ToolMode.SEARCH_REGISTRY);
    assertThat(seen.names()).containsExactly("tool_search", "tool_invoke");
    assertThat(seen.warnings()).isEmpty();
  }

  @Test
  void autoShowsEveryToolAtTheThreshold() {
    ExposedTools seen = Exposure.of(ToolMode.AUTO).withEmbedderAvailable(true).apply(SMALL);

    assertThat(seen.effective()).isEqualTo(ToolMode.ALL);
    assertThat(seen.tools()).hasSize(20);
    assertThat(seen.warnings()).isEmpty();
  }

  @Test
  void autoShowsEveryToolWithoutAnEmbedderAndSaysWhy() {
    ExposedTools seen = Exposure.of(ToolMode.AUTO).apply(LARGE);

    assertThat(seen.effective()).isEqualTo(ToolMode.ALL);
    assertThat(seen.tools()).hasSize(21);
    assertThat(seen.warnings())
        .singleElement()
        .asString()
        .contains("21 tools")
        .contains("no embedder");
  }

  @Test
  void theAutoThresholdIsConfigurable() {
    Exposure auto = Exposure.of(ToolMode.AUTO).withEmbedderAvailable(true).withAutoThreshold(5);

    assertThat(auto.apply(SampleTools.many(6)).isRegistry()).isTrue();
    assertThat(auto.apply(SampleTools.many(5)).isRegistry()).isFalse();
  }

  @Test
  void searchRegistryFailsOnAReservedNameNamingTheToolAndItsSource() {
    Exposure registry = Exposure.of(ToolMode.SEARCH_REGISTRY).withEmbedderAvailable(true);

    assertThatThrownBy(() -> registry.apply(withClash(SMALL)))
        .isInstanceOf(ExposureException.class)
        .hasMessageContaining("tool 'tool_search'")
        .hasMessageContaining("file:tools/extra.yaml")
        .hasMessageContaining("rename");
  }

  @Test
  void aClashWithTheOtherProfilesNameAlsoFails() {
    List<ToolDefinition> tools = new ArrayList<>(SMALL);
    tools.add(SampleTools.tool("use_tool", "mcp:crm"));

    assertThatThrownBy(() -> Exposure.of(ToolMode.SEARCH_REGISTRY).apply(tools))
        .isInstanceOf(ExposureException.class)
        .hasMessageContaining("tool 'use_tool' from mcp:crm");
  }

  @Test
  void autoFallsBackToDirectToolsOnAReservedNameWithAWarning() {
    ExposedTools seen =
        Exposure.of(ToolMode.AUTO).withEmbedderAvailable(true).apply(withClash(LARGE));

    assertThat(seen.effective()).isEqualTo(ToolMode.ALL);
    assertThat(seen.tools()).hasSize(22);
    assertThat(seen.warnings())
        .singleElement()
        .asString()
        .contains("tool 'tool_search'")
        .contains("file:tools/extra.yaml");
  }

  @Test
  void aClashedToolShownDirectlyIsNotAMetaTool() {
    ExposedTools seen = Exposure.of(ToolMode.ALL).apply(withClash(SMALL));

    assertThat(seen.shows("tool_search")).isTrue();
    assertThat(seen.isMetaTool("tool_search")).isFalse();
  }

  @Test
  void theRegistrysMetaToolsAreMetaTools() {
    ExposedTools seen = Exposure.of(ToolMode.SEARCH_REGISTRY).apply(SMALL);

    assertThat(seen.isMetaTool("tool_search")).isTrue();
    assertThat(seen.isMetaTool("find_tools")).isFalse(); // not shown in this profile
  }

  @Test
  void autoUnderTheThresholdIgnoresAClash() {
    ExposedTools seen =
        Exposure.of(ToolMode.AUTO)
            .withEmbedderAvailable(true)
            .apply(withClash(SampleTools.many(3)));

    assertThat(seen.effective()).isEqualTo(ToolMode.ALL);
    assertThat(seen.warnings()).isEmpty();
  }

  @Test
  void aListShowsExactlyThoseToolsInItsOrder() {
    ExposedTools seen = Exposure.of(ToolMode.parse("tool_009, tool_001")).apply(LARGE);

    assertThat(seen.names()).containsExactly("tool_009", "tool_001");
    assertThat(seen.effective()).isEqualTo(ToolMode.parse("tool_009, tool_001"));
  }

  @Test
  void aListWithAnUnknownNameFailsWithCloseNames() {
    Exposure named = Exposure.of(ToolMode.parse("tool_001, tool_0099, serach_registry"));

    assertThatThrownBy(() -> named.apply(LARGE))
        .isInstanceOf(ExposureException.class)
        .hasMessageContaining("tool 'tool_0099' is not in the catalog (did you mean tool_009")
        .hasMessageContaining("did you mean search_registry");
  }

  @Test
  void aListMayNameAMetaTool() {
    ExposedTools seen =
        Exposure.of(ToolMode.parse("tool_search, tool_invoke, tool_002")).apply(LARGE);

    assertThat(seen.names()).containsExactly("tool_search", "tool_invoke", "tool_002");
    assertThat(seen.isMetaTool("tool_invoke")).isTrue();
  }

  @Test
  void pinnedToolsJoinAListOnce() {
    ExposedTools seen =
        Exposure.of(ToolMode.parse("tool_001, tool_002"))
            .withPinned(List.of("tool_002", "tool_005"))
            .apply(LARGE);

    assertThat(seen.names()).containsExactly("tool_001", "tool_002", "tool_005");
  }

  @Test
  void pinnedToolsAreNotRepeatedWhenAllToolsAreShown() {
    ExposedTools seen = Exposure.of(ToolMode.ALL).withPinned(List.of("tool_002")).apply(SMALL);

    assertThat(seen.tools()).hasSize(20);
  }

  @Test
  void anUnknownPinnedToolFailsInEveryMode() {
    for (ToolMode mode : List.of(ToolMode.ALL, ToolMode.AUTO, ToolMode.SEARCH_REGISTRY)) {
      Exposure exposure = Exposure.of(mode).withPinned(List.of("tool_0O1"));

      assertThatThrownBy(() -> exposure.apply(SMALL))
          .isInstanceOf(ExposureException.class)
          .hasMessageContaining("pinned tool 'tool_0O1' is not in the catalog")
          .hasMessageContaining("tool_001");
    }
  }

  @Test
  void pinnedToolsStayShownWhenAutoPicksTheRegistry() {
    ExposedTools seen =
        Exposure.of(ToolMode.AUTO)
            .withEmbedderAvailable(true)
            .withPinned(List.of("tool_020"))
            .apply(LARGE);

    assertThat(seen.names()).containsExactly("tool_search", "tool_invoke", "tool_020");
  }

  @Test
  void rejectsACatalogThatListsANameTwice() {
    List<ToolDefinition> twice = List.of(SampleTools.tool("a"), SampleTools.tool("a"));

    assertThatThrownBy(() -> Exposure.of(ToolMode.ALL).apply(twice))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'a' twice");
  }

  @Test
  void rejectsANegativeThreshold() {
    assertThatThrownBy(() -> Exposure.of(ToolMode.AUTO).withAutoThreshold(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-1");
  }

  @Test
  void withMethodsReturnCopies() {
    Exposure base = Exposure.of(ToolMode.AUTO);
    Exposure changed = base.withProfile(Profile.RFC).withEmbedderAvailable(true);

    assertThat(base.profile()).isEqualTo(Profile.SPICE);
    assertThat(base.embedderAvailable()).isFalse();
    assertThat(changed.profile()).isEqualTo(Profile.RFC);
    assertThat(changed.mode()).isEqualTo(ToolMode.AUTO);
    assertThat(changed.autoThreshold()).isEqualTo(Exposure.AUTO_THRESHOLD);
  }
}
