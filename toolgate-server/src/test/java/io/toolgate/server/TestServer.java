package io.toolgate.server;

import io.toolgate.Toolgate;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.ExecutorFactory;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.invoke.spi.ToolExecutionException;
import io.toolgate.json.Json;
import io.toolgate.search.HybridToolSearch;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;

/** A real server on 127.0.0.1 and a port of its choosing, over a small catalog, with a client. */
final class TestServer implements AutoCloseable {
  final ToolRegistry registry;
  final Toolgate gate;
  final ServerHooks hooks;
  final ToolgateServer server;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();

  private TestServer(
      ServerSettings settings, UnaryOperator<ToolgateServer.Builder> customize, boolean start) {
    registry = catalog();
    hooks = ServerHooks.open(settings);
    HybridToolSearch search = HybridToolSearch.builder().build();
    search.follow(registry);
    ToolInvoker invoker =
        ToolInvoker.builder(registry)
            .observer(hooks.callObserver())
            .maxArgumentBytes(settings.limits().maxArgumentBytes())
            .build();
    gate = Toolgate.builder().registry(registry).search(search).invoker(invoker).build();
    ToolgateServer.Builder builder =
        ToolgateServer.builder(gate, settings)
            .hooks(hooks)
            .executors(ExecutorFactory.builder().build()::executorFor);
    server = customize.apply(builder).build();
    if (start) {
      server.start();
    }
  }

  /** Loopback, port 0, open, data in {@code dataDir}. */
  static ServerSettings settings(Path dataDir) {
    return ServerSettings.defaults().withPort(0).withDataDir(dataDir);
  }

  static TestServer start(ServerSettings settings) {
    return new TestServer(settings, b -> b, true);
  }

  static TestServer start(
      ServerSettings settings, UnaryOperator<ToolgateServer.Builder> customize) {
    return new TestServer(settings, customize, true);
  }

  /** Builds without starting, to test start-up checks. */
  static TestServer unstarted(ServerSettings settings) {
    return new TestServer(settings, b -> b, false);
  }

  static ToolRegistry catalog() {
    ToolRegistry registry = new ToolRegistry();
    registry.register(
        tool(
            "echo",
            "Echo the given text back unchanged.",
            "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\","
                + "\"description\":\"Text to echo\"}},\"required\":[\"text\"]}",
            List.of("util"),
            "builtin",
            call -> Json.object().put("text", call.arguments().get("text").asString())));
    registry.register(
        tool(
            "weather_current",
            "Current weather conditions for a city: temperature, wind and rain.",
            "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\","
                + "\"description\":\"City name, e.g. Lisbon\"}},\"required\":[\"city\"]}",
            List.of("weather"),
            "file:weather.yaml",
            call ->
                Json.object()
                    .put("city", call.arguments().get("city").asString())
                    .put("temp_c", 21)));
    registry.register(
        tool(
            "send_email",
            "Send an email message to a recipient with a subject and body.",
            "{\"type\":\"object\",\"properties\":{\"to\":{\"type\":\"string\"},"
                + "\"subject\":{\"type\":\"string\"},\"body\":{\"type\":\"string\"}},"
                + "\"required\":[\"to\",\"subject\"]}",
            List.of("email"),
            "file:email.yaml",
            call -> Json.object().put("sent", true)));
    registry.register(
        tool(
            "big_result",
            "Return a string of the requested size, for testing result limits.",
            "{\"type\":\"object\",\"properties\":{\"size\":{\"type\":\"integer\"}},"
                + "\"required\":[\"size\"]}",
            List.of("util"),
            "builtin",
            call -> Json.object().put("data", "x".repeat(call.arguments().get("size").asInt()))));
    registry.register(
        tool(
            "explode",
            "Always fails with an execution error.",
            "{\"type\":\"object\",\"properties\":{}}",
            List.of("util"),
            "builtin",
            call -> {
              throw new ToolExecutionException(io.toolgate.ErrorCode.EXECUTION_FAILED, "boom");
            }));
    return registry;
  }

  private static RegisteredTool tool(
      String name,
      String description,
      String schema,
      List<String> tags,
      String source,
      io.toolgate.invoke.spi.ToolExecutor executor) {
    ToolDefinition def =
        ToolDefinition.builder(name, Json.parse(schema))
            .description(description)
            .tags(tags)
            .source(source)
            .build();
    return new RegisteredTool(def, executor);
  }

  URI uri(String path) {
    return server.uri().resolve(path);
  }

  Response get(String path, String... headers) {
    return send("GET", path, null, null, headers);
  }

  Response post(String path, String json, String... headers) {
    return send("POST", path, json, "application/json", headers);
  }

  Response put(String path, String json, String... headers) {
    return send("PUT", path, json, "application/json", headers);
  }

  Response delete(String path, String... headers) {
    return send("DELETE", path, null, null, headers);
  }

  /** Any request; {@code headers} alternate names and values. */
  Response send(String method, String path, String body, String contentType, String... headers) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri(path))
            .timeout(Duration.ofSeconds(120))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (contentType != null) {
      b.header("Content-Type", contentType);
    }
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    try {
      HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
      return new Response(r.statusCode(), r.headers().map(), r.body());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A raw HTTP/1.1 request over a socket, for headers the JDK client will not send (Host). */
  Response raw(String request) {
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(30_000);
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.UTF_8));
      out.flush();
      InputStream in = socket.getInputStream();
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      int headEnd = text.indexOf("\r\n\r\n");
      String head = text.substring(0, headEnd);
      int status = Integer.parseInt(head.split(" ")[1]);
      Map<String, List<String>> map = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      for (String line : head.split("\r\n")) {
        int colon = line.indexOf(':');
        if (colon > 0) {
          map.computeIfAbsent(line.substring(0, colon).strip(), k -> new java.util.ArrayList<>())
              .add(line.substring(colon + 1).strip());
        }
      }
      return new Response(status, map, text.substring(headEnd + 4));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    server.close();
    gate.close();
  }

  /** A response: status, headers, body. */
  record Response(int status, Map<String, List<String>> headers, String body) {
    JsonNode json() {
      return Json.parse(body);
    }

    String header(String name) {
      for (Map.Entry<String, List<String>> e : headers.entrySet()) {
        if (e.getKey().equalsIgnoreCase(name)) {
          return e.getValue().getFirst();
        }
      }
      return null;
    }

    String errorCode() {
      return json().path("error").path("code").asString();
    }

    /**
     * The reason of an {@code /mcp} refusal, a JSON-RPC error: {@code error.data.code} ({@code
     * host_not_allowed}, …), after checking the JSON-RPC shape.
     */
    String mcpRefusal() {
      JsonNode body = json();
      if (!body.path("jsonrpc").asString("").equals("2.0")
          || !body.path("error").path("code").isIntegralNumber()) {
        throw new AssertionError("not a JSON-RPC error: " + this.body);
      }
      return body.path("error").path("data").path("code").asString();
    }

    String errorMessage() {
      return json().path("error").path("message").asString();
    }

    @Override
    public String toString() {
      return status + " " + body;
    }
  }
}
