package io.toolgate.search.embed;

import io.toolgate.search.spi.Embedder;
import io.toolgate.search.spi.EmbedderProvider;
import io.toolgate.search.spi.EmbeddingException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Creates {@link OpenAiEmbedder}s for the {@code openai:} and {@code openai-compatible:} schemes.
 *
 * <pre>{@code
 * embeddings:
 *   - {name: remote, from: "openai:text-embedding-3-small"}        # key in OPENAI_API_KEY
 *   - {name: ollama, from: "openai-compatible:nomic-embed-text",
 *      base_url: "http://127.0.0.1:11434/v1", query_prefix: "search_query: "}
 * }</pre>
 *
 * <p>Options: {@code base_url} (required for {@code openai-compatible:}), {@code api_key_env}
 * (default {@code OPENAI_API_KEY} for {@code openai:}, none for {@code openai-compatible:}), {@code
 * batch_size} (64), {@code timeout_ms} (30000), {@code max_retries} (3), {@code initial_backoff_ms}
 * (500), {@code dimensions}, {@code query_prefix}. See {@link OpenAiSettings}.
 */
public final class OpenAiEmbedderProvider implements EmbedderProvider {
  private static final String OPENAI = "openai:";
  private static final String COMPATIBLE = "openai-compatible:";

  @Override
  public String describe() {
    return "openai:<model>, openai-compatible:<model> (with base_url)";
  }

  @Override
  public Optional<Embedder> create(String spec, Map<String, Object> options) {
    return settings(spec, options).map(OpenAiEmbedder::create);
  }

  @Override
  public Optional<String> problem(String spec, Map<String, Object> options) {
    try {
      settings(spec, options);
      return Optional.empty();
    } catch (EmbeddingException e) {
      return Optional.of(e.getMessage());
    }
  }

  /** The checked settings of {@code spec}; empty when the scheme is not this provider's. */
  private static Optional<OpenAiSettings> settings(String spec, Map<String, Object> options) {
    String lower = spec.strip().toLowerCase(Locale.ROOT);
    boolean compatible = lower.startsWith(COMPATIBLE);
    if (!compatible && !lower.startsWith(OPENAI)) {
      return Optional.empty();
    }
    String model =
        spec.strip().substring(compatible ? COMPATIBLE.length() : OPENAI.length()).strip();
    if (model.isEmpty()) {
      throw new EmbeddingException(
          "embedding spec '" + spec + "' names no model, e.g. openai:text-embedding-3-small");
    }
    return Optional.of(settings(spec, model, compatible, options));
  }

  /** The options {@code openai:} and {@code openai-compatible:} embedders read. */
  static final Set<String> OPTIONS =
      Set.of(
          "base_url",
          "api_key_env",
          "dimensions",
          "batch_size",
          "timeout_ms",
          "max_retries",
          "query_prefix",
          "initial_backoff_ms");

  static OpenAiSettings settings(
      String spec, String model, boolean compatible, Map<String, Object> options) {
    EmbedderOptions.requireKnown(options, OPTIONS, spec);
    Optional<String> baseUrl = EmbedderOptions.stringOption(options, "base_url").map(String::strip);
    if (compatible && baseUrl.isEmpty()) {
      throw new EmbeddingException(
          "embedding spec '"
              + spec
              + "' needs the base_url option, e.g. base_url: http://127.0.0.1:11434/v1");
    }
    Optional<String> apiKeyEnv =
        EmbedderOptions.stringOption(options, "api_key_env").map(String::strip);
    OptionalInt dimensions =
        options.get("dimensions") == null
            ? OptionalInt.empty()
            : OptionalInt.of(EmbedderOptions.intOption(options, "dimensions", 0, 1, 65536));
    try {
      return new OpenAiSettings(
          baseUrl.map(OpenAiEmbedderProvider::uri).orElse(OpenAiSettings.OPENAI_BASE_URL),
          model,
          compatible ? apiKeyEnv : apiKeyEnv.or(() -> Optional.of("OPENAI_API_KEY")),
          EmbedderOptions.intOption(options, "batch_size", 64, 1, 2048),
          Duration.ofMillis(EmbedderOptions.intOption(options, "timeout_ms", 30_000, 1, 600_000)),
          EmbedderOptions.intOption(options, "max_retries", 3, 0, 10),
          dimensions,
          EmbedderOptions.stringOption(options, "query_prefix").orElse(""),
          Duration.ofMillis(
              EmbedderOptions.intOption(options, "initial_backoff_ms", 500, 0, 60_000)));
    } catch (IllegalArgumentException e) {
      throw new EmbeddingException("embedding spec '" + spec + "': " + e.getMessage(), e);
    }
  }

  private static URI uri(String baseUrl) {
    try {
      return new URI(baseUrl);
    } catch (URISyntaxException e) {
      throw new EmbeddingException(
          "embedding option base_url: illegal value '" + baseUrl + "': " + e.getMessage(), e);
    }
  }
}
