package io.toolgate.mcp.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.testing.Leaks;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code toolgate mcp} over its real stdin and stdout (a child process), after {@code initialize}:
 * each bad line gets its JSON-RPC error (none for a blank line, a notification or a response), and
 * the next request is still answered; at the end of stdin the process exits. Before the front, one
 * bad line stopped the SDK's transport from reading for good.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StdioHostileLinesTest {
  private static final Duration WAIT = Duration.ofSeconds(30);
  private StdioChild server;
  private int probes;

  /** A bad line and the error code it must get (0: no answer at all). */
  record Line(String name, byte[] bytes, int code) {
    static Line of(String name, String text, int code) {
      return new Line(name, text.getBytes(StandardCharsets.UTF_8), code);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  static List<Line> lines() {
    String ping = "{\"jsonrpc\":\"2.0\",\"id\":%s,\"method\":\"ping\"}";
    return List.of(
        Line.of("a blank line", "", 0),
        Line.of("spaces", "   ", 0),
        Line.of("a carriage return", "\r", 0),
        Line.of("null", "null", -32600),
        Line.of("an unclosed object", "{", -32700),
        Line.of("an empty array", "[]", -32600),
        Line.of("a number", "123", -32600),
        Line.of("a string", "\"ping\"", -32600),
        Line.of("true", "true", -32600),
        Line.of("plain text", "hello there", -32700),
        Line.of("a batch", "[" + ping.formatted(1) + "]", -32600),
        new Line("NUL bytes", new byte[] {0, 0, 0}, -32700),
        new Line("invalid UTF-8", new byte[] {'{', (byte) 0xff, (byte) 0xfe, '}'}, -32700),
        Line.of("an empty object", "{}", -32600),
        Line.of("jsonrpc 1.0", "{\"jsonrpc\":\"1.0\",\"id\":2,\"method\":\"ping\"}", -32600),
        Line.of("a null id", ping.formatted("null"), -32600),
        Line.of("a fractional id", ping.formatted("1.5"), -32600),
        Line.of("an id beyond 64 bits", ping.formatted("123456789012345678901234567890"), -32600),
        Line.of("a method that is a number", "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":5}", -32600),
        Line.of(
            "an unknown method", "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"no/such\"}", -32601),
        Line.of("params an array", call(5, "[1]"), -32602),
        Line.of("tools/call without a name", call(6, "{}"), -32602),
        Line.of("a tool name that is a number", call(7, "{\"name\":5}"), -32602),
        Line.of("arguments a string", call(8, "{\"name\":\"echo\",\"arguments\":\"x\"}"), -32602),
        Line.of(
            "resources/read without a uri",
            "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"resources/read\",\"params\":{}}",
            -32602),
        Line.of(
            "initialize with capabilities of the wrong type",
            "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"initialize\",\"params\":{"
                + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"roots\":5}}}",
            -32602),
        Line.of("a response nobody awaits", "{\"jsonrpc\":\"2.0\",\"id\":11,\"result\":{}}", 0),
        Line.of("an error that is a number", "{\"jsonrpc\":\"2.0\",\"id\":12,\"error\":5}", -32600),
        Line.of("an unknown notification", "{\"jsonrpc\":\"2.0\",\"method\":\"x/y\"}", 0),
        Line.of("600 levels of nesting", "[".repeat(100_000), -32700),
        Line.of("a message and junk after it", ping.formatted(13) + " junk", -32700),
        Line.of("a cursor that is a number", list(14, "{\"cursor\":5}"), -32602),
        Line.of("a line over 1 MiB", "\"" + "x".repeat(1_100_000) + "\"", -32700));
  }

  private static String call(int id, String params) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\"tools/call\",\"params\":"
        + params
        + "}";
  }

  private static String list(int id, String params) {
    return "{\"jsonrpc\":\"2.0\",\"id\":"
        + id
        + ",\"method\":\"tools/list\",\"params\":"
        + params
        + "}";
  }

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    server = StdioChild.start(dir);
    assertThat(server.initialize().path("result").path("serverInfo").path("name").asString())
        .isEqualTo("toolgate");
  }

  @AfterAll
  void stop() {
    server.close();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("lines")
  void aBadLineIsAnsweredAndServingGoesOn(Line line) throws Exception {
    server.send(line.bytes());
    List<JsonNode> answers = answersUntilProbe();
    if (line.code() == 0) {
      assertThat(answers).as("answers to %s", line).isEmpty();
      return;
    }
    assertThat(answers).as("answers to %s", line).hasSize(1);
    JsonNode answer = answers.getFirst();
    assertThat(answer.path("jsonrpc").asString()).isEqualTo("2.0");
    assertThat(answer.has("id")).isTrue();
    assertThat(answer.path("error").path("code").asInt()).isEqualTo(line.code());
    assertThat(answer.path("error").path("message").asString()).isNotBlank();
    assertThat(Leaks.find(answer.toString())).isEmpty();
  }

  @Test
  void theErrorNamesTheFieldAndKeepsTheRequestId() throws Exception {
    server.send(call(21, "{\"name\":\"echo\",\"arguments\":[1]}"));
    JsonNode answer = answersUntilProbe().getFirst();
    assertThat(answer.path("id").asInt()).isEqualTo(21);
    assertThat(answer.path("error").path("message").asString())
        .isEqualTo("tools/call: params.arguments must be an object, got an array");
  }

  @Test
  void jsonRpcOtherThanTwoPointZeroIsRefused() throws Exception {
    server.send("{\"jsonrpc\":\"1.0\",\"id\":22,\"method\":\"tools/list\"}");
    JsonNode answer = answersUntilProbe().getFirst();
    assertThat(answer.path("id").asInt()).isEqualTo(22);
    assertThat(answer.path("error").path("message").asString())
        .contains("\"jsonrpc\" must be \"2.0\"");
  }

  /** Sends a ping and returns what came before its answer (which must come). */
  private List<JsonNode> answersUntilProbe() throws Exception {
    String probe = "probe-" + (++probes);
    server.send("{\"jsonrpc\":\"2.0\",\"id\":\"" + probe + "\",\"method\":\"ping\"}");
    List<JsonNode> before = new ArrayList<>();
    while (true) {
      JsonNode next = server.next(WAIT);
      if (next.path("id").asString("").equals(probe)) {
        assertThat(next.has("result")).as("the probe's answer: %s", next).isTrue();
        return before;
      }
      before.add(next);
    }
  }
}
