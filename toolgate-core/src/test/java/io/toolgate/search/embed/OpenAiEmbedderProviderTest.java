package io.toolgate.search.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.search.spi.EmbeddingException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class OpenAiEmbedderProviderTest {
  private final OpenAiEmbedderProvider provider = new OpenAiEmbedderProvider();

  @Test
  void ignoresOtherSchemes() {
    assertThat(provider.create("local:bge-small-en-v1.5", Map.of())).isEmpty();
  }

  @Test
  void openAiSchemeDefaultsToOpenAiAndItsKeyVariable() {
    OpenAiSettings settings =
        OpenAiEmbedderProvider.settings(
            "openai:text-embedding-3-small", "text-embedding-3-small", false, Map.of());

    assertThat(settings).isEqualTo(OpenAiSettings.of("text-embedding-3-small"));
  }

  @Test
  void readsEveryOption() {
    Map<String, Object> options =
        Map.of(
            "base_url",
            "http://127.0.0.1:11434/v1",
            "api_key_env",
            "MY_KEY",
            "batch_size",
            "16",
            "timeout_ms",
            5000,
            "max_retries",
            1,
            "initial_backoff_ms",
            10,
            "dimensions",
            256,
            "query_prefix",
            "search_query: ");

    OpenAiSettings settings =
        OpenAiEmbedderProvider.settings("openai-compatible:m", "m", true, options);

    assertThat(settings)
        .isEqualTo(
            new OpenAiSettings(
                URI.create("http://127.0.0.1:11434/v1"),
                "m",
                Optional.of("MY_KEY"),
                16,
                Duration.ofSeconds(5),
                1,
                OptionalInt.of(256),
                "search_query: ",
                Duration.ofMillis(10)));
  }

  @Test
  void compatibleSchemeSendsNoKeyByDefault() {
    OpenAiSettings settings =
        OpenAiEmbedderProvider.settings(
            "openai-compatible:m", "m", true, Map.of("base_url", "http://127.0.0.1:1/v1"));

    assertThat(settings.apiKeyEnv()).isEmpty();
  }

  @Test
  void compatibleSchemeRequiresBaseUrl() {
    assertThatThrownBy(() -> provider.create("openai-compatible:nomic-embed-text", Map.of()))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("needs the base_url option");
  }

  @Test
  void specWithoutModelIsAnError() {
    assertThatThrownBy(() -> provider.create("openai:", Map.of()))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("names no model");
  }

  @Test
  void badBaseUrlNamesTheValue() {
    assertThatThrownBy(() -> provider.create("openai:m", Map.of("base_url", "ftp://example/v1")))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("illegal base_url: ftp://example/v1");
  }

  @Test
  void badOptionNamesTheOptionAndRange() {
    assertThatThrownBy(() -> provider.create("openai:m", Map.of("max_retries", 99)))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("max_retries: illegal value '99', must be an integer in [0, 10]");
  }

  @Test
  void aMisspeltOptionIsAnErrorThatSuggestsTheRightOne() {
    assertThatThrownBy(
            () -> provider.create("openai:text-embedding-3-small", Map.of("dimension", 256)))
        .isInstanceOf(EmbeddingException.class)
        .hasMessage(
            "embedding option 'dimension' is not one openai:text-embedding-3-small reads; did you"
                + " mean 'dimensions'? Its options: api_key_env, base_url, batch_size, dimensions,"
                + " initial_backoff_ms, max_retries, query_prefix, timeout_ms");
  }
}
