package io.toolgate.search.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.toolgate.search.spi.EmbeddingException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OpenAiEmbedderTest {
  private static final String KEY = "sk-test-0123456789abcdef";
  private static final Map<String, String> ENVIRONMENT = Map.of("TEST_EMBED_KEY", KEY);

  private final FakeOpenAiServer server = FakeOpenAiServer.start();

  @AfterEach
  void stopServer() {
    server.close();
  }

  private OpenAiSettings settings() {
    return OpenAiSettings.of("fake-model")
        .withBaseUrl(server.baseUrl())
        .withApiKeyEnv(Optional.of("TEST_EMBED_KEY"))
        .withInitialBackoff(Duration.ofMillis(1));
  }

  private static OpenAiEmbedder embedder(OpenAiSettings settings) {
    return OpenAiEmbedder.create(settings, ENVIRONMENT::get);
  }

  @Test
  void splitsDocumentsIntoRequestsOfBatchSize() {
    try (OpenAiEmbedder embedder = embedder(settings().withBatchSize(2))) {
      embedder.embedDocuments(List.of("a", "b", "c", "d", "e"));
    }

    assertThat(server.requests())
        .extracting(FakeOpenAiServer.Request::inputs)
        .containsExactly(List.of("a", "b"), List.of("c", "d"), List.of("e"));
  }

  @Test
  void returnsVectorsInInputOrderWhateverTheResponseOrder() {
    List<String> texts = List.of("weather in Paris", "refund a payment", "send email");

    float[][] vectors;
    try (OpenAiEmbedder embedder = embedder(settings())) {
      vectors = embedder.embedDocuments(texts);
    }

    float[][] expected = server.embedder().embedDocuments(texts);
    for (int i = 0; i < texts.size(); i++) {
      assertThat(vectors[i]).containsExactly(expected[i], within(1e-6f));
    }
  }

  @Test
  void sendsModelAndInputs() {
    try (OpenAiEmbedder embedder = embedder(settings())) {
      embedder.embedDocuments(List.of("hello"));
    }

    FakeOpenAiServer.Request request = server.requests().getFirst();
    assertThat(request.body().path("model").asString()).isEqualTo("fake-model");
    assertThat(request.inputs()).containsExactly("hello");
    assertThat(request.body().has("dimensions")).isFalse();
  }

  @Test
  void sendsDimensionsWhenSet() {
    server.enqueue(200, vectorsResponse(1, 64), Map.of());
    try (OpenAiEmbedder embedder = embedder(settings().withDimensions(OptionalInt.of(64)))) {
      embedder.embedDocuments(List.of("hello"));
    }

    assertThat(server.requests().getFirst().body().path("dimensions").asInt()).isEqualTo(64);
  }

  @Test
  void sendsApiKeyAsBearerToken() {
    try (OpenAiEmbedder embedder = embedder(settings())) {
      embedder.embedQuery("hello");
    }

    assertThat(server.requests().getFirst().authorization()).isEqualTo("Bearer " + KEY);
  }

  @Test
  void sendsNoAuthorizationWithoutApiKeyEnv() {
    try (OpenAiEmbedder embedder = embedder(settings().withApiKeyEnv(Optional.empty()))) {
      embedder.embedQuery("hello");
    }

    assertThat(server.requests().getFirst().authorization()).isNull();
  }

  @Test
  void unsetApiKeyVariableFailsAtCreationNamingTheVariable() {
    OpenAiSettings settings = settings().withApiKeyEnv(Optional.of("NO_SUCH_EMBED_KEY"));

    assertThatThrownBy(() -> embedder(settings))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("NO_SUCH_EMBED_KEY")
        .hasMessageContaining("api_key_env");
  }

  @Test
  void prefixesQueriesButNotDocuments() {
    try (OpenAiEmbedder embedder = embedder(settings().withQueryPrefix("query: "))) {
      embedder.embedQuery("weather");
      embedder.embedDocuments(List.of("weather"));
    }

    assertThat(server.requests())
        .extracting(FakeOpenAiServer.Request::inputs)
        .containsExactly(List.of("query: weather"), List.of("weather"));
  }

  @Test
  void embedsSeveralQueriesInOneRequestEachPrefixed() {
    try (OpenAiEmbedder embedder = embedder(settings().withQueryPrefix("query: "))) {
      assertThat(embedder.embedQueries(List.of("weather", "send email"))).hasNumberOfRows(2);
    }

    assertThat(server.requests())
        .extracting(FakeOpenAiServer.Request::inputs)
        .containsExactly(List.of("query: weather", "query: send email"));
  }

  @Test
  void retriesAfter429HonouringRetryAfterSeconds() {
    server.enqueue(
        429, "{\"error\":{\"message\":\"Rate limit reached\"}}", Map.of("Retry-After", "1"));

    long start = System.nanoTime();
    try (OpenAiEmbedder embedder = embedder(settings())) {
      assertThat(embedder.embedQuery("hello")).hasSize(64);
    }

    assertThat(Duration.ofNanos(System.nanoTime() - start))
        .isGreaterThanOrEqualTo(Duration.ofMillis(950));
    assertThat(server.requests()).hasSize(2);
  }

  @Test
  void retriesAfter503ThenSucceeds() {
    server.enqueue(503, "{\"error\":{\"message\":\"overloaded\"}}", Map.of());
    server.enqueue(502, "<html>bad gateway</html>", Map.of());

    try (OpenAiEmbedder embedder = embedder(settings())) {
      assertThat(embedder.embedDocuments(List.of("a", "b"))).hasNumberOfRows(2);
    }

    assertThat(server.requests()).hasSize(3);
  }

  @Test
  void givesUpAfterMaxRetriesNamingUrlStatusAndServerMessage() {
    for (int i = 0; i < 3; i++) {
      server.enqueue(503, "{\"error\":{\"message\":\"The server is overloaded\"}}", Map.of());
    }

    try (OpenAiEmbedder embedder = embedder(settings().withMaxRetries(2))) {
      assertThatThrownBy(() -> embedder.embedQuery("hello"))
          .isInstanceOf(EmbeddingException.class)
          .hasMessageContaining(server.baseUrl() + "/embeddings")
          .hasMessageContaining("after 3 attempt(s)")
          .hasMessageContaining("HTTP 503")
          .hasMessageContaining("The server is overloaded");
    }
    assertThat(server.requests()).hasSize(3);
  }

  @Test
  void doesNotRetryClientErrors() {
    server.enqueue(400, "{\"error\":{\"message\":\"'$.input' is invalid\"}}", Map.of());

    try (OpenAiEmbedder embedder = embedder(settings())) {
      assertThatThrownBy(() -> embedder.embedQuery("hello"))
          .isInstanceOf(EmbeddingException.class)
          .hasMessageContaining("HTTP 400: '$.input' is invalid")
          .hasMessageNotContaining("attempt");
    }
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void timesOutASlowServer() {
    server.enqueueDelay(Duration.ofSeconds(10));

    OpenAiSettings settings = settings().withTimeout(Duration.ofMillis(200)).withMaxRetries(0);
    try (OpenAiEmbedder embedder = embedder(settings)) {
      assertThatThrownBy(() -> embedder.embedQuery("hello"))
          .isInstanceOf(EmbeddingException.class)
          .hasMessageContaining("timed out after 200 ms");
    }
  }

  @Test
  void retriesAfterATimeout() {
    server.enqueueDelay(Duration.ofSeconds(10));

    // Generous for the retry, which answers at once, even on a loaded machine.
    try (OpenAiEmbedder embedder = embedder(settings().withTimeout(Duration.ofSeconds(2)))) {
      assertThat(embedder.embedQuery("hello")).hasSize(64);
    }
  }

  @Test
  void retriesWhenTheConnectionIsRefused() throws Exception {
    URI closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/v1");
    }

    try (OpenAiEmbedder embedder = embedder(settings().withBaseUrl(closedPort).withMaxRetries(1))) {
      assertThatThrownBy(() -> embedder.embedQuery("hello"))
          .isInstanceOf(EmbeddingException.class)
          .hasMessageContaining(closedPort + "/embeddings")
          .hasMessageContaining("after 2 attempt(s)")
          .hasMessageContaining("ConnectException");
    }
  }

  @Test
  void neverPutsTheApiKeyInErrorMessages() {
    server.enqueue(
        401, "{\"error\":{\"message\":\"Incorrect API key provided: " + KEY + ".\"}}", Map.of());

    try (OpenAiEmbedder embedder = embedder(settings())) {
      assertThatThrownBy(() -> embedder.embedQuery("hello"))
          .isInstanceOf(EmbeddingException.class)
          .hasMessageContaining("HTTP 401: Incorrect API key provided: ***")
          .hasMessageNotContaining(KEY);
    }
  }

  @Test
  void toStringNamesModelAndEndpointButNotTheKey() {
    try (OpenAiEmbedder embedder = embedder(settings())) {
      assertThat(embedder.toString()).contains("fake-model").doesNotContain(KEY);
    }
  }

  @Test
  void reportsAMalformedResponseWithTheUrl() {
    server.enqueue(200, "{\"data\": []}", Map.of());

    try (OpenAiEmbedder embedder = embedder(settings())) {
      assertThatThrownBy(() -> embedder.embedQuery("hello"))
          .isInstanceOf(EmbeddingException.class)
          .hasMessageContaining(server.baseUrl() + "/embeddings is malformed")
          .hasMessageContaining("expected 1 embeddings in 'data', got 0");
    }
  }

  @Test
  void rejectsVectorsOfAnotherLengthThanTheStatedDimensions() {
    try (OpenAiEmbedder embedder = embedder(settings().withDimensions(OptionalInt.of(32)))) {
      assertThatThrownBy(() -> embedder.embedQuery("hello"))
          .isInstanceOf(EmbeddingException.class)
          .hasMessageContaining("64-dimensional vectors, expected 32");
    }
  }

  @Test
  void probesTheDimensionOfAnUnknownModelOnce() {
    try (OpenAiEmbedder embedder = embedder(settings())) {
      assertThat(embedder.dimension()).isEqualTo(64);
      assertThat(embedder.dimension()).isEqualTo(64);
    }

    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void knowsTheDimensionOfOpenAiModelsWithoutARequest() {
    OpenAiSettings settings =
        OpenAiSettings.of("text-embedding-3-small").withBaseUrl(server.baseUrl());
    try (OpenAiEmbedder embedder = embedder(settings.withApiKeyEnv(Optional.empty()))) {
      assertThat(embedder.dimension()).isEqualTo(1536);
    }

    assertThat(server.requests()).isEmpty();
  }

  @Test
  void normalizesVectorsTheServerDidNot() {
    server.enqueue(200, "{\"data\":[{\"index\":0,\"embedding\":[3.0,4.0]}]}", Map.of());

    try (OpenAiEmbedder embedder = embedder(settings())) {
      assertThat(embedder.embedQuery("hello")).containsExactly(0.6f, 0.8f);
    }
  }

  @Test
  void sendsEmptyTextAsASpace() {
    try (OpenAiEmbedder embedder = embedder(settings())) {
      embedder.embedDocuments(List.of(""));
    }

    assertThat(server.requests().getFirst().inputs()).containsExactly(" ");
  }

  private static String vectorsResponse(int count, int dimension) {
    StringBuilder json = new StringBuilder("{\"data\":[");
    for (int i = 0; i < count; i++) {
      json.append(i == 0 ? "" : ",").append("{\"index\":").append(i).append(",\"embedding\":[");
      for (int d = 0; d < dimension; d++) {
        json.append(d == 0 ? "1" : ",0");
      }
      json.append("]}");
    }
    return json.append("]}").toString();
  }
}
