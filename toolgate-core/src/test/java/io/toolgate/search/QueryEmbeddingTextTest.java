package io.toolgate.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class QueryEmbeddingTextTest {
  private HybridToolSearch search;

  @AfterEach
  void close() {
    if (search != null) {
      search.close();
    }
  }

  @Test
  void dropsTheWordsOfTheRequestAndThePunctuationAroundWords() {
    assertThat(
            QueryEmbeddingText.compact(
                "Hi, could you please find movies directed by Steven Spielberg?"))
        .isEqualTo("find movies directed Steven Spielberg");
  }

  @Test
  void keepsPunctuationInsideWordsAndNumbers() {
    assertThat(QueryEmbeddingText.compact("Check network 'office-network-001' on 2023-04-20."))
        .isEqualTo("Check network office-network-001 2023-04-20");
  }

  @Test
  void matchesFillerWordsInAnyCase() {
    assertThat(QueryEmbeddingText.compact("Is THE Weather in Lisbon")).isEqualTo("Weather Lisbon");
  }

  @Test
  void keepsQuestionWordsAndNow() {
    // "where is my parcel" asks for tracking, "how much" for a price: without them a demo-catalog
    // paraphrase lost its tool.
    assertThat(QueryEmbeddingText.compact("Where is my parcel right now?"))
        .isEqualTo("Where parcel right now");
  }

  @Test
  void keepsNegations() {
    assertThat(QueryEmbeddingText.compact("hotels that are not in the city centre"))
        .isEqualTo("hotels not city centre");
  }

  @Test
  void leavesWordsOfOtherLanguagesAlone() {
    assertThat(QueryEmbeddingText.compact("¿Qué tiempo hace en Lisboa?"))
        .isEqualTo("Qué tiempo hace en Lisboa");
  }

  @Test
  void embedsARequestOfNothingButFillerAsItIs() {
    assertThat(QueryEmbeddingText.compact("  Can you do it?  ")).isEqualTo("Can you do it?");
    assertThat(QueryEmbeddingText.compact("?!")).isEqualTo("?!");
  }

  private FakeEmbedder searchWith(SearchSettings settings) throws InterruptedException {
    FakeEmbedder embedder = new FakeEmbedder();
    search = HybridToolSearch.builder().settings(settings).embedder(embedder).build();
    search.update(SearchFixtures.catalog(), List.of());
    assertThat(search.awaitVectors(Duration.ofSeconds(30))).isTrue();
    return embedder;
  }

  @Test
  void theQueryEmbedderSeesTheCompactedRequestByDefault() throws InterruptedException {
    FakeEmbedder embedder = searchWith(SearchSettings.defaults());
    SearchResponse r = search.search(SearchRequest.of("Hi, can you send an email to my boss?"));
    assertThat(embedder.lastQuery()).isEqualTo("send email boss");
    assertThat(r.tools()).first().extracting(h -> h.tool().name()).isEqualTo("send_email");
  }

  @Test
  void requestsThatDifferOnlyInFillerShareACachedVector() throws InterruptedException {
    FakeEmbedder embedder = searchWith(SearchSettings.defaults());
    search.search(SearchRequest.of("send an email to my boss"));
    search.search(SearchRequest.of("Could you please send an email to my boss?"));
    assertThat(embedder.embeddedQueries()).isEqualTo(1);
  }

  @Test
  void turnedOffTheEmbedderSeesTheRequestWordForWord() throws InterruptedException {
    FakeEmbedder embedder = searchWith(SearchSettings.defaults().withCompactQueryEmbedding(false));
    search.search(SearchRequest.of("Hi, can you send an email to my boss?"));
    assertThat(embedder.lastQuery()).isEqualTo("Hi, can you send an email to my boss?");
  }
}
