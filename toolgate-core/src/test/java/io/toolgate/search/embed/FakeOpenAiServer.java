package io.toolgate.search.embed;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.toolgate.search.FakeEmbedder;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * An OpenAI-style {@code POST /v1/embeddings} server on a loopback port, for tests.
 *
 * <p>It embeds each input with a {@link FakeEmbedder} and answers with the {@code data} entries in
 * reverse order, so that clients must sort by {@code index}. Responses queued with {@link #enqueue}
 * are sent first, one per request, to script failures and delays. Every request is recorded.
 */
final class FakeOpenAiServer implements AutoCloseable {
  private static final JsonMapper JSON = JsonMapper.shared();

  /** A request as the server saw it. */
  record Request(String authorization, JsonNode body) {
    List<String> inputs() {
      return body.path("input").valueStream().map(JsonNode::asString).toList();
    }
  }

  private record Scripted(int status, String body, Map<String, String> headers, Duration delay) {}

  private final FakeEmbedder embedder = new FakeEmbedder();
  private final Queue<Scripted> script = new ConcurrentLinkedQueue<>();
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private final ExecutorService executor =
      Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("fake-openai-", 0).factory());
  private final HttpServer server;

  private FakeOpenAiServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(executor);
    server.createContext("/v1/embeddings", this::handle);
    server.start();
  }

  static FakeOpenAiServer start() {
    try {
      return new FakeOpenAiServer();
    } catch (IOException e) {
      throw new IllegalStateException("cannot start fake OpenAI server", e);
    }
  }

  /** The {@code base_url} clients should use: {@code http://127.0.0.1:PORT/v1}. */
  URI baseUrl() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
  }

  /** The embedder behind the server, to compute expected vectors. */
  FakeEmbedder embedder() {
    return embedder;
  }

  /** Answers the next request with {@code status} and {@code body} (JSON) and {@code headers}. */
  void enqueue(int status, String body, Map<String, String> headers) {
    script.add(new Scripted(status, body, headers, Duration.ZERO));
  }

  /** Answers the next request normally, but only after {@code delay}. */
  void enqueueDelay(Duration delay) {
    script.add(new Scripted(200, null, Map.of(), delay));
  }

  List<Request> requests() {
    return List.copyOf(requests);
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow(); // wakes handlers still sleeping out a scripted delay
    executor.close();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      JsonNode body = JSON.readTree(exchange.getRequestBody());
      requests.add(new Request(exchange.getRequestHeaders().getFirst("Authorization"), body));
      Scripted scripted = script.poll();
      if (scripted != null && !scripted.delay().isZero()) {
        sleep(scripted.delay());
      }
      if (scripted != null && scripted.body() != null) {
        scripted.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
        respond(exchange, scripted.status(), scripted.body());
      } else {
        respond(exchange, 200, JSON.writeValueAsString(embeddings(body)));
      }
    } catch (IOException clientWentAway) {
      // A client that timed out has closed the connection; nothing to answer.
    }
  }

  private ObjectNode embeddings(JsonNode request) {
    List<String> inputs = request.path("input").valueStream().map(JsonNode::asString).toList();
    float[][] vectors = embedder.embedDocuments(inputs);
    ObjectNode response = JSON.createObjectNode();
    response.put("object", "list");
    ArrayNode data = response.putArray("data");
    for (int i = vectors.length - 1; i >= 0; i--) {
      ObjectNode item = data.addObject();
      item.put("object", "embedding");
      item.put("index", i);
      ArrayNode embedding = item.putArray("embedding");
      for (float v : vectors[i]) {
        embedding.add(v);
      }
    }
    response.put("model", request.path("model").asString());
    return response;
  }

  private static void respond(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static void sleep(Duration delay) {
    try {
      Thread.sleep(delay);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
