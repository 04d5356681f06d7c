package io.toolgate.invoke;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.InvalidToolException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.catalog.java.JavaToolScanner;
import io.toolgate.catalog.java.Tool;
import io.toolgate.invoke.command.CommandRuntime;
import io.toolgate.invoke.command.CommandToolExecutor;
import io.toolgate.invoke.http.HttpToolExecutor;
import io.toolgate.invoke.spi.ToolContext;
import io.toolgate.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jarvis's {@code context}: the invoke request's context object reaches the tool, whatever kind it
 * is, and never comes from the model's arguments.
 */
class ToolContextTest {
  private static final CallOptions FOR_U7 =
      CallOptions.DEFAULT
          .withContext(Map.of("user_id", "u-7", "tenant", Map.of("id", 3)))
          .withTrace(Map.of("flow_id", "f-1"));

  @TempDir Path dir;
  private final ToolRegistry registry = new ToolRegistry();
  private final ToolInvoker invoker = ToolInvoker.builder(registry).build();

  /** A {@code @Tool} method that reads the caller's context. */
  public static final class Tickets {
    @Tool(description = "Lists the caller's open tickets.")
    public Map<String, Object> tickets_open(String status, ToolContext context) {
      return Map.of(
          "user", context.string("user_id").orElse("nobody"),
          "tenant", context.get("tenant").orElse("none"),
          "flow", context.trace().getOrDefault("flow_id", ""),
          "status", status);
    }
  }

  @Test
  void aJavaToolMethodReceivesTheContextWhichIsNotAParameter() {
    registry.registerAll(JavaToolScanner.scan(new Tickets()));
    ToolDefinition def = registry.get("tickets_open").orElseThrow().definition();

    ToolResult r = invoker.invoke("tickets_open", Json.parse("{\"status\": \"open\"}"), FOR_U7);

    assertThat(def.parameters().path("properties").propertyNames()).containsExactly("status");
    assertThat(r.ok()).isTrue();
    assertThat(r.result().orElseThrow().toString())
        .contains("\"user\":\"u-7\"", "\"tenant\":{\"id\":3}", "\"flow\":\"f-1\"");
  }

  @Test
  void aJavaToolCalledWithoutContextGetsAnEmptyOne() {
    registry.registerAll(JavaToolScanner.scan(new Tickets()));

    ToolResult r = invoker.invoke("tickets_open", Json.parse("{\"status\": \"open\"}"));

    assertThat(r.result().orElseThrow().path("user").asString()).isEqualTo("nobody");
  }

  @Test
  void anHttpToolMapsContextFieldsIntoHeadersAndNeverFromArguments() throws IOException {
    List<Map<String, List<String>>> seen = new CopyOnWriteArrayList<>();
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext(
        "/",
        ex -> {
          seen.add(Map.copyOf(ex.getRequestHeaders()));
          byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
          ex.sendResponseHeaders(200, body.length);
          try (OutputStream out = ex.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    HttpClient client = HttpToolExecutor.newClient();
    try {
      ToolDefinition def =
          ToolDefinition.builder(
                  "tickets_http",
                  Json.parse("{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}"))
              .implementation(
                  new Implementation.Http(
                      "GET",
                      "http://127.0.0.1:" + server.getAddress().getPort() + "/tickets",
                      Map.of("X-User-Id", "{context.user_id}", "X-Tenant", "{context.tenant}"),
                      Map.of(),
                      Optional.empty()))
              .build();
      registry.register(
          new RegisteredTool(
              def,
              new HttpToolExecutor(def, client, name -> null, Duration.ofSeconds(10), 1 << 20)));

      assertThat(invoker.invoke("tickets_http", Json.parse("{}"), FOR_U7).ok()).isTrue();
      // An argument named like a context field does not fill the header.
      assertThat(invoker.invoke("tickets_http", Json.parse("{\"context.user_id\": \"evil\"}")).ok())
          .isTrue();

      assertThat(seen.get(0).get("X-user-id")).containsExactly("u-7");
      assertThat(seen.get(0).get("X-tenant")).containsExactly("{\"id\":3}");
      assertThat(seen.get(1)).doesNotContainKeys("X-user-id", "X-tenant");
    } finally {
      server.stop(0);
      client.shutdownNow();
    }
  }

  @Test
  void contextFieldsMayNotFillTheUrl() {
    ToolDefinition def =
        ToolDefinition.builder("bad", Json.parse("{\"type\":\"object\",\"properties\":{}}"))
            .implementation(
                new Implementation.Http(
                    "GET",
                    "http://127.0.0.1:9/u/{context.user_id}",
                    Map.of(),
                    Map.of(),
                    Optional.empty()))
            .build();

    assertThatThrownBy(
            () ->
                new HttpToolExecutor(
                    def, HttpClient.newHttpClient(), n -> null, Duration.ofSeconds(1), 1024))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("context fields may only fill headers");
  }

  @Test
  void aCommandToolGetsTheContextBesideItsArgumentsInToolgateContext() {
    ToolDefinition def =
        ToolDefinition.builder("ctx_echo", Json.parse("{\"type\":\"object\",\"properties\":{}}"))
            .implementation(
                new Implementation.Command(
                    List.of("sh", "-c", "printf '%s' \"${TOOLGATE_CONTEXT:-none}\"")))
            .build();
    registry.register(
        new RegisteredTool(
            def,
            new CommandToolExecutor(
                def,
                CommandRuntime.inDirectory(dir),
                System::getenv,
                Duration.ofSeconds(30),
                1 << 20)));

    ToolResult with = invoker.invoke("ctx_echo", Json.parse("{}"), FOR_U7);
    ToolResult without = invoker.invoke("ctx_echo", Json.parse("{}"));

    assertThat(with.result().orElseThrow().path("user_id").asString()).isEqualTo("u-7");
    assertThat(with.result().orElseThrow().path("tenant").path("id").asInt()).isEqualTo(3);
    assertThat(without.result().orElseThrow().path("text").asString()).isEqualTo("none");
    assertThat(CommandToolExecutor.CONTEXT_ENV).isEqualTo("TOOLGATE_CONTEXT");
  }
}
