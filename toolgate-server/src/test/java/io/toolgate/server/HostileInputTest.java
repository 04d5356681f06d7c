package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.json.Json;
import io.toolgate.mcp.server.ToolgateMcpServer;
import io.toolgate.testing.Leaks;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The cases a fuzz run against {@code serve} found, each pinned: every one is answered with the
 * documented JSON error (REST: {@code {"error": {code, message}}}; {@code /mcp}: a JSON-RPC error
 * object), never a serialized exception, an HTML page or a 5xx, over real sockets.
 */
class HostileInputTest {
  @TempDir static Path data;
  static TestServer t;

  @BeforeAll
  static void start() {
    t =
        TestServer.start(
            TestServer.settings(data),
            b -> b.mcp(ToolgateMcpServer.builder(b.gate()).build().httpServlet()));
  }

  @AfterAll
  static void stop() {
    t.close();
  }

  private RawHttp.Reply raw(String request) throws IOException {
    try (RawHttp http = new RawHttp(t.server.port(), 10_000)) {
      return http.exchange(request.getBytes(StandardCharsets.ISO_8859_1), false);
    }
  }

  private String host() {
    return "Host: 127.0.0.1:" + t.server.port() + "\r\n";
  }

  private static JsonNode restError(RawHttp.Reply r, int status, String code) {
    assertThat(r.status()).as(r.text()).isEqualTo(status);
    assertThat(r.header("content-type")).startsWith("application/json");
    assertThat(Leaks.find(r.text())).isEmpty();
    JsonNode error = Json.parse(r.text()).path("error");
    assertThat(error.path("code").asString()).isEqualTo(code);
    return error;
  }

  private static JsonNode rpcError(TestServer.Response r, int status, int code) {
    assertThat(r.status()).as(r.body()).isEqualTo(status);
    assertThat(r.header("Content-Type")).startsWith("application/json");
    assertThat(Leaks.find(r.body())).isEmpty();
    JsonNode body = r.json();
    assertThat(body.path("jsonrpc").asString()).isEqualTo("2.0");
    assertThat(body.has("id")).isTrue();
    assertThat(body.path("error").path("code").asInt()).isEqualTo(code);
    return body.path("error");
  }

  private static TestServer.Response mcp(String body, String contentType, String... headers) {
    String[] all = new String[headers.length + 2];
    all[0] = "Accept";
    all[1] = "application/json, text/event-stream";
    System.arraycopy(headers, 0, all, 2, headers.length);
    return t.send("POST", "/mcp", body, contentType, all);
  }

  @ParameterizedTest
  @ValueSource(strings = {"null", "[]", "\"initialize\"", "123", "true"})
  void anMcpBodyThatIsJsonButNoObjectIsAnInvalidRequest(String body) {
    JsonNode error = rpcError(mcp(body, "application/json"), 400, -32600);
    assertThat(error.path("message").asString()).contains("JSON object").doesNotContain("map");
  }

  @Test
  void anMcpBodyThatIsNotJsonIsAParseError() {
    JsonNode error = rpcError(mcp("{\"jsonrpc\": ", "application/json"), 400, -32700);
    assertThat(error.path("message").asString()).contains("not valid JSON").contains("line 1");
  }

  @Test
  void anMcpBodyWithoutContentTypeIs415InTheJsonRpcShape() {
    JsonNode error = rpcError(mcp("{}", null), 415, -32600);
    assertThat(error.path("message").asString()).contains("application/json");
  }

  @Test
  void anMcpBodyOfAnotherContentTypeIs415() {
    rpcError(mcp("{}", "text/plain"), 415, -32600);
  }

  @Test
  void jsonRpcOtherThanTwoPointZeroIsRefusedOverHttp() {
    rpcError(
        mcp("{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"ping\"}", "application/json"), 400, -32600);
  }

  @Test
  void anUnknownSessionIs404WithTheJsonRpcShape() {
    JsonNode error =
        rpcError(
            mcp(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", "application/json",
                "Mcp-Session-Id", "no-such-session"),
            404,
            -32600);
    assertThat(error.path("message").asString()).contains("no-such-session").contains("initialize");
  }

  @Test
  void badInitializeParamsAreAnInvalidParamsAnswerNamingTheField() {
    TestServer.Response r =
        mcp(
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                + "\"2025-06-18\",\"capabilities\":{\"roots\":5},\"clientInfo\":{\"name\":\"x\","
                + "\"version\":\"1\"}}}",
            "application/json");
    JsonNode error = rpcError(r, 200, -32602);
    assertThat(r.json().path("id").asInt()).isEqualTo(5);
    assertThat(error.path("message").asString()).contains("params.capabilities.roots");
  }

