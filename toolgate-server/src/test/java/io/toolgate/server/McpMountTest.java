package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.mcp.server.ToolgateMcpServer;
import io.toolgate.server.auth.KeysFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The MCP streamable-HTTP endpoint mounted at /mcp behind the server's protections. */
class McpMountTest {
  @TempDir Path data;

  private static final String INITIALIZE =
      """
      {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",
       "capabilities":{},"clientInfo":{"name":"test","version":"1"}}}
      """;

  private static TestServer withMcp(ServerSettings settings) {
    return TestServer.start(
        settings, b -> b.mcp(ToolgateMcpServer.builder(b.gate()).build().httpServlet()));
  }

  private static String[] mcpHeaders(String... more) {
    String[] base = {"Accept", "application/json, text/event-stream"};
    String[] out = new String[base.length + more.length];
    System.arraycopy(base, 0, out, 0, base.length);
    System.arraycopy(more, 0, out, base.length, more.length);
    return out;
  }

  @Test
  void anMcpClientCanInitializeAtSlashMcp() {
    try (TestServer t = withMcp(TestServer.settings(data))) {
      TestServer.Response r = t.post("/mcp", INITIALIZE, mcpHeaders());
      assertThat(r.status()).as(r.body()).isEqualTo(200);
      assertThat(r.body()).contains("serverInfo").contains("\"id\":1");
      assertThat(r.header("Mcp-Session-Id")).isNotBlank();
    }
  }

  @Test
  void theMcpEndpointRefusesAForeignHost() {
    try (TestServer t = withMcp(TestServer.settings(data))) {
      TestServer.Response r =
          t.raw(
              "POST /mcp HTTP/1.1\r\nHost: attacker.example\r\nContent-Type: application/json\r\n"
                  + "Accept: application/json, text/event-stream\r\nContent-Length: "
                  + INITIALIZE.length()
                  + "\r\nConnection: close\r\n\r\n"
                  + INITIALIZE);
      assertThat(r.status()).isEqualTo(403);
      assertThat(r.mcpRefusal()).isEqualTo("host_not_allowed");
    }
  }

  @Test
  void theMcpEndpointRefusesACrossSiteOrigin() {
    try (TestServer t = withMcp(TestServer.settings(data))) {
      TestServer.Response r =
          t.post("/mcp", INITIALIZE, mcpHeaders("Origin", "https://evil.example"));
      assertThat(r.status()).isEqualTo(403);
      assertThat(r.mcpRefusal()).isEqualTo("origin_not_allowed");
    }
  }

  @Test
  void withKeysTheMcpEndpointNeedsAnInvokeKey() throws Exception {
    String invoker = KeysFile.generateKey();
    String reader = KeysFile.generateKey();
    Path keys = data.resolve("keys.yaml");
    Files.writeString(
        keys,
        "keys:\n  - {id: agent, hash: \""
            + KeysFile.hash(invoker)
            + "\", scopes: [search, invoke]}\n  - {id: reader, hash: \""
            + KeysFile.hash(reader)
            + "\", scopes: [search]}\n");
    try (TestServer t = withMcp(TestServer.settings(data.resolve("d")).withKeysFile(keys))) {
      TestServer.Response none = t.post("/mcp", INITIALIZE, mcpHeaders());
      assertThat(none.status()).isEqualTo(401);
      assertThat(none.mcpRefusal()).isEqualTo("unauthorized");
      assertThat(none.errorMessage()).contains("/mcp").contains("invoke");
      TestServer.Response weak =
          t.post("/mcp", INITIALIZE, mcpHeaders("Authorization", "Bearer " + reader));
      assertThat(weak.status()).isEqualTo(403);
      TestServer.Response ok =
          t.post("/mcp", INITIALIZE, mcpHeaders("Authorization", "Bearer " + invoker));
      assertThat(ok.status()).isEqualTo(200);
    }
  }

  @Test
  void mcpRequestsAreMeasured() {
    try (TestServer t = withMcp(TestServer.settings(data))) {
      t.post("/mcp", INITIALIZE, mcpHeaders());
      assertThat(t.get("/metrics").body()).contains("route=\"/mcp\"");
    }
  }
}
