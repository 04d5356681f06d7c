package io.toolgate.search.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.search.FakeEmbedder;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.spi.EmbedderProvider;
import io.toolgate.search.spi.EmbeddingException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EmbeddersTest {
  /** Handles {@code fake:} only. */
  private static final class FakeProvider implements EmbedderProvider {
    @Override
    public String describe() {
      return "fake:<anything>";
    }

    @Override
    public Optional<Embedder> create(String spec, Map<String, Object> options) {
      return spec.startsWith("fake:") ? Optional.of(new FakeEmbedder()) : Optional.empty();
    }
  }

  @Test
  void usesTheFirstProviderThatHandlesTheSpec() {
    Embedder embedder =
        Embedders.create(
            "fake:x", Map.of(), List.of(new OpenAiEmbedderProvider(), new FakeProvider()));

    assertThat(embedder).isInstanceOf(FakeEmbedder.class);
  }

  @Test
  void listsEveryProviderTriedWhenNoneHandlesTheSpec() {
    assertThatThrownBy(
            () ->
                Embedders.create(
                    "nope:model",
                    Map.of(),
                    List.of(new OpenAiEmbedderProvider(), new FakeProvider())))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("'nope:model'")
        .hasMessageContaining(
            "Tried: openai:<model>, openai-compatible:<model> (with base_url), fake:<anything>");
  }

  @Test
  void hintsAtTheOnnxModuleForLocalSpecs() {
    assertThatThrownBy(() -> Embedders.create("local:bge-small-en-v1.5", Map.of(), List.of()))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("toolgate-embeddings-onnx");
  }

  @Test
  void serviceLoaderFindsTheOpenAiProvider() {
    assertThat(Embedders.providers()).hasAtLeastOneElementOfType(OpenAiEmbedderProvider.class);
  }

  @Test
  void createsAnOpenAiCompatibleEmbedderThroughServiceLoader() {
    try (FakeOpenAiServer server = FakeOpenAiServer.start();
        Embedder embedder =
            Embedders.create(
                "openai-compatible:fake-model", Map.of("base_url", server.baseUrl().toString()))) {
      assertThat(embedder.embedQuery("hello")).hasSize(FakeEmbedder.DIMENSION);
    }
  }
}
