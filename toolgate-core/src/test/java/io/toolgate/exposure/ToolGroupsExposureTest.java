package io.toolgate.exposure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.format.SampleTools;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spice's tool groups in a mode's list, and tools hidden from models ({@code as_tool: false}). */
class ToolGroupsExposureTest {
  private static final List<ToolDefinition> CATALOG =
      List.of(
          SampleTools.tool("time_now", "domain:core"),
          SampleTools.tool("math_evaluate", "domain:core"),
          tagged("memory_store", "file:tools/memory.yaml", "memory"),
          tagged("memory_recall", "file:tools/memory.yaml", "memory"),
          SampleTools.tool("sql", "file:tools/sql.yaml"),
          SampleTools.tool("fs__read_file", "mcp:fs"),
          SampleTools.tool("fs__write_file", "mcp:fs"),
          hidden("internal_hash", "domain:core"));

  private static ToolDefinition tagged(String name, String source, String tag) {
    return SampleTools.tool(name, source).toBuilder().tags(List.of(tag)).build();
  }

  private static ToolDefinition hidden(String name, String source) {
    return SampleTools.tool(name, source).toBuilder().asTool(false).build();
  }

  private static List<String> shown(String tools) {
    return Exposure.of(ToolMode.parse(tools)).apply(CATALOG).names();
  }

  @Test
  void aTagSelectsAllItsToolsAndANameItsTool() {
    assertThat(shown("memory, sql")).containsExactly("memory_store", "memory_recall", "sql");
  }

  @Test
  void aDomainSelectsTheToolsOfThatDomainButNotItsHiddenOnes() {
    assertThat(shown("core")).containsExactly("time_now", "math_evaluate");
  }

  @Test
  void aSourceSelectsAllToolsOfThatSource() {
    assertThat(shown("mcp:fs, time_now"))
        .containsExactly("fs__read_file", "fs__write_file", "time_now");
  }

  @Test
  void aToolInTwoGroupsIsShownOnce() {
    assertThat(shown("time_now, core")).containsExactly("time_now", "math_evaluate");
  }

  @Test
  void anUnknownNameIsAnErrorListingTheGroupsThatExist() {
    assertThatThrownBy(() -> shown("memroy"))
        .isInstanceOf(ExposureException.class)
        .hasMessageContaining("tool 'memroy' is not in the catalog")
        .hasMessageContaining("domains: core")
        .hasMessageContaining("tags: memory")
        .hasMessageContaining("mcp:fs");
  }

  @Test
  void hiddenToolsAreLeftOutOfAll() {
    assertThat(Exposure.of(ToolMode.ALL).apply(CATALOG).names())
        .hasSize(7)
        .doesNotContain("internal_hash");
  }

  @Test
  void hiddenToolsDoNotCountTowardsTheAutoThreshold() {
    List<ToolDefinition> catalog = new java.util.ArrayList<>(SampleTools.many(20));
    catalog.add(hidden("internal_hash", "domain:core"));

    ExposedTools seen = Exposure.of(ToolMode.AUTO).withEmbedderAvailable(true).apply(catalog);

    assertThat(seen.effective()).isEqualTo(ToolMode.ALL);
    assertThat(seen.tools()).hasSize(20);
  }

  @Test
  void namingAHiddenToolIsAnErrorThatSaysItIsHidden() {
    assertThatThrownBy(() -> shown("sql, internal_hash"))
        .isInstanceOf(ExposureException.class)
        .hasMessageContaining("tool 'internal_hash' is hidden from models (as_tool: false)");
  }

  @Test
  void pinningAHiddenToolIsAnError() {
    assertThatThrownBy(
            () ->
                Exposure.of(ToolMode.SEARCH_REGISTRY)
                    .withPinned(List.of("internal_hash"))
                    .apply(CATALOG))
        .isInstanceOf(ExposureException.class)
        .hasMessageContaining("as_tool: false");
  }

  @Test
  void aGroupNameMayHoldTheCharactersOfASourceLabel() {
    assertThat(ToolMode.parse("mcp:fs, file:tools/sql.yaml"))
        .isEqualTo(new ToolMode.Named(List.of("mcp:fs", "file:tools/sql.yaml")));
  }
}
