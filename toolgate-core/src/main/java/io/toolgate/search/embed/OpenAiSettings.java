package io.toolgate.search.embed;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How an {@link OpenAiEmbedder} reaches its server. Immutable; the {@code with…} methods return
 * copies. {@link #of(String)} gives OpenAI's defaults.
 *
 * @param baseUrl the API root, e.g. {@code https://api.openai.com/v1} or {@code
 *     http://127.0.0.1:11434/v1}; {@code /embeddings} is appended
 * @param model the model name sent in every request
 * @param apiKeyEnv the environment variable holding the API key, sent as {@code Authorization:
 *     Bearer}; empty to send no key (local servers)
 * @param batchSize texts per request, in [1, 2048] (OpenAI's limit)
 * @param timeout per-request timeout (also the connect timeout), positive
 * @param maxRetries retries after the first attempt, in [0, 10]
 * @param dimensions the {@code dimensions} request field (text-embedding-3 models can shorten their
 *     vectors); empty to leave it out
 * @param queryPrefix text put before every query, never before documents (e.g. {@code "query: "}
 *     for E5 models); may be empty
 * @param initialBackoff the wait before the first retry; later waits double, up to 30 s
 */
public record OpenAiSettings(
    URI baseUrl,
    String model,
    Optional<String> apiKeyEnv,
    int batchSize,
    Duration timeout,
    int maxRetries,
    OptionalInt dimensions,
    String queryPrefix,
    Duration initialBackoff) {
  /** OpenAI's API root. */
  public static final URI OPENAI_BASE_URL = URI.create("https://api.openai.com/v1");

  public OpenAiSettings {
    Objects.requireNonNull(baseUrl, "baseUrl");
    if (!"http".equals(baseUrl.getScheme()) && !"https".equals(baseUrl.getScheme())
        || baseUrl.getHost() == null) {
      throw new IllegalArgumentException(
          "illegal base_url: " + baseUrl + ", must be an http:// or https:// URL with a host");
    }
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException("model must not be blank");
    }
    Objects.requireNonNull(apiKeyEnv, "apiKeyEnv");
    checkRange("batch_size", batchSize, 1, 2048);
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("illegal timeout: " + timeout + ", must be positive");
    }
    checkRange("max_retries", maxRetries, 0, 10);
    Objects.requireNonNull(dimensions, "dimensions");
    dimensions.ifPresent(d -> checkRange("dimensions", d, 1, 65536));
    Objects.requireNonNull(queryPrefix, "queryPrefix");
    if (initialBackoff == null || initialBackoff.isNegative()) {
      throw new IllegalArgumentException(
          "illegal initialBackoff: " + initialBackoff + ", must not be negative");
    }
  }

  /**
   * OpenAI's defaults for {@code model}: {@link #OPENAI_BASE_URL}, key in {@code OPENAI_API_KEY},
   * batches of 64, 30 s timeout, 3 retries starting at 500 ms, no dimensions, no query prefix.
   */
  public static OpenAiSettings of(String model) {
    return new OpenAiSettings(
        OPENAI_BASE_URL,
        model,
        Optional.of("OPENAI_API_KEY"),
        64,
        Duration.ofSeconds(30),
        3,
        OptionalInt.empty(),
        "",
        Duration.ofMillis(500));
  }

  public OpenAiSettings withBaseUrl(URI baseUrl) {
    return new OpenAiSettings(
        baseUrl,
        model,
        apiKeyEnv,
        batchSize,
        timeout,
        maxRetries,
        dimensions,
        queryPrefix,
        initialBackoff);
  }

  /** Reads the key from {@code variable}, or sends none when empty. */
  public OpenAiSettings withApiKeyEnv(Optional<String> variable) {
    return new OpenAiSettings(
        baseUrl,
        model,
        variable,
        batchSize,
        timeout,
        maxRetries,
        dimensions,
        queryPrefix,
        initialBackoff);
  }

  public OpenAiSettings withBatchSize(int batchSize) {
    return new OpenAiSettings(
        baseUrl,
        model,
        apiKeyEnv,
        batchSize,
        timeout,
        maxRetries,
        dimensions,
        queryPrefix,
        initialBackoff);
  }

  public OpenAiSettings withTimeout(Duration timeout) {
    return new OpenAiSettings(
        baseUrl,
        model,
        apiKeyEnv,
        batchSize,
        timeout,
        maxRetries,
        dimensions,
        queryPrefix,
        initialBackoff);
  }

  public OpenAiSettings withMaxRetries(int maxRetries) {
    return new OpenAiSettings(
        baseUrl,
        model,
        apiKeyEnv,
        batchSize,
        timeout,
        maxRetries,
        dimensions,
        queryPrefix,
        initialBackoff);
  }

  public OpenAiSettings withDimensions(OptionalInt dimensions) {
    return new OpenAiSettings(
        baseUrl,
        model,
        apiKeyEnv,
        batchSize,
        timeout,
        maxRetries,
        dimensions,
        queryPrefix,
        initialBackoff);
  }

  public OpenAiSettings withQueryPrefix(String queryPrefix) {
    return new OpenAiSettings(
        baseUrl,
        model,
        apiKeyEnv,
        batchSize,
        timeout,
        maxRetries,
        dimensions,
        queryPrefix,
        initialBackoff);
  }

  public OpenAiSettings withInitialBackoff(Duration initialBackoff) {
    return new OpenAiSettings(
        baseUrl,
        model,
        apiKeyEnv,
        batchSize,
        timeout,
        maxRetries,
        dimensions,
        queryPrefix,
        initialBackoff);
  }

  private static void checkRange(String name, int value, int min, int max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          "illegal " + name + " value: " + value + ", must be in [" + min + ", " + max + "]");
    }
  }
}
