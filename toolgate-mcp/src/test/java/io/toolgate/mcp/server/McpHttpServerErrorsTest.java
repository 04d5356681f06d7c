package io.toolgate.mcp.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.json.Json;
import io.toolgate.mcp.TestGates;
import io.toolgate.testing.Leaks;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code toolgate mcp --http}: its own Jetty answers every error, its protocol-level refusals
 * included, with a JSON-RPC error object, never an HTML page or a serialized exception.
 */
class McpHttpServerErrorsTest {
  static Toolgate gate;
  static ToolgateMcpServer mcp;
  static McpHttpServer http;

  @BeforeAll
  static void start() {
    ToolRegistry registry = new ToolRegistry();
    registry.register(TestGates.echo("echo", "Echo the given text back unchanged."));
    gate = TestGates.gate(registry);
    mcp = ToolgateMcpServer.builder(gate).build();
    http = mcp.startHttp("127.0.0.1", 0);
  }

  @AfterAll
  static void stop() {
    mcp.close();
    gate.close();
  }

  /** Status line and JSON body of a raw request sent with Connection: close. */
  private static String[] send(String request) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", http.port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
      String text = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int split = text.indexOf("\r\n\r\n");
      return new String[] {text.substring(0, text.indexOf("\r\n")), text.substring(split + 4)};
    }
  }

  private static String post(String body, String contentType) {
    return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json, text/event-stream\r\n"
        + (contentType == null ? "" : "Content-Type: " + contentType + "\r\n")
        + "Content-Length: "
        + body.getBytes(StandardCharsets.UTF_8).length
        + "\r\nConnection: close\r\n\r\n"
        + body;
  }

  private static JsonNode jsonRpcError(String body, int code) {
    assertThat(Leaks.find(body)).isEmpty();
    JsonNode json = Json.parse(body);
    assertThat(json.path("jsonrpc").asString()).isEqualTo("2.0");
    assertThat(json.has("id")).isTrue();
    assertThat(json.path("error").path("code").asInt()).isEqualTo(code);
    return json.path("error");
  }

  @Test
  void aNullBodyIsAnInvalidRequestNotA500() throws IOException {
    String[] r = send(post("null", "application/json"));
    assertThat(r[0]).contains(" 400 ");
    jsonRpcError(r[1], -32600);
  }

  @Test
  void anIllegalCharsetIs415() throws IOException {
    String[] r = send(post("{}", "application/json; charset=\"\u00ff\""));
    assertThat(r[0]).contains(" 415 ");
    jsonRpcError(r[1], -32600);
  }

  @Test
  void anHttp09RequestGetsAJsonRpcErrorNotAnHtmlPage() throws IOException {
    String[] r = send("GET /mcp\r\n\r\n");
    assertThat(r[0]).contains(" 505 ");
    JsonNode error = jsonRpcError(r[1], -32600);
    assertThat(error.path("data").path("code").asString()).isEqualTo("unsupported_http_version");
  }

  @Test
  void anUnmappedPathGetsAJsonRpcError() throws IOException {
    String[] r = send("GET /other HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    assertThat(r[0]).contains(" 404 ");
    jsonRpcError(r[1], -32600);
  }

  @Test
  void anotherMethodIs405() throws IOException {
    String[] r = send("PATCH /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    assertThat(r[0]).contains(" 405 ");
    jsonRpcError(r[1], -32600);
  }
}
