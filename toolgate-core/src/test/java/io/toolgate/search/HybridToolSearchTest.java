package io.toolgate.search;

import static io.toolgate.search.SearchFixtures.tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.json.Json;
import io.toolgate.search.fusion.FusionMethod;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HybridToolSearchTest {
  private HybridToolSearch search;

  @AfterEach
  void close() {
    if (search != null) {
      search.close();
    }
  }

  private HybridToolSearch lexical(List<ToolDefinition> tools) {
    search = HybridToolSearch.builder().build();
    search.update(tools, List.of());
    return search;
  }

  private HybridToolSearch hybrid(FakeEmbedder embedder, List<ToolDefinition> tools)
      throws InterruptedException {
    search =
        HybridToolSearch.builder()
            .settings(SearchSettings.defaults().withMinSimilarity(0.1))
            .embedder(embedder)
            .build();
    search.update(tools, List.of());
    assertThat(search.awaitVectors(Duration.ofSeconds(30))).isTrue();
    return search;
  }

  private static List<String> names(SearchResponse response) {
    return response.tools().stream().map(h -> h.tool().name()).toList();
  }

  @Test
  void ranksTheToolWhoseWordsTheQueryUsesFirst() {
    SearchResponse r = lexical(SearchFixtures.catalog()).search(SearchRequest.of("send an email"));
    assertThat(names(r)).first().isEqualTo("send_email");
    assertThat(r.searchMode()).isEqualTo("lexical_zscore");
    assertThat(r.fallback()).isFalse();
  }

  @Test
  void stemsWordsSoInflectionsMatch() {
    SearchResponse r =
        lexical(SearchFixtures.catalog()).search(SearchRequest.of("translating texts"));
    assertThat(names(r)).first().isEqualTo("translate_text");
  }

  @Test
  void splitsCamelCaseAndSeparatorsInToolNames() {
    List<ToolDefinition> tools =
        List.of(
            tool("getStockPrice", "Returns a quote."),
            tool("math.factorial", "n!"),
            tool("list_files", "Lists a directory."));
    lexical(tools);
    assertThat(names(search.search(SearchRequest.of("stock price"))))
        .first()
        .isEqualTo("getStockPrice");
    assertThat(names(search.search(SearchRequest.of("factorial"))))
        .first()
        .isEqualTo("math.factorial");
  }

  @Test
  void reportsMatchedTermsAndEachChannelsRankAndScore() {
    SearchResponse r = lexical(SearchFixtures.catalog()).search(SearchRequest.of("send email"));
    SearchHit top = r.tools().get(0);
    assertThat(top.matchedTerms()).containsExactly("send", "email");
    assertThat(top.matchSources())
        .extracting(MatchSource::source)
        .contains(SearchSettings.FULL_TEXT, SearchSettings.KEYWORD);
    assertThat(top.matchSources()).allSatisfy(s -> assertThat(s.rank()).isEqualTo(1));
    assertThat(top.matchSources()).allSatisfy(s -> assertThat(s.score()).isPositive());
  }

  @Test
  void scoresAreBetweenZeroAndOneAndTheTopOfEveryChannelScoresOne() {
    SearchResponse r = lexical(SearchFixtures.catalog()).search(SearchRequest.of("send email"));
    assertThat(r.tools().get(0).score()).isEqualTo(1.0);
    assertThat(r.tools()).allSatisfy(h -> assertThat(h.score()).isBetween(0.0, 1.0));
  }

  @Test
  void minScoreCutsWeakHits() {
    lexical(SearchFixtures.catalog());
    SearchResponse all = search.search(SearchRequest.of("city email text"));
    assertThat(all.tools()).hasSizeGreaterThan(1);
    double second = all.tools().get(1).score();
    SearchResponse cut =
        search.search(
            SearchRequest.of("city email text").withMinScore(Math.min(1, second + 0.0001)));
    assertThat(cut.tools()).allSatisfy(h -> assertThat(h.score()).isGreaterThan(second));
    assertThat(cut.fallback()).isFalse();
  }

  @Test
  void whenMinScoreCutsEverythingTheBestHitComesBackAsFallback() {
    // alpha leads the text channels, beta the schema channel: nobody is first everywhere.
    lexical(
        List.of(
            tool("alpha_tool", "Postal rates, postal zones and postal services."),
            tool("beta_tool", "Ships parcels.", "postal:where to")));
    SearchResponse r = search.search(SearchRequest.of("postal").withMinScore(1.0));
    assertThat(r.fallback()).isTrue();
    assertThat(names(r)).containsExactly("alpha_tool");
    assertThat(r.tools().get(0).score()).isLessThan(1.0);
  }

  @Test
  void aQueryThatMatchesNothingReturnsNoToolsAndAHint() {
    SearchResponse r =
        lexical(SearchFixtures.catalog()).search(SearchRequest.of("xylophone zebra"));
    assertThat(r.tools()).isEmpty();
    assertThat(r.hint()).hasValueSatisfying(h -> assertThat(h).contains("xylophone zebra"));
  }

  @Test
  void anEmptyQueryIsAnError() {
    assertThatThrownBy(() -> SearchRequest.of("   "))
        .isInstanceOf(InvalidSearchException.class)
        .hasMessageContaining("query must not be empty");
  }

  @Test
  void limitCapsTheHits() {
    SearchResponse r =
        lexical(SearchFixtures.catalog())
            .search(SearchRequest.of("the text city email customer files sql").withLimit(2));
    assertThat(r.tools()).hasSize(2);
  }

  @Test
  void tiesBreakByName() {
    List<ToolDefinition> twins =
        List.of(
            tool("b_report", "Make a report."),
            tool("a_report", "Make a report."),
            tool("c_report", "Make a report."));
    SearchResponse r = lexical(twins).search(SearchRequest.of("report"));
    assertThat(names(r)).containsExactly("a_report", "b_report", "c_report");
  }

  @Test
  void filtersApplyBeforeRanking() {
    ToolDefinition tagged =
        tool("weather_premium", "Current weather with radar.").toBuilder()
            .tags(List.of("premium"))
            .build();
    List<ToolDefinition> tools =
        List.of(
            tool("weather_current", "Current weather conditions."),
            tagged,
            tool("weather_alerts", "Weather alerts.").withSource("mcp:noaa"));
    lexical(tools);
    SearchResponse byTag =
        search.search(
            SearchRequest.of("current weather")
                .withFilter(new SearchFilter(List.of("premium"), List.of(), null)));
    assertThat(names(byTag)).containsExactly("weather_premium");
    assertThat(byTag.tools().get(0).matchSources())
        .allSatisfy(s -> assertThat(s.rank()).isEqualTo(1));
    SearchResponse bySource =
        search.search(
            SearchRequest.of("weather")
                .withFilter(new SearchFilter(List.of(), List.of("mcp:*"), null)));
    assertThat(names(bySource)).containsExactly("weather_alerts");
    SearchResponse byPredicate =
        search.search(
            SearchRequest.of("weather")
                .withFilter(SearchFilter.NONE.and(t -> !t.name().endsWith("current"))));
    assertThat(names(byPredicate)).doesNotContain("weather_current").hasSize(2);
  }

  @Test
  void followsRegistryAddsReplacementsAndRemovals() {
    ToolRegistry registry = new ToolRegistry();
    registry.register(
        new RegisteredTool(tool("send_email", "Send an email."), call -> Json.object()));
    search = HybridToolSearch.builder().build();
    search.follow(registry);
    assertThat(names(search.search(SearchRequest.of("email")))).containsExactly("send_email");

    registry.register(
        new RegisteredTool(
            tool("read_email", "Read email from the inbox."), call -> Json.object()));
    assertThat(names(search.search(SearchRequest.of("inbox")))).containsExactly("read_email");

    registry.put(
        new RegisteredTool(tool("read_email", "Fetch unread messages."), call -> Json.object()));
    assertThat(search.search(SearchRequest.of("inbox")).tools()).isEmpty();
    assertThat(names(search.search(SearchRequest.of("unread")))).containsExactly("read_email");

    registry.remove("send_email");
    assertThat(search.search(SearchRequest.of("send")).tools()).isEmpty();
    assertThat(search.capabilities().indexedTools()).isEqualTo(1);
  }

  @Test
  void aQueryInAnotherLanguageReachesAToolDescribedInIt() {
    List<ToolDefinition> tools =
        List.of(
            tool("wetter_aktuell", "Aktuelles Wetter für eine Stadt in Österreich."),
            tool("tianqi", "查询城市天气预报"),
            tool("send_email", "Send an email."));
    lexical(tools);
    assertThat(names(search.search(SearchRequest.of("Wetter in Österreich"))))
        .first()
        .isEqualTo("wetter_aktuell");
    assertThat(names(search.search(SearchRequest.of("天气")))).first().isEqualTo("tianqi");
  }

  @Test
  void keywordsAddPhrasesThatRankExactMatchesHigher() {
    // Same words, same length: only word order tells them apart, and only a phrase sees it (the
    // query's own words are adjacent in neither tool, so its word pairs match nothing).
    List<ToolDefinition> tools =
        List.of(
            tool("tool_x", "Lists values of a distinct column."),
            tool("tool_y", "Lists distinct values of a column."));
    lexical(tools);
    assertThat(names(search.search(SearchRequest.of("column values")))).first().isEqualTo("tool_x");
    SearchResponse r =
        search.search(SearchRequest.of("column values").withKeywords(List.of("distinct values")));
    assertThat(r.keywords()).containsExactly("distinct values");
    assertThat(names(r)).first().isEqualTo("tool_y");
  }

  @Test
  void wordPairsRankTheToolThatHasTheRequestsWordsSideBySide() {
    List<ToolDefinition> tools =
        List.of(
            tool("tool_x", "Lists values of a distinct column."),
            tool("tool_y", "Lists distinct values of a column."));
    lexical(tools);
    // Without pairs the two tie on every word and tool_x wins by name.
    assertThat(names(search.search(SearchRequest.of("distinct values"))))
        .first()
        .isEqualTo("tool_y");
    assertThat(names(search.search(SearchRequest.of("values of a distinct column"))))
        .first()
        .isEqualTo("tool_x");
  }

  @Test
  void hybridSearchFindsAParaphraseNoWordOfWhichTheToolUses() throws Exception {
    FakeEmbedder embedder = new FakeEmbedder();
    hybrid(embedder, SearchFixtures.catalog());
    SearchResponse r = search.search(SearchRequest.of("forecast"));
    assertThat(r.searchMode()).isEqualTo("hybrid_zscore");
    assertThat(names(r)).first().isEqualTo("weather_current");
    assertThat(r.tools().get(0).matchSources())
        .extracting(MatchSource::source)
        .containsExactly("vector");
  }

  @Test
  void aLargeCatalogsChannelsScoredOnSeveralThreadsKeepTheirOwnNames() throws Exception {
    // From ParallelChannels.MIN_TOOLS on, channels are scored side by side and reassembled.
    List<ToolDefinition> tools = new ArrayList<>(SearchFixtures.catalog());
    for (int i = 0; i < ParallelChannels.MIN_TOOLS; i++) {
      tools.add(tool("ledger_record_" + i, "Archived ledger record " + i + ".", "id:Record id"));
    }
    FakeEmbedder embedder = new FakeEmbedder();
    FakeEmbedder second = new FakeEmbedder();
    search =
        HybridToolSearch.builder()
            .settings(SearchSettings.defaults().withMinSimilarity(0.1).withSecondEmbedderMargin(0))
            .embedder(embedder)
            .embedder(second)
            .build();
    search.update(tools, List.of());
    assertThat(search.awaitVectors(Duration.ofSeconds(60))).isTrue();

    String query = "current weather conditions for a city";
    SearchResponse r = search.search(SearchRequest.of(query));

    assertThat(names(r)).first().isEqualTo("weather_current");
    List<MatchSource> sources = r.tools().getFirst().matchSources();
    assertThat(sources)
        .extracting(MatchSource::source)
        .contains("full_text", "keyword", "vector", "vector:" + second.modelId());
    float[] q = embedder.embedQuery(QueryEmbeddingText.compact(query));
    float[] d =
        embedder
            .embedDocuments(
                List.of(
                    io.toolgate.search.vector.DocumentStyle.PLAIN.document(
                        SearchFixtures.catalog().getFirst())))[0];
    double cosine = 0;
    for (int i = 0; i < q.length; i++) {
      cosine += q[i] * d[i];
    }
    MatchSource vector =
        sources.stream().filter(m -> m.source().equals("vector")).findFirst().orElseThrow();
    assertThat(vector.score()).isCloseTo(cosine, within(0.01));
    assertThat(search.search(SearchRequest.of(query))).isEqualTo(r);
  }

  @Test
  void aSecondEmbedderThatFailsOnTheQueryLeavesTheFirstChannelWorking() throws Exception {
    FakeEmbedder first = new FakeEmbedder();
    FakeEmbedder second = new FakeEmbedder();
    try (HybridToolSearch two =
        HybridToolSearch.builder().embedder(first).embedder(second).build()) {
      two.update(SearchFixtures.catalog(), List.of());
      assertThat(two.awaitVectors(java.time.Duration.ofSeconds(30))).isTrue();
      second.failWith("model offline");
      SearchResponse r = two.search(SearchRequest.of("send email"));
      assertThat(r.searchMode()).isEqualTo("hybrid_zscore");
      assertThat(r.tools().getFirst().matchSources())
          .extracting(MatchSource::source)
          .contains("vector")
          .doesNotContain("vector:" + second.modelId());
      assertThat(first.embeddedQueries()).isEqualTo(1);
    }
  }

  @Test
  void eachEmbedderEmbedsToolsAsItsOwnDocumentStyle() throws Exception {
    FakeEmbedder json = new FakeEmbedder();
    FakeEmbedder plain = new FakeEmbedder();
    try (HybridToolSearch search =
        HybridToolSearch.builder()
            .embedder(json, io.toolgate.search.vector.DocumentStyle.JSON)
            .embedder(plain)
            .build()) {
      search.update(
          List.of(SearchFixtures.tool("weather_current", "Current weather.", "city:The city")),
          List.of());
      assertThat(search.awaitVectors(java.time.Duration.ofSeconds(30))).isTrue();
    }
    assertThat(json.lastDocuments()).singleElement().asString().startsWith("{\"name\":");
    assertThat(plain.lastDocuments()).singleElement().asString().startsWith("weather current: ");
  }

  @Test
  void searchModeNamesTheFusion() throws Exception {
    search =
        HybridToolSearch.builder()
            .settings(SearchSettings.defaults().withFusion(FusionMethod.RRF))
            .embedder(new FakeEmbedder())
            .build();
    search.update(SearchFixtures.catalog(), List.of());
    search.awaitVectors(Duration.ofSeconds(30));
    assertThat(search.search(SearchRequest.of("send email")).searchMode()).isEqualTo("hybrid_rrf");
    assertThat(
            search.search(SearchRequest.of("send email").withMode(SearchMode.LEXICAL)).searchMode())
        .isEqualTo("lexical_rrf");
    assertThat(
            search.search(SearchRequest.of("send email").withMode(SearchMode.VECTOR)).searchMode())
        .isEqualTo("vector");
  }

  @Test
  void anEmbedderThatFailsAtStartLeavesSearchLexical() throws Exception {
    FakeEmbedder embedder = new FakeEmbedder();
    embedder.failWith("model offline");
    hybrid(embedder, SearchFixtures.catalog());
    SearchResponse r = search.search(SearchRequest.of("send email"));
    assertThat(r.searchMode()).isEqualTo("lexical_zscore");
    assertThat(names(r)).first().isEqualTo("send_email");
    assertThat(search.capabilities().vectorsReady()).isFalse();
  }

  @Test
  void anEmbedderThatFailsOnTheQueryDegradesThatSearchToLexical() throws Exception {
    FakeEmbedder embedder = new FakeEmbedder();
    hybrid(embedder, SearchFixtures.catalog());
    embedder.failWith("model offline");
    SearchResponse r = search.search(SearchRequest.of("send email"));
    assertThat(r.searchMode()).isEqualTo("lexical_zscore");
    assertThat(names(r)).first().isEqualTo("send_email");
  }

  @Test
  void vectorModeWithoutAnEmbedderIsAnError() {
    lexical(SearchFixtures.catalog());
    assertThatThrownBy(() -> search.search(SearchRequest.of("email").withMode(SearchMode.VECTOR)))
        .isInstanceOf(InvalidSearchException.class)
        .hasMessageContaining("embedding model");
  }

  @Test
  void aChangedToolGetsANewVectorInTheBackground() throws Exception {
    FakeEmbedder embedder = new FakeEmbedder();
    hybrid(embedder, SearchFixtures.catalog());
    embedder.resetCounts();
    search.update(List.of(tool("list_files", "Show what a folder holds: forecast.")), List.of());
    assertThat(search.awaitVectors(Duration.ofSeconds(30))).isTrue();
    assertThat(embedder.embeddedDocuments()).isEqualTo(1);
    SearchResponse r = search.search(SearchRequest.of("forecast").withMode(SearchMode.VECTOR));
    assertThat(names(r)).contains("list_files");
  }

  @Test
  void capabilitiesDescribeTheBackends() throws Exception {
    hybrid(new FakeEmbedder(), SearchFixtures.catalog());
    SearchCapabilities c = search.capabilities();
    assertThat(c.backends()).containsExactly("full_text", "keyword", "schema", "vector");
    assertThat(c.embeddingModel()).isEqualTo(Optional.of("fake-bow-64"));
    assertThat(c.vectorsReady()).isTrue();
    assertThat(c.indexedTools()).isEqualTo(6);
    assertThat(c.fusion()).isEqualTo("zscore");
  }

  @Test
  void schemaChannelMatchesNestedParameterKeys() {
    ToolDefinition nested =
        ToolDefinition.builder(
                "ship_order",
                Json.parse(
                    "{\"type\":\"object\",\"properties\":{\"address\":{\"type\":\"object\","
                        + "\"properties\":{\"postal_code\":{\"type\":\"string\"}}}}}"))
            .description("Ship an order.")
            .build();
    lexical(List.of(nested, tool("send_email", "Send an email.")));
    SearchHit hit = search.search(SearchRequest.of("postal code")).tools().get(0);
    assertThat(hit.tool().name()).isEqualTo("ship_order");
    assertThat(hit.matchSources()).extracting(MatchSource::source).contains("schema");
  }
}
