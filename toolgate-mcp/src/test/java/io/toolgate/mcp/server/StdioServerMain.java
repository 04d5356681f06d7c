package io.toolgate.mcp.server;

import io.toolgate.Toolgate;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.json.Json;
import io.toolgate.mcp.TestGates;
import io.toolgate.testing.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code toolgate mcp} in miniature for tests: a two-tool catalog served over this process's real
 * stdin and stdout by {@link ToolgateMcpServer#serveStdio()}, exiting when stdin ends.
 */
public final class StdioServerMain {
  private StdioServerMain() {}

  public static void main(String[] args) {
    ToolRegistry registry = new ToolRegistry();
    registry.register(TestGates.echo("echo", "Echo the given text back unchanged."));
    registry.register(TestGates.adder());
    registry.register(slowEcho());
    try (Toolgate gate = TestGates.gate(registry);
        ToolgateMcpServer server = ToolgateMcpServer.builder(gate).build()) {
      server.serveStdio();
    }
  }

  /** {@code slow_echo}: echoes {@code text} after {@code ms} milliseconds. */
  private static RegisteredTool slowEcho() {
    RegisteredTool echo = TestGates.echo("slow_echo", "unused");
    ObjectNode schema =
        Json.parseObject(
            "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"},"
                + "\"ms\":{\"type\":\"integer\"}},\"required\":[\"text\",\"ms\"]}",
            "schema");
    return new RegisteredTool(
        ToolDefinition.builder("slow_echo", schema)
            .description("Echo the text back after a pause.")
            .build(),
        call -> {
          Thread.sleep(call.arguments().path("ms").asLong());
          return echo.executor().execute(call);
        });
  }

  /** This server as a child JVM in {@code dir}, not yet started. */
  static ProcessBuilder builder(Path dir) throws IOException {
    return ChildJvm.builder(dir, List.of(), StdioServerMain.class.getName(), List.of());
  }
}
