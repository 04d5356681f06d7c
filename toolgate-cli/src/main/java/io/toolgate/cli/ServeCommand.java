package io.toolgate.cli;

import io.toolgate.mcp.server.ToolgateMcpServer;
import io.toolgate.server.ServerSettings;
import io.toolgate.server.ToolgateServer;
import io.toolgate.server.chat.ChatProxy;
import io.toolgate.server.chat.ChatRoutes;
import io.toolgate.server.chat.ModelConfig;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code toolgate serve}: the REST API, MCP at /mcp, the chat proxy and the web console. */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = {
      "Run the gateway: REST API, MCP, chat proxy, metrics and the web console.",
      "Serves /v1 (REST), /mcp (MCP streamable HTTP), /v1/chat/completions (OpenAI-compatible"
          + " chat proxy), /metrics, /healthz, /readyz and the console at /. Stop it with Ctrl-C."
    },
    footer = {
      "",
      "Examples:",
      "  toolgate serve",
      "  toolgate serve --port 9000 -c toolgate.yaml",
      "  toolgate serve --host 0.0.0.0 --insecure   (no API keys: trusted LAN only)"
    })
final class ServeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Option(
      names = "--port",
      paramLabel = "PORT",
      description = "Port (default: server.port or 8080).")
  Integer port;

  @Option(names = "--host", paramLabel = "HOST", description = "Bind address (default: 127.0.0.1).")
  String host;

  @Option(names = "--insecure", description = "Allow a non-loopback bind address without API keys.")
  boolean insecure;

  @Override
  @SuppressWarnings("try") // the shutdown hook closes the server before the JVM exits
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    try (Gateway gateway = Gateway.open(global, true)) {
      gateway.federate();
      ServerSettings settings =
          ServerSettings.fromConfig(gateway.config().section("server"), gateway.config().baseDir())
              .withDataDir(gateway.dataDir());
      if (host != null) {
        settings = settings.withHost(host);
      }
      if (port != null) {
        settings = settings.withPort(port);
      }
      if (insecure) {
        settings = settings.withInsecure(true);
      }
      List<ModelConfig> models = ModelConfig.fromConfig(gateway.config());
      try (ChatProxy chat = ChatProxy.builder(gateway.toolgate()).models(models).build();
          ToolgateMcpServer mcp =
              ToolgateMcpServer.builder(gateway.toolgate()).exposure(gateway.exposure()).build();
          ToolgateServer server =
              ToolgateServer.builder(gateway.toolgate(), settings)
                  .executors(gateway.executors()::executorFor)
                  .sandboxes(gateway.sandboxes())
                  .mcp(mcp.httpServlet())
                  .routes(new ChatRoutes(chat))
                  .build()
                  .start()) {
        out.printf(
            "Toolgate serving %d tools on %s  (console %s, MCP %smcp, chat proxy %sv1/chat/completions)%n",
            gateway.registry().size(), server.uri(), server.uri(), server.uri(), server.uri());
        out.flush();
        // Jetty's join() returns at once on a virtual-thread pool: wait for Ctrl-C / SIGTERM
        // instead.
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
            .addShutdownHook(
                new Thread(
                    () -> {
                      server.close();
                      stopped.countDown();
                    },
                    "toolgate-shutdown"));
        stopped.await();
      }
      return 0;
    }
  }
}
