package io.toolgate.cli;

import io.toolgate.mcp.server.McpHttpServer;
import io.toolgate.mcp.server.ToolgateMcpServer;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code toolgate mcp}: Toolgate as an MCP server over stdio (or streamable HTTP). */
@Command(
    name = "mcp",
    mixinStandardHelpOptions = true,
    description = {
      "Serve the catalog over MCP: stdio by default, or streamable HTTP with --http.",
      "Stdio is for MCP hosts that launch a command; --http PORT serves /mcp. Logs go to stderr."
    },
    footer = {
      "",
      "Examples:",
      "  toolgate mcp                   (e.g. in an MCP host's server list)",
      "  toolgate mcp --http 8765"
    })
final class McpCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Option(
      names = "--http",
      paramLabel = "PORT",
      description = "Serve streamable HTTP on this port.")
  Integer httpPort;

  @Option(
      names = "--host",
      paramLabel = "HOST",
      defaultValue = "127.0.0.1",
      description = "HTTP bind address (default ${DEFAULT-VALUE}).")
  String host;

  @Override
  public Integer call() throws InterruptedException {
    try (Gateway gateway = Gateway.openReplica(global, true)) {
      gateway.federate();
      try (ToolgateMcpServer mcp =
          ToolgateMcpServer.builder(gateway.toolgate()).exposure(gateway.exposure()).build()) {
        if (httpPort == null) {
          mcp.serveStdio();
          return 0;
        }
        try (McpHttpServer http = mcp.startHttp(host, httpPort)) {
          System.err.println("toolgate: MCP streamable HTTP on " + http.endpoint());
          http.join();
        }
        return 0;
      }
    }
  }
}
