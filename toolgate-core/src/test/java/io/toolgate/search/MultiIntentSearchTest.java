package io.toolgate.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.ToolDefinition;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MultiIntentSearchTest {
  private HybridToolSearch search;

  @AfterEach
  void close() {
    if (search != null) {
      search.close();
    }
  }

  private static List<ToolDefinition> catalog() {
    return SearchFixtures.catalogWithTwins();
  }

  private HybridToolSearch lexical(SearchSettings settings) {
    search = HybridToolSearch.builder().settings(settings).build();
    search.update(catalog(), List.of());
    return search;
  }

  /**
   * Searches the catalog with two fake embedders and {@code margin} as the gate; returns the second
   * embedder, its counts reset once the tools are embedded.
   */
  private FakeEmbedder gated(double margin) throws InterruptedException {
    FakeEmbedder second = new FakeEmbedder();
    search =
        HybridToolSearch.builder()
            .settings(
                SearchSettings.defaults()
                    .withMinSimilarity(0.1)
                    .withQueryCacheSize(0)
                    .withSecondEmbedderMargin(margin))
            .embedder(new FakeEmbedder())
            .embedder(second)
            .build();
    search.update(catalog(), List.of());
    assertThat(search.awaitVectors(Duration.ofSeconds(30))).isTrue();
    second.resetCounts();
    return second;
  }

  private static List<String> top5(SearchResponse r) {
    return r.tools().stream().limit(5).map(h -> h.tool().name()).toList();
  }

  @Test
  void aMultiIntentRequestKeepsATopToolOfEachClause() {
    SearchResponse r =
        lexical(SearchSettings.defaults().withClauseWeight(0.5))
            .search(SearchRequest.of("Send an email to Ana, then tell me the weather in Lisbon"));
    assertThat(top5(r).subList(0, 2)).containsExactlyInAnyOrder("send_email", "weather_current");
    assertThat(r.tools()).allSatisfy(h -> assertThat(h.score()).isBetween(0.0, 1.0));
  }

  @Test
  void aSingleRequestRanksAsWithoutClauses() {
    String single = "what is the weather in Lisbon today";
    SearchResponse without =
        lexical(SearchSettings.defaults().withClauseWeight(0)).search(SearchRequest.of(single));
    search.close();
    SearchResponse with =
        lexical(SearchSettings.defaults().withClauseWeight(0.5)).search(SearchRequest.of(single));
    assertThat(with).isEqualTo(without);
  }

  @Test
  void theSecondEmbedderRunsOnlyWhenTheFirstLeavesTheTopClose() throws InterruptedException {
    FakeEmbedder second = gated(0.2);
    SearchResponse clear = search.search(SearchRequest.of("send an email message to a recipient"));
    assertThat(clear.tools().get(0).tool().name()).isEqualTo("send_email");
    assertThat(second.embeddedQueries()).isZero();
    assertThat(clear.tools().get(0).matchSources())
        .noneMatch(m -> m.source().startsWith("vector:"));
    SearchResponse tie = search.search(SearchRequest.of("alpha beta gamma"));
    assertThat(second.embeddedQueries()).isEqualTo(1);
    assertThat(tie.tools().get(0).matchSources()).anyMatch(m -> m.source().startsWith("vector:"));
  }

  @Test
  void theSecondEmbedderIsSkippedWhereFullTextAndTheFirstSingleOutTheSameTool()
      throws InterruptedException {
    // A margin no search clears: only the channels' agreement keeps the second embedder out.
    FakeEmbedder second = gated(1);
    SearchResponse agreed = search.search(SearchRequest.of("send an email message to a recipient"));
    assertThat(agreed.tools().get(0).tool().name()).isEqualTo("send_email");
    assertThat(agreed.tools().get(0).matchSources())
        .anyMatch(m -> m.source().equals("full_text") && m.rank() == 1)
        .anyMatch(m -> m.source().equals("vector") && m.rank() == 1);
    assertThat(second.embeddedQueries()).isZero();
    // The twins tie in both channels: neither singles out a tool, so the second embedder runs.
    search.search(SearchRequest.of("alpha beta gamma"));
    assertThat(second.embeddedQueries()).isEqualTo(1);
  }

  @Test
  void aSearchTheGateSendsToTheSecondEmbedderRanksAsOneWithoutTheGate()
      throws InterruptedException {
    String query = "alpha beta gamma";
    FakeEmbedder second = gated(1);
    SearchResponse gatedResponse = search.search(SearchRequest.of(query));
    assertThat(second.embeddedQueries()).isEqualTo(1);
    search.close();
    gated(0);
    assertThat(search.search(SearchRequest.of(query))).isEqualTo(gatedResponse);
  }

  @Test
  void aMultiIntentRequestEmbedsItselfAndItsClausesInOneCallAModel() throws InterruptedException {
    FakeEmbedder second = gated(0);
    search.search(SearchRequest.of("Send an email to Ana, then tell me the weather in Lisbon"));
    assertThat(second.embeddedQueries()).isEqualTo(3);
    assertThat(second.queryCalls()).isEqualTo(1);
  }

  @Test
  void aRepeatedQueryIsEmbeddedOnce() throws InterruptedException {
    FakeEmbedder embedder = new FakeEmbedder();
    search =
        HybridToolSearch.builder()
            .settings(SearchSettings.defaults().withMinSimilarity(0.1))
            .embedder(embedder)
            .build();
    search.update(SearchFixtures.catalog(), List.of());
    assertThat(search.awaitVectors(Duration.ofSeconds(30))).isTrue();
    embedder.resetCounts();
    search.search(SearchRequest.of("weather in Lisbon"));
    search.search(SearchRequest.of("weather in Lisbon"));
    assertThat(embedder.embeddedQueries()).isEqualTo(1);
  }
}
