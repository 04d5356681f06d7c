package io.toolgate.mcp.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The stdio server exits at the end of stdin, bad lines before it or not. */
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
}
