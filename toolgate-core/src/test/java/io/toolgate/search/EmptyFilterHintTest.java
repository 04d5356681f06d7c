package io.toolgate.search;

import static io.toolgate.search.SearchFixtures.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.ToolDefinition;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EmptyFilterHintTest {
  private HybridToolSearch search;

  @BeforeEach
  void start() {
    List<ToolDefinition> tools =
        List.of(
            tool("weather_current", "Current weather conditions.").toBuilder()
                .tags(List.of("weather"))
                .build(),
            tool("payroll_run", "Runs the payroll.").toBuilder().tags(List.of("payroll")).build(),
            tool("weather_alerts", "Weather alerts.").withSource("mcp:noaa"));
    search = HybridToolSearch.builder().build();
    search.update(tools, List.of());
  }

  @AfterEach
  void close() {
    search.close();
  }

  private String hint(SearchFilter filter) {
    SearchResponse r = search.search(SearchRequest.of("weather").withFilter(filter));
    assertThat(r.tools()).isEmpty();
    return r.hint().orElseThrow();
  }

  @Test
  void aTagNoToolHasIsBlamedNotTheQueryAndTheClosestTagIsOffered() {
    String hint = hint(new SearchFilter(List.of("wether"), List.of(), null));
    assertThat(hint)
        .startsWith("no tool matches the filter (tags [wether]), so nothing was searched")
        .contains("no tool has tag 'wether' (did you mean: weather?)")
        .contains("or drop the filter")
        .doesNotContain("describe the capability in other words");
  }

  @Test
  void anUnknownSourceIsNamedWithTheClosestSource() {
    String hint = hint(new SearchFilter(List.of(), List.of("mcp:noa"), null));
    assertThat(hint)
        .startsWith("no tool matches the filter (sources [mcp:noa])")
        .contains("no tool has source 'mcp:noa' (did you mean: mcp:noaa?)");
  }

  @Test
  void tagsThatExistButNotTogetherWithTheSourceNameNoUnknownValue() {
    String hint = hint(new SearchFilter(List.of("payroll"), List.of("mcp:*"), null));
    assertThat(hint)
        .startsWith("no tool matches the filter (tags [payroll], sources [mcp:*])")
        .doesNotContain("no tool has");
  }

  @Test
  void tagsOfToolsTheCallerMayNotSeeAreNeverSuggested() {
    SearchFilter hidingPayroll =
        new SearchFilter(List.of("payrol"), List.of(), t -> !t.name().startsWith("payroll"));
    assertThat(hint(hidingPayroll))
        .contains("no tool has tag 'payrol'")
        .doesNotContain("did you mean")
        .doesNotContain("payroll_run");
  }

  @Test
  void aFilterThatLeavesToolsKeepsTheQueryHint() {
    SearchResponse r =
        search.search(
            SearchRequest.of("zzzz").withFilter(new SearchFilter(List.of("weather"), null, null)));
    assertThat(r.hint().orElseThrow()).startsWith("no tool matched \"zzzz\"");
  }
}
