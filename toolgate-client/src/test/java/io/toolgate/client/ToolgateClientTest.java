package io.toolgate.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.toolgate.client.testing.LoopbackGateway;
import io.toolgate.json.Json;
import io.toolgate.search.SearchRequest;
import io.toolgate.server.auth.KeysFile;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only the remote client does: keys, registration, retries, timeouts and its errors. */
class ToolgateClientTest {
  @TempDir Path dir;

  @Test
  void sendsTheApiKeyAndSaysHowToSetItWhenMissing() throws IOException {
    String key = KeysFile.generateKey();
    Path keys =
        Files.writeString(
            dir.resolve("keys.yaml"),
            """
            keys:
              - {id: agent, hash: "%s", scopes: [search, invoke]}
            """
                .formatted(KeysFile.hash(key)));
    try (LoopbackGateway gateway = LoopbackGateway.demo();
        var served = gateway.serve(dir.resolve("data"), s -> s.withKeysFile(keys));
        ToolgateClient keyed = ToolgateClient.builder(served.uri()).apiKey(key).build();
        ToolgateClient anonymous = ToolgateClient.builder(served.uri()).build()) {
      assertThat(keyed.search(SearchRequest.of("convert miles to kilometres")).tools())
          .isNotEmpty();

      assertThatThrownBy(() -> anonymous.search(SearchRequest.of("convert miles")))
          .isInstanceOfSatisfying(
              ToolgateClientException.class,
              e -> {
                assertThat(e.status()).contains(401);
                assertThat(e.code()).isEqualTo("unauthorized");
              })
          .hasMessageContaining("POST " + anonymous.baseUrl() + "v1/tools:search: 401 unauthorized")
          .hasMessageContaining(".apiKey(key)");
    }
  }

  @Test
  void registersCallsAndRemovesACommandTool() {
    try (LoopbackGateway gateway = LoopbackGateway.demo();
        var served = gateway.serve(dir.resolve("data"));
        ToolgateClient client = ToolgateClient.builder(served.uri()).build()) {
      var shout =
          Json.parse(
              """
              {"name": "shout_text", "description": "Upper-case a text, shouting it.",
               "parameters": {"type": "object", "properties": {"text": {"type": "string"}},
                              "required": ["text"]},
               "command": ["tr", "a-z", "A-Z"]}
              """);

      assertThat(client.register(shout).source()).startsWith("api");
      assertThat(client.search(SearchRequest.of("shout a text in upper case")).tools().getFirst())
          .satisfies(h -> assertThat(h.tool().name()).isEqualTo("shout_text"));
      assertThatThrownBy(() -> client.register(shout))
          .isInstanceOfSatisfying(
              ToolgateClientException.class, e -> assertThat(e.code()).isEqualTo("conflict"));
      assertThat(client.unregister("shout_text")).isTrue();
      assertThat(client.unregister("shout_text")).isFalse();
      assertThat(client.tool("shout_text")).isEmpty();
    }
  }

  @Test
  void retriesASearchAfter503ButNeverACall() throws IOException {
    AtomicInteger searches = new AtomicInteger();
    AtomicInteger calls = new AtomicInteger();
    HttpServer flaky =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    flaky.createContext(
        "/v1/tools:search",
        ex -> {
          boolean first = searches.incrementAndGet() == 1;
          reply(
              ex,
              first ? 503 : 200,
              first
                  ? "{\"error\":{\"code\":\"busy\",\"message\":\"x\"}}"
                  : "{\"query\":\"q\",\"keywords\":[],\"search_mode\":\"lexical_zscore\","
                      + "\"fallback\":false,\"tools\":[]}");
        });
    flaky.createContext(
        "/v1/tools/",
        ex -> {
          calls.incrementAndGet();
          reply(ex, 503, "{\"error\":{\"code\":\"unavailable\",\"message\":\"draining\"}}");
        });
    flaky.start();
    try (ToolgateClient client =
        ToolgateClient.builder("http://127.0.0.1:" + flaky.getAddress().getPort())
            .retryBackoff(Duration.ofMillis(1))
            .build()) {
      assertThat(client.search(SearchRequest.of("q")).tools()).isEmpty();
      assertThat(searches).hasValue(2);

      assertThatThrownBy(() -> client.invoke("echo", Json.object()))
          .isInstanceOf(ToolgateClientException.class)
          .hasMessageContaining("503 unavailable: draining");
      assertThat(calls).hasValue(1);
    } finally {
      flaky.stop(0);
    }
  }

  @Test
  void aServerThatIsNotThereIsUnreachableAfterRetries() throws IOException {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    try (ToolgateClient client =
        ToolgateClient.builder("http://127.0.0.1:" + port)
            .retryBackoff(Duration.ofMillis(1))
            .build()) {
      assertThatThrownBy(() -> client.invoke("echo", Json.object()))
          .isInstanceOfSatisfying(
              ToolgateClientException.class,
              e -> {
                assertThat(e.code()).isEqualTo("unreachable");
                assertThat(e.status()).isEmpty();
              })
          .hasMessageContaining("cannot reach the Toolgate server at http://127.0.0.1:" + port)
          .hasMessageContaining("tried 3 times")
          .hasMessageContaining("toolgate serve");
    }
  }

  @Test
  void aCallWithoutAnAnswerTimesOutNamingTheSetting() throws IOException {
    CountDownLatch release = new CountDownLatch(1);
    HttpServer silent =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    silent.createContext(
        "/",
        ex -> {
          try {
            release.await(10, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          ex.close();
        });
    silent.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
    silent.start();
    try (ToolgateClient client =
        ToolgateClient.builder("http://127.0.0.1:" + silent.getAddress().getPort())
            .invokeTimeout(Duration.ofMillis(300))
            .build()) {
      assertThatThrownBy(() -> client.invoke("echo", Json.object()))
          .isInstanceOfSatisfying(
              ToolgateClientException.class, e -> assertThat(e.code()).isEqualTo("timeout"))
          .hasMessageContaining("no answer within 300 ms")
          .hasMessageContaining("invokeTimeout");
    } finally {
      release.countDown();
      silent.stop(0);
    }
  }

  @Test
  void aUrlThatIsNotHttpIsRefusedWithAnExample() {
    assertThatThrownBy(() -> ToolgateClient.builder("127.0.0.1:8080"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("http://127.0.0.1:8080")
        .hasMessageContaining("'127.0.0.1:8080'");
  }

  @Test
  void aBaseUrlEndingInV1MeansTheServerRoot() {
    try (ToolgateClient client = ToolgateClient.builder("http://127.0.0.1:8080/v1").build()) {
      assertThat(client.baseUrl()).hasToString("http://127.0.0.1:8080/");
    }
  }

  private static void reply(com.sun.net.httpserver.HttpExchange ex, int status, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(status, bytes.length);
    ex.getResponseBody().write(bytes);
    ex.close();
  }
}
