package io.toolgate.mcp;

import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.exposure.Exposure;
import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import io.toolgate.json.Json;
import io.toolgate.mcp.client.McpClientOptions;
import io.toolgate.mcp.client.McpFederation;
import io.toolgate.mcp.client.McpServersConfig;
import io.toolgate.mcp.server.ToolgateMcpServer;
import io.toolgate.testing.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A gateway process for tests: federates the {@code mcp_servers} of its JSON argument and serves
 * MCP on stdin/stdout, as {@code bin/toolgate mcp} does.
 *
 * <pre>{@code
 * java -cp … io.toolgate.mcp.GatewayMain '{"profile": "rfc", "mcp_servers": [...]}'
 * }</pre>
 */
public final class GatewayMain {
  private GatewayMain() {}

  public static void main(String[] args) throws Exception {
    JsonNode config = Json.parse(args[0]);
    ToolRegistry registry = new ToolRegistry();
    McpFederation federation =
        McpFederation.start(
            registry,
            McpServersConfig.parse(config.get("mcp_servers")),
            McpClientOptions.DEFAULTS
                .withBackoff(Duration.ofMillis(200), Duration.ofSeconds(2))
                .withConnectTimeout(Duration.ofSeconds(120)));
    federation.awaitFirstAttempts(Duration.ofSeconds(180));
    Profile profile = Profile.parse(config.path("profile").asString("spice"));
    ToolMode mode = ToolMode.parse(config.path("mode").asString("search_registry"));
    try (Toolgate gate = TestGates.gate(registry);
        ToolgateMcpServer server =
            ToolgateMcpServer.builder(gate)
                .exposure(Exposure.of(mode).withProfile(profile))
                .build()) {
      server.serveStdio();
    } finally {
      federation.close();
    }
  }

  /**
   * The command that runs this gateway with {@code config} (for another program to start), from an
   * argument file written in {@code dir}.
   */
  public static List<String> command(Path dir, String config) throws IOException {
    return ChildJvm.builder(dir, List.of(), GatewayMain.class.getName(), List.of(config)).command();
  }
}
