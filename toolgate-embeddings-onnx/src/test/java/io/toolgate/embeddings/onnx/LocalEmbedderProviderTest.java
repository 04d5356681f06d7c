package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.search.embed.Embedders;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.spi.EmbeddingException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LocalEmbedderProviderTest {
  private final LocalEmbedderProvider provider = new LocalEmbedderProvider();

  @Test
  void ignoresOtherSchemes() {
    assertThat(provider.create("openai:text-embedding-3-small", Map.of())).isEmpty();
  }

  @Test
  void unknownModelListsTheKnownOnes() {
    assertThatThrownBy(() -> provider.create("local:gte-tiny", Map.of()))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageStartingWith("unknown local embedding model 'gte-tiny' in 'local:gte-tiny'")
        .hasMessageContaining("known models: all-minilm-l6-v2 (aliases: ")
        .hasMessageContaining("bge-small-en-v1.5 (aliases: ");
  }

  @Test
  void findsModelsByAliasIgnoringCase() {
    assertThat(LocalModel.find("all-MiniLM-L6-v2")).contains(LocalModel.ALL_MINILM_L6_V2);
    assertThat(LocalModel.find(" BGE-small-en-v15 ")).contains(LocalModel.BGE_SMALL_EN_V15);
    assertThat(LocalModel.find("bge-small-en-v1.5")).contains(LocalModel.BGE_SMALL_EN_V15);
    assertThat(LocalModel.find("gte-tiny")).isEmpty();
  }

  @Test
  void readsBatchSizeMaxTokensAndThreads() {
    OnnxOptions options =
        LocalEmbedderProvider.options(
            LocalModel.ALL_MINILM_L6_V2,
            Map.of("batch_size", 8, "max_tokens", "128", "threads", 1));

    assertThat(options).isEqualTo(new OnnxOptions(8, 128, 1));
  }

  @Test
  void batchSizeDefaultsToTheModels() {
    assertThat(LocalEmbedderProvider.options(LocalModel.BGE_SMALL_EN_V15, Map.of()).batchSize())
        .isEqualTo(1);
    assertThat(LocalEmbedderProvider.options(LocalModel.ALL_MINILM_L6_V2, Map.of()).batchSize())
        .isEqualTo(8);
  }

  @Test
  void badOptionNamesTheOptionAndRange() {
    assertThatThrownBy(() -> provider.create("local:bge-small-en-v1.5", Map.of("max_tokens", 4096)))
        .isInstanceOf(EmbeddingException.class)
        .hasMessage(
            "embedding option max_tokens: illegal value '4096', must be an integer in [2, 512]");
  }

  @Test
  void queryThreadsDefaultToThreadsAndCanBeSetApart() {
    assertThat(LocalEmbedderProvider.options(LocalModel.BGE_SMALL_EN_V15, Map.of("threads", 1)))
        .extracting(OnnxOptions::queryThreads)
        .isEqualTo(1);
    assertThat(
            LocalEmbedderProvider.options(
                LocalModel.BGE_SMALL_EN_V15, Map.of("threads", 1, "query_threads", 2)))
        .isEqualTo(
            OnnxOptions.defaults(LocalModel.BGE_SMALL_EN_V15).withThreads(1).withQueryThreads(2));
  }

  @Test
  void queryModelDefaultsToTheModelsChoiceAndAcceptsItsQuantizedCopy() {
    assertThat(LocalEmbedderProvider.queryModel(LocalModel.ALL_MINILM_L6_V2, Map.of()))
        .isEqualTo(LocalModel.ALL_MINILM_L6_V2_Q);
    assertThat(LocalEmbedderProvider.queryModel(LocalModel.BGE_SMALL_EN_V15, Map.of()))
        .isEqualTo(LocalModel.BGE_SMALL_EN_V15);
    assertThat(
            LocalEmbedderProvider.queryModel(
                LocalModel.ALL_MINILM_L6_V2, Map.of("query_model", "All-MiniLM-L6-v2")))
        .isEqualTo(LocalModel.ALL_MINILM_L6_V2);
  }

  @Test
  void aQueryModelOfAnotherVectorSpaceIsAnErrorNamingTheModelsThatFit() {
    assertThat(
            new LocalEmbedderProvider()
                .problem("local:all-minilm-l6-v2", Map.of("query_model", "bge-small")))
        .hasValue(
            "embedding option query_model: 'bge-small' cannot embed queries for all-minilm-l6-v2's"
                + " documents; use one of: all-minilm-l6-v2, all-minilm-l6-v2-q");
  }

  @Test
  void aQuerySessionOfItsOwnEmbedsQueriesAsTheDocumentSessionDoes() {
    try (Embedder one = Embedders.create("local:all-minilm-l6-v2", Map.of("threads", 1));
        Embedder two =
            Embedders.create("local:all-minilm-l6-v2", Map.of("threads", 1, "query_threads", 2))) {
      float[] a = one.embedQuery("is it raining in Lisbon");
      float[] b = two.embedQuery("is it raining in Lisbon");
      for (int i = 0; i < a.length; i++) {
        assertThat(b[i]).isCloseTo(a[i], org.assertj.core.api.Assertions.within(1e-4f));
      }
    }
  }

  @Test
  void serviceLoaderCreatesALocalEmbedderFromAnAlias() {
    try (Embedder embedder = Embedders.create("local:All-MiniLM-L6-v2", Map.of("threads", 1))) {
      assertThat(embedder).isInstanceOf(OnnxEmbedder.class);
      assertThat(((OnnxEmbedder) embedder).model()).isEqualTo(LocalModel.ALL_MINILM_L6_V2);
    }
  }

  @Test
  void anOptionLocalModelsDoNotReadIsAnError() {
    assertThatThrownBy(() -> provider.create("local:bge-small-en-v1.5", Map.of("max_token", 128)))
        .isInstanceOf(EmbeddingException.class)
        .hasMessage(
            "embedding option 'max_token' is not one local:bge-small-en-v1.5 reads; did you mean"
                + " 'max_tokens'? Its options: batch_size, max_tokens, query_drafts, query_model, query_threads, threads");
  }

  @Test
  void findsProblemsWithoutLoadingTheModel() {
    assertThat(provider.problem("local:bge-small-en-v1.5", Map.of("threads", 1))).isEmpty();
    assertThat(provider.problem("openai:text-embedding-3-small", Map.of("x", 1))).isEmpty();
    assertThat(provider.problem("local:gte-tiny", Map.of()))
        .hasValueSatisfying(
            p -> assertThat(p).startsWith("unknown local embedding model 'gte-tiny'"));
    assertThat(provider.problem("local:all-minilm-l6-v2-q", Map.of("max_tokens", 4096)))
        .contains(
            "embedding option max_tokens: illegal value '4096', must be an integer in [2, 512]");
  }
}
