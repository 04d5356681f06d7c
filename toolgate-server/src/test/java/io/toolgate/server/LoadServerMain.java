package io.toolgate.server;

import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.domain.ToolDomains;
import io.toolgate.invoke.ExecutorFactory;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.search.HybridToolSearch;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The server of the wrk load benchmark ({@code toolgate-bench/wrk/run.sh}): the embedded demo
 * catalog plus the core domain, lexical search (no embedder), open on loopback, metrics and audit
 * hooks installed as in production.
 *
 * <p>{@code LoadServerMain <port file> <data dir>}: writes the chosen port to the port file once
 * listening, then serves until killed.
 */
public final class LoadServerMain {
  private LoadServerMain() {}

  public static void main(String[] args) throws Exception {
    Path portFile = Path.of(args[0]);
    Path dataDir = Path.of(args[1]);
    ToolgateConfig config = ToolgateConfig.defaults();
    ToolRegistry registry = new ToolRegistry();
    ExecutorFactory executors = ExecutorFactory.builder().build();
    registry.registerAll(ToolDomains.discover().tools(config.enabledDomains()));
    config.loadCatalogs(executors::executorFor).orThrow().registerInto(registry);
    ServerSettings settings =
        ServerSettings.defaults().withPort(0).withDataDir(dataDir).withConsole(false);
    ServerHooks hooks = ServerHooks.open(settings);
    HybridToolSearch search = HybridToolSearch.builder().build();
    search.follow(registry);
    ToolInvoker invoker =
        ToolInvoker.builder(registry)
            .observer(hooks.callObserver())
            .maxArgumentBytes(settings.limits().maxArgumentBytes())
            .build();
    Toolgate gate = Toolgate.builder().registry(registry).search(search).invoker(invoker).build();
    ToolgateServer server =
        ToolgateServer.builder(gate, settings)
            .hooks(hooks)
            .executors(executors::executorFor)
            .build()
            .start();
    System.err.println(
        "load server: " + registry.size() + " tools on " + server.uri() + ", data in " + dataDir);
    Path tmp = portFile.resolveSibling(portFile.getFileName() + ".tmp");
    Files.writeString(tmp, Integer.toString(server.port()), StandardCharsets.US_ASCII);
    Files.move(tmp, portFile, StandardCopyOption.ATOMIC_MOVE);
    server.join();
  }
}
