package io.toolgate.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.RegisteredTool;
import io.toolgate.config.EmbeddingConfig;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.json.Json;
import io.toolgate.search.HybridToolSearch;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import io.toolgate.search.spi.Embedder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The default embedding models, loaded for real as {@code toolgate.yaml} without {@code
 * embeddings:} configures them, find demo-catalog tools for requests that share no word with them.
 */
class RealModelSearchTest {
  private static final List<Embedder> EMBEDDERS = new ArrayList<>();
  private static HybridToolSearch search;

  @BeforeAll
  static void indexTheDemoCatalog() throws InterruptedException {
    ToolgateConfig defaults = ToolgateConfig.defaults(name -> null);
    HybridToolSearch.Builder builder = HybridToolSearch.builder();
    for (EmbeddingConfig e : defaults.embeddings()) {
      Embedder embedder = e.createEmbedder();
      EMBEDDERS.add(embedder);
      builder.embedder(embedder, e.document().orElseThrow());
    }
    search = builder.build();
    search.update(
        defaults.loadCatalogs(d -> call -> Json.object()).orThrow().tools().stream()
            .map(RegisteredTool::definition)
            .toList(),
        List.of());
    assertThat(search.awaitVectors(Duration.ofMinutes(10))).isTrue();
  }

  @AfterAll
  static void close() {
    search.close();
    EMBEDDERS.forEach(Embedder::close);
  }

  /** The tools a model would see: the default limit of 5. */
  private static List<String> top5(String query) {
    SearchResponse r = search.search(SearchRequest.of(query));
    assertThat(r.searchMode()).isEqualTo("hybrid_zscore");
    return r.tools().stream().map(SearchHit::tool).map(t -> t.name()).toList();
  }

  @Test
  void aParaphraseWithNoSharedWordFindsTheToolAmongTheDemoCatalog() {
    assertThat(top5("do I need an umbrella in Lisbon tomorrow"))
        .containsAnyOf(
            "weather_forecast_daily", "weather_forecast_hourly", "weather_precipitation_nowcast");
    assertThat(top5("where is my parcel right now")).contains("shipping_track_package");
    assertThat(top5("give the client their money back")).contains("payments_refund_payment");
  }

  /**
   * What a new user types into {@code bin/toolgate search} on the demo catalog: the tool whose
   * description says it in their words ("rain", "tomorrow", "where is my package") comes first.
   */
  @Test
  void aRequestInUsersWordsRanksTheToolThatDoesItFirst() {
    assertThat(top5("is it going to rain in Lisbon tomorrow"))
        .first()
        .isEqualTo("weather_forecast_daily");
    assertThat(top5("Hi, could you tell me where my parcel is right now?"))
        .first()
        .isEqualTo("shipping_track_package");
    assertThat(top5("where is my parcel right now")).first().isEqualTo("shipping_track_package");
  }

  @Test
  void whereTheFirstModelLeavesTheSearchUnsureBothVectorChannelsReportTheirRanks() {
    // Full text and all-MiniLM-L6-v2 do not single out the same tool: bge-small runs too.
    SearchResponse r = search.search(SearchRequest.of("organise a meeting with the team"));
    SearchHit first = r.tools().getFirst();
    assertThat(first.tool().name()).startsWith("calendar_");
    assertThat(first.matchSources())
        .extracting(s -> s.source())
        .contains("vector", "vector:" + EMBEDDERS.get(1).modelId());
  }

  @Test
  void whereFullTextAndTheFirstModelsDraftAgreeNeitherModelRunsExactly() {
    // all-MiniLM-L6-v2's draft (its first 3 layers) and full text single out the same tool.
    SearchResponse r = search.search(SearchRequest.of("refund a payment"));
    SearchHit first = r.tools().getFirst();
    assertThat(first.tool().name()).isEqualTo("payments_refund_payment");
    assertThat(first.matchSources())
        .extracting(s -> s.source())
        .contains("full_text", "vector_draft")
        .doesNotContain("vector", "vector:" + EMBEDDERS.get(1).modelId());
  }
}
