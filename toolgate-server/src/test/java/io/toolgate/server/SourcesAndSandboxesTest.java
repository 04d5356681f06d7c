package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.json.Json;
import io.toolgate.mcp.client.McpFederation;
import io.toolgate.sandbox.Sandboxes;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Source states from the MCP federation and build states from the sandboxes. */
class SourcesAndSandboxesTest {
  @TempDir Path data;

  @Test
  void anUpstreamMcpServerThatCannotStartIsListedAsDownWithItsError() throws Exception {
    ServerSettings settings = TestServer.settings(data);
    McpFederation[] federation = new McpFederation[1];
    try (TestServer t =
        TestServer.start(
            settings,
            b -> {
              federation[0] =
                  McpFederation.fromConfig(
                      b.gate().registry(),
                      Json.yaml()
                          .readTree(
                              "[{name: broken, command: [/nonexistent/toolgate-test-server]}]"));
              return b.federation(federation[0]);
            })) {
      federation[0].awaitFirstAttempts(Duration.ofMinutes(2));
      JsonNode sources = t.get("/v1/sources").json().path("sources");
      JsonNode broken = null;
      for (JsonNode s : sources) {
        if (s.path("source").asString().equals("mcp:broken")) {
          broken = s;
        }
      }
      assertThat(broken).as(sources.toString()).isNotNull();
      assertThat(broken.path("state").asString()).isIn("down", "connecting");
      assertThat(broken.path("tools").asInt()).isZero();
      assertThat(broken.path("transport").asString()).isEqualTo("stdio");
    } finally {
      if (federation[0] != null) {
        federation[0].close();
      }
    }
  }

  @Test
  void sandboxesReportTheirBuildState() {
    try (TestServer t =
        TestServer.start(
            TestServer.settings(data),
            b -> b.sandboxes(Sandboxes.builder(b.gate().registry(), data).build()))) {
      JsonNode sandbox = t.get("/v1/sandboxes").json().path("sandboxes").get(0);
      assertThat(sandbox.path("name").asString()).isEqualTo("default");
      assertThat(sandbox.path("runtime").asString()).isEqualTo("process");
      assertThat(sandbox.path("checksum").asString()).isNotEmpty();
      assertThat(sandbox.has("up_to_date")).isTrue();
      assertThat(sandbox.path("tools").size()).isEqualTo(5);
    }
  }

  @Test
  void registeringAToolForAnUnknownSandboxIsRefused() {
    try (TestServer t =
        TestServer.start(
            TestServer.settings(data),
            b -> b.sandboxes(Sandboxes.builder(b.gate().registry(), data).build()))) {
      TestServer.Response r =
          t.post(
              "/v1/tools",
              "{\"name\":\"x\",\"parameters\":{\"type\":\"object\"},\"command\":[\"cat\"],"
                  + "\"sandbox\":\"nowhere\"}");
      assertThat(r.status()).isEqualTo(400);
      assertThat(r.errorCode()).isEqualTo("invalid_tool");
      assertThat(r.errorMessage()).contains("nowhere").contains("/sandbox");
    }
  }
}
