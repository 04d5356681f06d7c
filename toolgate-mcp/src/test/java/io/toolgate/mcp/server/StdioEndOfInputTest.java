package io.toolgate.mcp.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The stdio server exits at the end of stdin, bad lines before it or not, and answers first every
 * request it read.
 */
class StdioEndOfInputTest {
  @TempDir Path dir;

  @Test
  void afterBadLinesAToolCallStillWorksAndTheProcessExitsAtEndOfInput() throws Exception {
    try (StdioChild server = StdioChild.start(dir)) {
      server.initialize();
      server.send("");
      server.send("{");
      server.send(new byte[] {(byte) 0xc0, (byte) 0xff});
      assertThat(server.next(Duration.ofSeconds(30)).path("error").path("code").asInt())
          .isEqualTo(-32700);
      assertThat(server.next(Duration.ofSeconds(30)).path("error").path("code").asInt())
          .isEqualTo(-32700);
      server.send(
          "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
              + "\"arguments\":{\"text\":\"still here\"}}}");
      JsonNode called = server.next(Duration.ofSeconds(30));
      assertThat(called.path("id").asInt()).isEqualTo(7);
      assertThat(called.path("result").path("structuredContent").path("text").asString())
          .isEqualTo("still here");

      server.closeStdin();

      assertThat(server.exited(Duration.ofSeconds(20)))
          .as("exited at the end of stdin; log:\n%s", server.log())
          .isTrue();
    }
  }

  @Test
  void requestsWrittenJustBeforeStdinClosesAreAllAnsweredBeforeTheExit() throws Exception {
    try (StdioChild server = StdioChild.start(dir)) {
      // as `printf '…' | toolgate mcp` does: everything at once, then the end of stdin
      server.send(
          "{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{"
              + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
              + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}");
      server.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
      server.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}");
      for (int id = 2; id <= 4; id++) {
        server.send(
            "{\"jsonrpc\":\"2.0\",\"id\":"
                + id
                + ",\"method\":\"tools/call\",\"params\":{\"name\":\"slow_echo\","
                + "\"arguments\":{\"text\":\"call "
                + id
                + "\",\"ms\":1500}}}");
      }
      server.closeStdin();

      Map<String, JsonNode> answers = new HashMap<>();
      for (int i = 0; i < 5; i++) {
        JsonNode answer = server.next(Duration.ofSeconds(60));
        answers.put(answer.path("id").asString(), answer);
      }
      assertThat(answers).containsOnlyKeys("init", "1", "2", "3", "4");
      assertThat(answers.get("1").path("result").path("tools").size()).isPositive();
      for (int id = 2; id <= 4; id++) {
        assertThat(
                answers
                    .get(String.valueOf(id))
                    .path("result")
                    .path("structuredContent")
                    .path("text")
                    .asString())
            .isEqualTo("call " + id);
      }
      assertThat(server.exited(Duration.ofSeconds(20)))
          .as("exited after the answers; log:\n%s", server.log())
          .isTrue();
    }
  }
}
