package io.toolgate.cli;

import io.toolgate.mcp.server.ToolgateMcpServer;
import io.toolgate.server.ServerHooks;
import io.toolgate.server.ServerSettings;
import io.toolgate.server.ToolgateServer;
import io.toolgate.server.chat.ChatProxy;
import io.toolgate.server.chat.ChatRoutes;
import io.toolgate.server.chat.ModelConfig;
import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.concurrent.Callable;
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
      description = "Port (default: server.port or 8080; 0 for any free port).")
  Integer port;

  @Option(names = "--host", paramLabel = "HOST", description = "Bind address (default: 127.0.0.1).")
  String host;

  @Option(names = "--insecure", description = "Allow a non-loopback bind address without API keys.")
  boolean insecure;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    // Registered first: a stop while the gateway starts (a model loads for seconds) closes what
    // started so far before the JVM exits.
    try (ServeShutdown shutdown = ServeShutdown.register()) {
      try (Serving serving = start()) {
        if (shutdown.serve(serving.server())) {
          out.println(serving.banner());
          out.flush();
          serving.server().join(); // until Ctrl-C or SIGTERM closes it
        }
      } catch (RuntimeException e) {
        if (!shutdown.stopping()) {
          throw e;
        }
        // e.g. a model refusing to load while the JVM exits: the stop, not an error
        spec.commandLine().getErr().println("toolgate: stopped while starting");
      }
    }
    return 0;
  }

  /**
   * Builds the gateway and starts the server. Every call, whether it comes over REST, MCP or the
   * chat proxy, goes through the server's call observer (metrics, audit log) and its argument size
   * limit.
   */
  Serving start() throws InterruptedException {
    Serving serving = new Serving();
    try {
      Gateway gateway = serving.open(Gateway.replica(global));
      ServerSettings settings = settings(gateway);
      // A replica of a fleet keeps its state in the shared store (the gateway closes it); a single
      // gateway keeps it in its data directory.
      ServerHooks hooks =
          serving.open(
              gateway
                  .sharedStore()
                  .map(store -> ServerHooks.withStore(store, settings))
                  .orElseGet(() -> ServerHooks.open(settings)));
      gateway.start(
          true,
          invoker ->
              invoker
                  .observer(hooks.callObserver())
                  .maxArgumentBytes(settings.limits().maxArgumentBytes()));
      gateway.federate();
      ChatProxy chat =
          serving.open(
              ChatProxy.builder(gateway.toolgate())
                  .models(ModelConfig.fromConfig(gateway.config()))
                  .build());
      ToolgateMcpServer mcp =
          serving.open(
              ToolgateMcpServer.builder(gateway.toolgate()).exposure(gateway.exposure()).build());
      ToolgateServer.Builder server =
          ToolgateServer.builder(gateway.toolgate(), settings)
              .hooks(hooks)
              .executors(gateway.executors()::executorFor)
              .sandboxes(gateway.sandboxes())
              .mcp(mcp.httpServlet())
              .routes(new ChatRoutes(chat));
      gateway.federation().ifPresent(server::federation);
      serving.gateway = gateway;
      serving.server = serving.open(server.build()).start();
      return serving;
    } catch (RuntimeException | InterruptedException e) {
      serving.close();
      throw e;
    }
  }

  private ServerSettings settings(Gateway gateway) {
    ServerSettings settings =
        ServerSettings.fromConfig(gateway.config()).withDataDir(gateway.dataDir());
    if (host != null) {
      settings = settings.withHost(host);
    }
    if (port != null) {
      settings = settings.withPort(port);
    }
    return insecure ? settings.withInsecure(true) : settings;
  }

  /** What {@link #start} started; closing it stops the server, then the rest, newest first. */
  static final class Serving implements AutoCloseable {
    private final Deque<AutoCloseable> opened = new ArrayDeque<>();
    private Gateway gateway;
    private ToolgateServer server;

    private <T extends AutoCloseable> T open(T resource) {
      opened.push(resource);
      return resource;
    }

    Gateway gateway() {
      return gateway;
    }

    ToolgateServer server() {
      return server;
    }

    /** The line serve prints once it listens: tool count and every entry point. */
    String banner() {
      return String.format(
          Locale.ROOT,
          "Toolgate serving %d tools on %s  (console %s, MCP %s, chat proxy %s)",
          gateway.registry().size(),
          server.uri(),
          server.uri().resolve("/"),
          server.uri().resolve("/mcp"),
          server.uri().resolve("/v1/chat/completions"));
    }

    @Override
    public void close() {
      while (!opened.isEmpty()) {
        try {
          opened.pop().close();
        } catch (Exception e) {
          // stopping: close the rest anyway
        }
      }
    }
  }
}
