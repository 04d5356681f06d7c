package io.toolgate.search.embed;

import io.toolgate.search.spi.Embedder;
import io.toolgate.search.spi.EmbeddingException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Embeds text through an OpenAI-compatible {@code POST {base_url}/embeddings} endpoint.
 *
 * <pre>{@code
 * Embedder embedder = OpenAiEmbedder.create(
 *     OpenAiSettings.of("text-embedding-3-small").withBatchSize(128));
 * float[][] tools = embedder.embedDocuments(List.of("Current weather for a city."));
 * }</pre>
 *
 * <p>Documents go out {@link OpenAiSettings#batchSize()} per request; vectors come back in input
 * order (sorted by the response's {@code index}) and L2-normalized. A request that fails with HTTP
 * 429, a 5xx status, a timeout or an I/O error is retried up to {@link OpenAiSettings#maxRetries()}
 * times, after exponential backoff with jitter, or after the server's {@code Retry-After} seconds
 * when it sends them (at most a minute). Other statuses fail at once. Errors name the URL, the
 * status and the server's message; the API key (read from the environment variable {@link
 * OpenAiSettings#apiKeyEnv()}) is only ever sent in the {@code Authorization} header and is
 * scrubbed from anything the server echoes back.
 *
 * <p>{@link #dimension()} is known up front for OpenAI's own models or when {@link
 * OpenAiSettings#dimensions()} is set; otherwise the first call to it embeds a probe text.
 * Instances are thread-safe; {@link #close()} releases the HTTP client.
 */
public final class OpenAiEmbedder implements Embedder {
  private static final Logger LOG = LoggerFactory.getLogger(OpenAiEmbedder.class);
  private static final Map<String, Integer> KNOWN_DIMENSIONS =
      Map.of(
          "text-embedding-3-small", 1536,
          "text-embedding-3-large", 3072,
          "text-embedding-ada-002", 1536);
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
  private static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(60);

  private final OpenAiSettings settings;
  private final URI endpoint;
  private final Optional<String> apiKey;
  private final ExecutorService executor;
  private final HttpClient client;
  private final AtomicInteger dimension;

  private OpenAiEmbedder(OpenAiSettings settings, Function<String, String> environment) {
    this.settings = settings;
    this.endpoint = URI.create(settings.baseUrl().toString().replaceAll("/+$", "") + "/embeddings");
    this.apiKey = settings.apiKeyEnv().map(name -> requireKey(name, environment.apply(name)));
    this.executor =
        Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("toolgate-embed-http-", 0).factory());
    this.client =
        HttpClient.newBuilder()
            .connectTimeout(settings.timeout())
            .executor(executor)
            // Plain-HTTP local servers (Ollama, vLLM) mishandle HTTP/2 upgrade attempts.
            .version(
                "http".equals(endpoint.getScheme())
                    ? HttpClient.Version.HTTP_1_1
                    : HttpClient.Version.HTTP_2)
            .build();
    this.dimension =
        new AtomicInteger(
            settings.dimensions().orElse(KNOWN_DIMENSIONS.getOrDefault(settings.model(), 0)));
  }

  /**
   * Creates an embedder, reading the API key from the environment.
   *
   * @throws EmbeddingException when {@link OpenAiSettings#apiKeyEnv()} names a variable that is
   *     unset
   */
  public static OpenAiEmbedder create(OpenAiSettings settings) {
    return create(settings, System::getenv);
  }

  /**
   * Like {@link #create(OpenAiSettings)}, with {@code environment} in place of {@link
   * System#getenv}.
   */
  static OpenAiEmbedder create(OpenAiSettings settings, Function<String, String> environment) {
    return new OpenAiEmbedder(Objects.requireNonNull(settings), environment);
  }

  /**
   * The model name, with the requested dimensions when set: {@code text-embedding-3-small}, {@code
   * text-embedding-3-large-d256}.
   */
  @Override
  public String modelId() {
    return settings.dimensions().isPresent()
        ? settings.model() + "-d" + settings.dimensions().getAsInt()
        : settings.model();
  }

  /**
   * The vector length; for a model this class does not know, and without {@link
   * OpenAiSettings#dimensions()}, the first call embeds a probe text to find out.
   *
   * @throws EmbeddingException when that probe fails
   */
  @Override
  public int dimension() {
    if (dimension.get() == 0) {
      embedQuery("dimension probe");
    }
    return dimension.get();
  }

  /** The settings this embedder was created with. */
  public OpenAiSettings settings() {
    return settings;
  }

  @Override
  public float[][] embedDocuments(List<String> documents) {
    for (int i = 0; i < documents.size(); i++) {
      if (documents.get(i) == null) {
        throw new NullPointerException("documents[" + i + "] is null");
      }
    }
    float[][] vectors = new float[documents.size()][];
    for (int from = 0; from < documents.size(); from += settings.batchSize()) {
      int to = Math.min(documents.size(), from + settings.batchSize());
      float[][] batch = post(documents.subList(from, to));
      System.arraycopy(batch, 0, vectors, from, batch.length);
    }
    return vectors;
  }

  /** Embeds {@link OpenAiSettings#queryPrefix()} followed by {@code query}. */
  @Override
  public float[] embedQuery(String query) {
    Objects.requireNonNull(query, "query");
    return post(List.of(settings.queryPrefix() + query))[0];
  }

  /** Embeds the queries, each after the query prefix, in requests of up to the batch size. */
  @Override
  public float[][] embedQueries(List<String> queries) {
    return embedDocuments(
        queries.stream()
            .map(q -> settings.queryPrefix() + Objects.requireNonNull(q, "query"))
            .toList());
  }

  /** Shuts the HTTP client down after requests in flight finish. */
  @Override
  public void close() {
    client.close();
    executor.close();
  }

  @Override
  public String toString() {
    return "OpenAiEmbedder[" + settings.model() + " at " + endpoint + "]";
  }

  private float[][] post(List<String> inputs) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(endpoint)
            .timeout(settings.timeout())
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofByteArray(
                    OpenAiWire.request(settings.model(), inputs, settings.dimensions())));
    apiKey.ifPresent(key -> request.header("Authorization", "Bearer " + key));
    float[][] vectors =
        OpenAiWire.vectors(sendWithRetries(request.build()), inputs.size(), endpoint.toString());
    checkDimension(vectors);
    return vectors;
  }

  private byte[] sendWithRetries(HttpRequest request) {
    int attempts = settings.maxRetries() + 1;
    for (int attempt = 1; ; attempt++) {
      Attempt result = sendOnce(request);
      if (result instanceof Attempt.Answered answered) {
        return answered.body();
      }
      Attempt.Failed failure = (Attempt.Failed) result;
      if (!failure.retryable() || attempt == attempts) {
        throw new EmbeddingException(
            "embedding request to "
                + endpoint
                + " failed"
                + (failure.retryable() ? " after " + attempt + " attempt(s)" : "")
                + ": "
                + failure.message());
      }
      Duration delay = delay(attempt, failure.retryAfterSeconds());
      LOG.warn(
          "embedding request to {} failed ({}); retry {} of {} in {} ms",
          endpoint,
          failure.message(),
          attempt,
          settings.maxRetries(),
          delay.toMillis());
      sleep(delay);
    }
  }

  private Attempt sendOnce(HttpRequest request) {
    try {
      HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
      int status = response.statusCode();
      if (status >= 200 && status < 300) {
        return new Attempt.Answered(response.body());
      }
      return new Attempt.Failed(
          "HTTP " + status + ": " + scrub(OpenAiWire.errorMessage(response.body())),
          status == 429 || status >= 500,
          retryAfter(response));
    } catch (HttpTimeoutException e) {
      return new Attempt.Failed(
          "timed out after " + settings.timeout().toMillis() + " ms (timeout_ms)",
          true,
          OptionalLong.empty());
    } catch (IOException e) {
      return new Attempt.Failed(scrub(e.toString()), true, OptionalLong.empty());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EmbeddingException("embedding request to " + endpoint + " was interrupted", e);
    }
  }

  /**
   * The wait before retry {@code attempt} (1-based): the server's {@code Retry-After} when given,
   * else {@code initialBackoff * 2^(attempt-1)} capped at 30 s, with "equal jitter" (a random point
   * in its upper half) so that clients that failed together do not retry together.
   */
  private Duration delay(int attempt, OptionalLong retryAfterSeconds) {
    if (retryAfterSeconds.isPresent()) {
      Duration serverAsked = Duration.ofSeconds(retryAfterSeconds.getAsLong());
      return serverAsked.compareTo(MAX_RETRY_AFTER) > 0 ? MAX_RETRY_AFTER : serverAsked;
    }
    long base = settings.initialBackoff().toMillis() << Math.min(attempt - 1, 20);
    long capped = Math.min(base, MAX_BACKOFF.toMillis());
    long half = capped / 2;
    return Duration.ofMillis(half + ThreadLocalRandom.current().nextLong(capped - half + 1));
  }

  private static OptionalLong retryAfter(HttpResponse<?> response) {
    // Only the delta-seconds form; an HTTP-date falls back to our own backoff.
    return response
        .headers()
        .firstValue("Retry-After")
        .map(String::strip)
        .filter(v -> v.matches("\\d{1,6}"))
        .map(v -> OptionalLong.of(Long.parseLong(v)))
        .orElse(OptionalLong.empty());
  }

  private void sleep(Duration delay) {
    try {
      Thread.sleep(delay);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EmbeddingException("embedding request to " + endpoint + " was interrupted", e);
    }
  }

  private void checkDimension(float[][] vectors) {
    for (float[] vector : vectors) {
      int expected = dimension.compareAndExchange(0, vector.length);
      if (expected != 0 && expected != vector.length) {
        throw new EmbeddingException(
            "embedding response from "
                + endpoint
                + " has "
                + vector.length
                + "-dimensional vectors, expected "
                + expected
                + " for model "
                + settings.model()
                + "; set the dimensions option to what the model returns");
      }
    }
  }

  /** Servers sometimes echo the key ("Incorrect API key provided: sk-…"); never pass it on. */
  private String scrub(String message) {
    return apiKey
        .filter(key -> !key.isEmpty())
        .map(key -> message.replace(key, "***"))
        .orElse(message);
  }

  private String requireKey(String variable, String value) {
    if (value == null || value.isBlank()) {
      throw new EmbeddingException(
          "embedder "
              + settings.model()
              + ": environment variable "
              + variable
              + " (api_key_env) is not set; export the API key in it, or set api_key_env to the"
              + " variable that holds it");
    }
    return value.strip();
  }

  /** What one HTTP exchange came to: a 2xx body, or a failure that may be worth retrying. */
  private sealed interface Attempt {
    record Answered(byte[] body) implements Attempt {}

    record Failed(String message, boolean retryable, OptionalLong retryAfterSeconds)
        implements Attempt {}
  }
}