  @Test
  void anotherMethodOnTheMcpEndpointIs405() {
    rpcError(t.send("PUT", "/mcp", "{}", "application/json"), 405, -32600);
  }

  @ParameterizedTest
  @ValueSource(strings = {"/v1/tools", "/v1/tools:search", "/v1/tool_invoke"})
  void anIllegalCharsetIs415NotA500(String path) throws IOException {
    String body = "{\"query\":\"mail\"}";
    RawHttp.Reply r =
        raw(
            "POST "
                + path
                + " HTTP/1.1\r\n"
                + host()
                + "Content-Type: application/json; charset=\"\u00ff\"\r\nContent-Length: "
                + body.length()
                + "\r\nConnection: close\r\n\r\n"
                + body);
    JsonNode error = restError(r, 415, "unsupported_media_type");
    assertThat(error.path("message").asString()).contains("UTF-8");
  }

  @Test
  void aLimitBeyond64BitsIs400NamingTheFieldAndRange() {
    TestServer.Response r =
        t.post(
            "/v1/tools:search", "{\"query\": \"mail\", \"limit\": 123456789012345678901234567890}");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.errorCode()).isEqualTo("invalid_request");
    assertThat(r.errorMessage()).contains("limit").contains("from 1 to 20");
  }

  @Test
  void aPageLimitBeyond64BitsIs400() {
    TestServer.Response r = t.get("/v1/tools?limit=99999999999999999999");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.errorMessage()).contains("limit").contains("from 1 to 1000");
  }

  @ParameterizedTest
  @ValueSource(strings = {"null", "[]", "\"text\"", "7"})
  void aRestBodyThatIsJsonButNoObjectIs400(String body) {
    for (String path : new String[] {"/v1/tools:search", "/v1/tool_invoke", "/v1/tools"}) {
      TestServer.Response r = t.post(path, body);
      assertThat(r.status()).as(path + " " + r.body()).isEqualTo(400);
      assertThat(r.errorMessage()).contains("must be a JSON object");
    }
  }

  @Test
  void aNullContextValueIs400NotA500() {
    TestServer.Response r =
        t.post(
            "/v1/tool_invoke",
            "{\"tool_id\":\"echo\",\"arguments\":{\"text\":\"hi\"},"
                + "\"context\":{\"tenant\":null}}");
    assertThat(r.status()).as(r.body()).isEqualTo(400);
    assertThat(r.errorMessage()).contains("context.tenant");
  }

  @Test
  void anHttp09RequestGetsAJsonErrorNotAnHtmlPage() throws IOException {
    JsonNode error = restError(raw("GET /v1/tools\r\n\r\n"), 505, "unsupported_http_version");
    assertThat(error.path("message").asString()).contains("HTTP/1.1");
  }

  @Test
  void anAbsoluteFormRequestForAnotherHostGetsAJsonError() throws IOException {
    RawHttp.Reply r =
        raw(
            "GET http://other.example/v1/tools HTTP/1.1\r\n"
                + host()
                + "Connection: close\r\n\r\n");
    JsonNode error = restError(r, 400, "invalid_request");
    assertThat(error.path("message").asString()).contains("Host");
  }

  @Test
  void aMalformedRequestLineGetsAJsonError() throws IOException {
    restError(raw("GET /v1/tools HTTP/9.9\r\n" + host() + "\r\n"), 505, "unsupported_http_version");
    restError(
        raw("GET /v1/tools HTTP/1.1\r\n" + host() + "Bad header\r\n\r\n"), 400, "invalid_request");
  }

  @Test
  void aBrokenChunkedBodyIs400WithoutJettyText() throws IOException {
    RawHttp.Reply r =
        raw(
            "POST /v1/tools:search HTTP/1.1\r\n"
                + host()
                + "Content-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n");
    assertThat(r.status()).isEqualTo(400);
    assertThat(Leaks.find(r.text())).isEmpty();
  }

  @Test
  void anUpgradeRequestIsAnsweredAndTheConnectionClosedAtOnce() throws IOException {
    try (Socket socket = new Socket("127.0.0.1", t.server.port())) {
      socket.setSoTimeout(5_000);
      socket
          .getOutputStream()
          .write(
              ("GET /healthz HTTP/1.1\r\n"
                      + host()
                      + "Connection: Upgrade\r\nUpgrade: websocket\r\n\r\n")
                  .getBytes(StandardCharsets.US_ASCII));
      long start = System.nanoTime();
      String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertThat(answer).startsWith("HTTP/1.1 200").contains("Connection: close");
      assertThat(millis)
          .as("closed after the answer, not after the idle timeout")
          .isLessThan(4_000);
    }
  }
}
