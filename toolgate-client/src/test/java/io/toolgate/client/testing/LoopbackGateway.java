package io.toolgate.client.testing;

import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.domain.ToolDomains;
import io.toolgate.invoke.ExecutorFactory;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.search.HybridToolSearch;
import io.toolgate.server.ServerHooks;
import io.toolgate.server.ServerSettings;
import io.toolgate.server.ToolgateServer;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A gateway over the demo catalog plus the built-in {@code core} tools (which really run: {@code
 * math_evaluate}, {@code unit_convert}, {@code time_now}, …), with lexical search (no embedding
 * model), shared by the client's and the framework integrations' tests: {@link #toolgate()} in
 * process, and {@link #serve} for the real REST server on 127.0.0.1 and a port of its choosing.
 *
 * <pre>{@code
 * try (LoopbackGateway gateway = LoopbackGateway.demo(); var served = gateway.serve(dataDir)) {
 *   ToolgateClient client = ToolgateClient.builder(served.uri()).build();
 * }
 * }</pre>
 */
public final class LoopbackGateway implements AutoCloseable {
  private static final String CONFIG =
      """
      embeddings: []
      domains: [core]
      catalogs: ["classpath:io/toolgate/demo"]
      """;

  private final ToolRegistry registry;
  private final Toolgate toolgate;

  private LoopbackGateway(ToolRegistry registry, Toolgate toolgate) {
    this.registry = registry;
    this.toolgate = toolgate;
  }

  /** The demo catalog and the core tools, searchable at once (lexical). */
  public static LoopbackGateway demo() {
    ToolgateConfig config =
        ToolgateConfig.parse(CONFIG, "loopback-gateway.yaml", Path.of("."), name -> null);
    ToolRegistry registry = new ToolRegistry();
    ExecutorFactory executors = ExecutorFactory.builder().build();
    registry.registerAll(ToolDomains.discover().tools(config.enabledDomains()));
    config.loadCatalogs(executors::executorFor).orThrow().registerInto(registry);
    HybridToolSearch search = HybridToolSearch.builder().build();
    search.follow(registry);
    Toolgate gate =
        Toolgate.builder()
            .registry(registry)
            .search(search)
            .invoker(ToolInvoker.builder(registry).build())
            .build();
    return new LoopbackGateway(registry, gate);
  }

  /** The gateway in this process. */
  public Toolgate toolgate() {
    return toolgate;
  }

  /** Every tool name, sorted. */
  public List<String> names() {
    return registry.definitions().stream().map(d -> d.name()).toList();
  }

  /** The real REST server over this gateway on 127.0.0.1, port 0, data in {@code dataDir}. */
  public Served serve(Path dataDir) {
    return serve(dataDir, UnaryOperator.identity());
  }

  /** {@link #serve(Path)} with changed settings, e.g. a keys file. */
  public Served serve(Path dataDir, UnaryOperator<ServerSettings> settings) {
    ServerSettings s = settings.apply(ServerSettings.defaults().withPort(0).withDataDir(dataDir));
    ServerHooks hooks = ServerHooks.open(s);
    ToolgateServer server =
        ToolgateServer.builder(toolgate, s)
            .hooks(hooks)
            .executors(ExecutorFactory.builder().build()::executorFor)
            .build();
    server.start();
    return new Served(server);
  }

  /** A started server; closing it stops it (the gateway stays open). */
  public record Served(ToolgateServer server) implements AutoCloseable {
    /** {@code http://127.0.0.1:<port>/}. */
    public URI uri() {
      return server.uri();
    }

    @Override
    public void close() {
      server.close();
    }
  }

  /** The definition of {@code name}, for assertions. */
  public Optional<io.toolgate.catalog.ToolDefinition> definition(String name) {
    return toolgate.tool(name);
  }

  @Override
  public void close() {
    toolgate.close();
  }
}
