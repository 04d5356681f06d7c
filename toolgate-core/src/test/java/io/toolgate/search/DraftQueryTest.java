package io.toolgate.search;

import static io.toolgate.search.SearchFixtures.sources;
import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.search.spi.Embedder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The draft tier of a gated search: the first embedder's drafts first, exact vectors of every
 * embedder where the drafts leave the search unsure. The gate's margin is 1, which no search whose
 * runner-up scores above 0 clears: such a search is sure only where full text and the first vector
 * channel single out one tool. In {@link #catalog()}, {@link #SURE} is such a search ({@code
 * send_sms} is the runner-up, {@code send_email} first in both channels), and {@link #UNSURE} ties
 * two tools everywhere.
 */
class DraftQueryTest {
  private static final String SURE = "send an email message to a recipient";
  private static final String UNSURE = "alpha beta gamma";
  private static final SearchSettings GATED =
      SearchSettings.defaults().withMinSimilarity(0.1).withSecondEmbedderMargin(1);

  private static List<ToolDefinition> catalog() {
    List<ToolDefinition> tools = new ArrayList<>(SearchFixtures.catalogWithTwins());
    tools.add(
        SearchFixtures.tool(
            "send_sms", "Send a text message to a recipient.", "to:Recipient phone number"));
    return tools;
  }

  private final DraftingEmbedder first = new DraftingEmbedder();
  private final FakeEmbedder second = new FakeEmbedder();
  private HybridToolSearch search;

  @AfterEach
  void close() {
    if (search != null) {
      search.close();
    }
  }

  /** A search over the catalog with {@code embedders} (named e0, e1, …), their counts reset. */
  private HybridToolSearch search(SearchSettings settings, Embedder... embedders)
      throws InterruptedException {
    if (search != null) {
      search.close();
    }
    HybridToolSearch.Builder b = HybridToolSearch.builder().settings(settings);
    for (int i = 0; i < embedders.length; i++) {
      b.embedder("e" + i, embedders[i], Optional.empty());
    }
    search = b.build();
    search.update(catalog(), List.of());
    assertThat(search.awaitVectors(Duration.ofSeconds(30))).isTrue();
    first.resetCounts();
    second.resetCounts();
    return search;
  }

  @Test
  void aSureSearchLooksOnlyThroughTheFirstEmbeddersDrafts() throws InterruptedException {
    SearchResponse r = search(GATED, first, second).search(SearchRequest.of(SURE));

    assertThat(r.tools()).extracting(h -> h.tool().name()).startsWith("send_email", "send_sms");
    // Close enough for the margin: the gate is sure because the draft channel agrees.
    assertThat(r.tools().get(1).score()).isPositive();
    assertThat(first.draftCalls()).isEqualTo(1);
    assertThat(first.exact.queryCalls()).isZero();
    assertThat(second.queryCalls()).isZero();
    assertThat(r.searchMode()).isEqualTo("hybrid_zscore");
    // The answer says it comes from drafts alone.
    assertThat(sources(r)).contains("full_text", "vector_draft").doesNotContain("vector");
    assertThat(sources(r)).noneMatch(s -> s.startsWith("vector:"));
  }

  @Test
  void anUnsureSearchEmbedsExactlyWithEveryEmbedderAndDropsTheDrafts() throws InterruptedException {
    SearchResponse r = search(GATED, first, second).search(SearchRequest.of(UNSURE));

    assertThat(first.draftCalls()).isEqualTo(1);
    assertThat(first.exact.queryCalls()).isEqualTo(1);
    assertThat(second.queryCalls()).isEqualTo(1);
    assertThat(sources(r))
        .contains("vector", "vector:" + second.modelId())
        .doesNotContain("vector_draft");
  }

  @Test
  void anUnsureSearchRanksExactlyAsWithoutDrafts() throws InterruptedException {
    SearchResponse drafted = search(GATED, first, second).search(SearchRequest.of(UNSURE));
    assertThat(first.draftCalls()).isEqualTo(1);

    SearchResponse exact =
        search(GATED.withDraftQueries(false), first, second).search(SearchRequest.of(UNSURE));

    assertThat(drafted).isEqualTo(exact);
  }

  @Test
  void draftQueriesOffNeverCallsDraftQueries() throws InterruptedException {
    search(GATED.withDraftQueries(false), first, second);

    SearchResponse sure = search.search(SearchRequest.of(SURE));
    search.search(SearchRequest.of(UNSURE));

    assertThat(first.draftCalls()).isZero();
    assertThat(first.exact.queryCalls()).isEqualTo(2);
    assertThat(second.queryCalls()).isEqualTo(1);
    assertThat(sources(sure)).contains("vector").doesNotContain("vector_draft");
  }

  @Test
  void aFailingDraftFallsBackToExactVectorsNotToLexicalSearch() throws InterruptedException {
    SearchResponse exact =
        search(GATED.withDraftQueries(false), first, second).search(SearchRequest.of(SURE));
    search(GATED, first, second);
    first.failDrafts(true);

    SearchResponse r = search.search(SearchRequest.of(SURE));

    assertThat(first.draftCalls()).isEqualTo(1);
    assertThat(first.exact.queryCalls()).isEqualTo(1);
    assertThat(r.searchMode()).isEqualTo("hybrid_zscore");
    assertThat(r).isEqualTo(exact);
  }

  @Test
  void aFailingDraftOfAnUnsureSearchStillRunsEveryEmbedderOnce() throws InterruptedException {
    search(GATED, first, second);
    first.failDrafts(true);

    search.search(SearchRequest.of(UNSURE));

    assertThat(first.exact.queryCalls()).isEqualTo(1);
    assertThat(second.queryCalls()).isEqualTo(1);
  }

  @Test
  void aRepeatedRequestTakesItsDraftsFromTheCache() throws InterruptedException {
    search(GATED, first, second);

    SearchResponse once = search.search(SearchRequest.of(SURE));
    // Another phrasing of the same compacted text shares the draft.
    SearchResponse again = search.search(SearchRequest.of(SURE));
    search.search(SearchRequest.of("please send an email message to a recipient"));

    assertThat(first.draftCalls()).isEqualTo(1);
    assertThat(first.exact.queryCalls()).isZero();
    assertThat(again).isEqualTo(once);
  }

  @Test
  void draftsAndExactVectorsAreCachedApart() throws InterruptedException {
    search(GATED, first, second);

    SearchResponse once = search.search(SearchRequest.of(UNSURE));
    SearchResponse again = search.search(SearchRequest.of(UNSURE));

    // Each kind once: the second search finds its draft and its exact vectors in their caches.
    assertThat(first.draftCalls()).isEqualTo(1);
    assertThat(first.exact.queryCalls()).isEqualTo(1);
    assertThat(second.queryCalls()).isEqualTo(1);
    assertThat(again).isEqualTo(once);
  }

  @Test
  void aMultiIntentRequestDraftsItselfAndItsClausesInOneCall() throws InterruptedException {
    search(GATED, first, second)
        .search(SearchRequest.of("Send an email to Ana, then tell me the weather in Lisbon"));

    assertThat(first.draftCalls()).isEqualTo(1);
    assertThat(first.draftedQueries()).isEqualTo(3);
  }

  @Test
  void aSearchWithOneEmbedderNeverDrafts() throws InterruptedException {
    search(GATED, first).search(SearchRequest.of(UNSURE));

    assertThat(first.draftCalls()).isZero();
    assertThat(first.exact.queryCalls()).isEqualTo(1);
  }

  @Test
  void aSearchWithoutTheGateNeverDrafts() throws InterruptedException {
    search(GATED.withSecondEmbedderMargin(0), first, second).search(SearchRequest.of(SURE));

    assertThat(first.draftCalls()).isZero();
    assertThat(first.exact.queryCalls()).isEqualTo(1);
    assertThat(second.queryCalls()).isEqualTo(1);
  }

  @Test
  void aRequestNamingAnEmbedderNeverDrafts() throws InterruptedException {
    search(GATED, first, second).search(SearchRequest.of(UNSURE).withEmbedder(Optional.of("e0")));

    assertThat(first.draftCalls()).isZero();
    assertThat(first.exact.queryCalls()).isEqualTo(1);
    assertThat(second.queryCalls()).isZero();
  }

  @Test
  void aLexicalSearchNeverDrafts() throws InterruptedException {
    search(GATED, first, second).search(SearchRequest.of(SURE).withMode(SearchMode.LEXICAL));

    assertThat(first.draftCalls()).isZero();
    assertThat(first.exact.queryCalls()).isZero();
  }

  @Test
  void aSecondEmbedderThatDraftsIsNeverAskedForDrafts() throws InterruptedException {
    DraftingEmbedder later = new DraftingEmbedder();
    search(GATED, second, later).search(SearchRequest.of(UNSURE));

    assertThat(later.draftCalls()).isZero();
    assertThat(later.exact.queryCalls()).isEqualTo(1);
  }
}
