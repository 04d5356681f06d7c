package io.toolgate.search;

import static io.toolgate.search.SearchFixtures.sources;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.json.Json;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How search starts (cached vectors before the first answer), which embedders a request uses, and
 * that tools hidden from models are not indexed.
 */
class HybridToolSearchStartTest {
  @TempDir Path data;

  private static ToolRegistry registry(List<ToolDefinition> tools) {
    ToolRegistry registry = new ToolRegistry();
    tools.forEach(t -> registry.register(new RegisteredTool(t, call -> Json.object())));
    return registry;
  }

  /** Computes and caches every tool's vector in {@link #data}, then closes that search. */
  private void warmCache(ToolRegistry registry) throws InterruptedException {
    try (HybridToolSearch first =
        HybridToolSearch.builder().embedder(new FakeEmbedder()).dataDirectory(data).build()) {
      first.follow(registry);
      assertThat(first.awaitVectors(Duration.ofSeconds(30))).isTrue();
    }
  }

  @Test
  void whenEveryVectorIsCachedTheFirstSearchAfterFollowIsAlreadyHybrid() throws Exception {
    ToolRegistry registry = registry(SearchFixtures.catalog());
    warmCache(registry);
    BlockingEmbedder embedder = new BlockingEmbedder(); // would hang if asked to embed a tool

    try (HybridToolSearch search =
        HybridToolSearch.builder().embedder(embedder).dataDirectory(data).build()) {
      search.follow(registry);

      assertThat(search.capabilities().vectorsReady()).isTrue();
      SearchResponse r = search.search(SearchRequest.of("send an email"));
      assertThat(r.searchMode()).isEqualTo("hybrid_zscore");
      assertThat(sources(r)).contains("vector");
      embedder.release.countDown();
    }
    assertThat(embedder.fake.embeddedDocuments()).isZero();
  }

  @Test
  void whenAVectorIsMissingSearchStaysLexicalUntilTheBackgroundPassEnds() throws Exception {
    ToolRegistry registry = registry(SearchFixtures.catalog());
    warmCache(registry);
    registry.register(
        new RegisteredTool(
            SearchFixtures.tool("invoice_create", "Create an invoice for a customer."),
            call -> Json.object()));
    BlockingEmbedder embedder = new BlockingEmbedder();

    try (HybridToolSearch search =
        HybridToolSearch.builder().embedder(embedder).dataDirectory(data).build()) {
      search.follow(registry);

      assertThat(search.search(SearchRequest.of("send an email")).searchMode())
          .isEqualTo("lexical_zscore");
      embedder.release.countDown();
      assertThat(search.awaitVectors(Duration.ofSeconds(30))).isTrue();
      assertThat(search.search(SearchRequest.of("send an email")).searchMode())
          .isEqualTo("hybrid_zscore");
    }
    assertThat(embedder.fake.embeddedDocuments()).isEqualTo(1);
  }

  @Test
  void aRequestNamingAnEmbedderUsesOnlyThatEmbeddersVectorChannel() throws Exception {
    FakeEmbedder a = new FakeEmbedder();
    FakeEmbedder b = new FakeEmbedder();
    // Every embedder on every search (no gate): the request alone decides which run.
    try (HybridToolSearch search =
        HybridToolSearch.builder()
            .settings(SearchSettings.defaults().withSecondEmbedderMargin(0))
            .embedder("local", a, Optional.empty())
            .embedder("minilm", b, Optional.empty())
            .build()) {
      search.update(SearchFixtures.catalog(), List.of());
      assertThat(search.awaitVectors(Duration.ofSeconds(30))).isTrue();

      SearchResponse both = search.search(SearchRequest.of("send an email"));
      SearchResponse one =
          // Another text: the same one would come from the query-vector cache, embedding nothing.
          search.search(
              SearchRequest.of("send an email message").withEmbedder(Optional.of("minilm")));

      String second = "vector:" + b.modelId();
      assertThat(sources(both)).contains("vector", second);
      assertThat(sources(one)).contains(second, "full_text").doesNotContain("vector");
      assertThat(a.embeddedQueries()).isEqualTo(1);
      assertThat(b.embeddedQueries()).isEqualTo(2);
    }
  }

  @Test
  void withTheGateARequestNamingTheSecondEmbedderStillUsesIt() throws Exception {
    FakeEmbedder a = new FakeEmbedder();
    FakeEmbedder b = new FakeEmbedder();
    try (HybridToolSearch search =
        HybridToolSearch.builder()
            .settings(SearchSettings.defaults().withSecondEmbedderMargin(0.15))
            .embedder("local", a, Optional.empty())
            .embedder("minilm", b, Optional.empty())
            .build()) {
      search.update(SearchFixtures.catalog(), List.of());
      assertThat(search.awaitVectors(Duration.ofSeconds(30))).isTrue();

      // The named embedder is the first this request uses: the gate starts from it, not from a.
      SearchResponse one =
          search.search(
              SearchRequest.of("send an email message").withEmbedder(Optional.of("minilm")));

      assertThat(sources(one)).contains("vector:" + b.modelId()).doesNotContain("vector");
      assertThat(a.embeddedQueries()).isZero();
      assertThat(b.embeddedQueries()).isEqualTo(1);
    }
  }

  @Test
  void aRequestNamingAnEmbedderSearchDoesNotUseIsAnErrorListingTheNames() {
    try (HybridToolSearch search =
        HybridToolSearch.builder()
            .embedder("local", new FakeEmbedder(), Optional.empty())
            .build()) {
      search.update(SearchFixtures.catalog(), List.of());

      assertThatThrownBy(
              () -> search.search(SearchRequest.of("email").withEmbedder(Optional.of("openai"))))
          .isInstanceOf(InvalidSearchException.class)
          .hasMessageContaining("'openai'")
          .hasMessageContaining("it uses local");
    }
  }

  @Test
  void aToolHiddenFromModelsIsNotIndexedUntilItIsShownAgain() {
    ToolDefinition hidden =
        SearchFixtures.tool("internal_hash", "Hash a value for internal bookkeeping.").toBuilder()
            .asTool(false)
            .build();
    ToolRegistry registry = registry(List.of(hidden));
    try (HybridToolSearch search = HybridToolSearch.builder().build()) {
      search.follow(registry);

      assertThat(search.search(SearchRequest.of("hash a value")).tools()).isEmpty();
      assertThat(search.capabilities().indexedTools()).isZero();

      registry.put(
          new RegisteredTool(hidden.toBuilder().asTool(true).build(), call -> Json.object()));

      assertThat(search.search(SearchRequest.of("hash a value")).tools())
          .extracting(h -> h.tool().name())
          .containsExactly("internal_hash");
    }
  }
}
