package io.toolgate.tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.exposure.MetaTools;
import io.toolgate.exposure.Profile;
import io.toolgate.format.Format;
import io.toolgate.format.SampleTools;
import io.toolgate.json.Json;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class TokenReportTest {
  private static final List<ToolDefinition> CATALOG = SampleTools.realistic(50);
  private static TokenReport report;

  @BeforeAll
  static void measure() {
    report = TokenReport.measure(CATALOG, TokenReport.Options.DEFAULTS);
  }

  @Test
  void measuresEveryFormatWithBothEncodings() {
    assertThat(report.rows()).hasSize(Format.values().length * 2);
    assertThat(report.rows().getFirst().format()).isEqualTo(Format.OPENAI);
    assertThat(report.rows().getFirst().encoding()).isEqualTo(TokenEncoding.O200K_BASE);
    assertThat(report.catalogSize()).isEqualTo(50);
  }

  @Test
  void allToolsIsTheExactCountOfTheRenderedArray() {
    TokenReport.Row row = report.row(Format.ANTHROPIC, TokenEncoding.CL100K_BASE).orElseThrow();

    assertThat(row.allTools())
        .isEqualTo(TokenEncoding.CL100K_BASE.count(Format.ANTHROPIC.render(CATALOG).text()));
    assertThat(row.registry())
        .isEqualTo(
            TokenReport.count(
                MetaTools.of(Profile.SPICE), Format.ANTHROPIC, TokenEncoding.CL100K_BASE));
  }

  @Test
  void theRegistryCostsAFractionOfAllToolsForFiftyTools() {
    for (TokenReport.Row row : report.rows()) {
      assertThat(row.registry()).as("%s", row).isLessThan(row.allTools() / 10);
      assertThat(row.registryWithResults()).as("%s", row).isLessThan(row.allTools() / 3);
      assertThat(row.registry()).isLessThan(row.registryWithResults());
      assertThat(row.registryWithResults()).isLessThanOrEqualTo(row.registryWithLargest());
    }
    assertThat(report.minSavings()).isGreaterThan(3);
  }

  @Test
  void isDeterministic() {
    TokenReport.Options one =
        TokenReport.Options.DEFAULTS
            .withFormats(List.of(Format.GEMINI))
            .withEncodings(List.of(TokenEncoding.CL100K_BASE));

    assertThat(TokenReport.measure(CATALOG, one).rows())
        .containsExactly(report.row(Format.GEMINI, TokenEncoding.CL100K_BASE).orElseThrow());
  }

  @Test
  void pinnedToolsAddToTheRegistry() {
    TokenReport.Options pinned =
        TokenReport.Options.DEFAULTS
            .withPinned(List.of(CATALOG.get(3).name()))
            .withFormats(List.of(Format.OPENAI))
            .withEncodings(List.of(TokenEncoding.O200K_BASE));

    TokenReport.Row row = TokenReport.measure(CATALOG, pinned).rows().getFirst();

    assertThat(row.registry())
        .isGreaterThan(
            report.row(Format.OPENAI, TokenEncoding.O200K_BASE).orElseThrow().registry());
  }

  @Test
  void anUnknownPinnedToolIsAnError() {
    TokenReport.Options options = TokenReport.Options.DEFAULTS.withPinned(List.of("nope"));

    assertThatThrownBy(() -> TokenReport.measure(CATALOG, options))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("pinned tool 'nope'");
  }

  @Test
  void theRfcProfileMeasuresFindToolsAndItsNativeFormatResult() {
    TokenReport rfc =
        TokenReport.measure(
            CATALOG,
            TokenReport.Options.DEFAULTS
                .withProfile(Profile.RFC)
                .withFormats(List.of(Format.OPENAI, Format.XML))
                .withEncodings(List.of(TokenEncoding.O200K_BASE)));

    assertThat(rfc.rows()).hasSize(2);
    assertThat(rfc.table()).contains("find_tools + use_tool");
    assertThat(rfc.minSavings()).isGreaterThan(3);
  }

  @Test
  void theSearchResultHasTheToolSearchResponseShape() {
    JsonNode response =
        SearchResultSample.toolSearchResponse(SearchResultSample.typical(CATALOG, 5));

    assertThat(response.get("search_mode").asString()).isEqualTo("hybrid_rrf");
    assertThat(response.get("tools")).hasSize(5);
    JsonNode hit = response.at("/tools/0");
    assertThat(hit.propertyNames())
        .containsExactly(
            "tool_id",
            "description",
            "parameters",
            "checksum",
            "score",
            "matched_terms",
            "match_sources");
    assertThat(hit.get("match_sources")).hasSize(3);
  }

  @Test
  void typicalResultsSitAroundTheMedianAndLargestAtTheTop() {
    List<ToolDefinition> typical = SearchResultSample.typical(CATALOG, 5);
    List<ToolDefinition> largest = SearchResultSample.largest(CATALOG, 5);

    assertThat(typical).hasSize(5).doesNotContainAnyElementsOf(largest);
    assertThat(SearchResultSample.largest(CATALOG.subList(0, 3), 5)).hasSize(3);
  }

  @Test
  void printsATableAndJson() {
    String table = report.table();

    assertThat(table).contains("50 tools").contains("tool_search + tool_invoke");
    assertThat(table).contains("openai_responses").contains("cl100k_base").contains("x\n");
    JsonNode json = Json.parse(Json.write(report.toJson()));
    assertThat(json.get("rows")).hasSize(12);
    assertThat(json.at("/rows/0/all_tools").asInt()).isEqualTo(report.rows().get(0).allTools());
  }
}
