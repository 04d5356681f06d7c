package io.toolgate.mcp.server;

import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.mcp.TestGates;
import io.toolgate.testing.ChildJvm;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

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
    try (Toolgate gate = TestGates.gate(registry);
        ToolgateMcpServer server = ToolgateMcpServer.builder(gate).build()) {
      server.serveStdio();
    }
  }

  /** This server as a child JVM in {@code dir}, not yet started. */
  static ProcessBuilder builder(Path dir) throws IOException {
    return ChildJvm.builder(dir, List.of(), StdioServerMain.class.getName(), List.of());
  }
}
