package io.toolgate.server;

import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.ExecutorFactory;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.search.HybridToolSearch;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A server process for the durability test: {@code DurableServerMain <data dir> <port file>}.
 * Serves the test catalog on a free loopback port, writes the port to the port file once it
 * listens, and runs until killed.
 */
public final class DurableServerMain {
  private DurableServerMain() {}

  public static void main(String[] args) throws Exception {
    Path dataDir = Path.of(args[0]);
    Path portFile = Path.of(args[1]);
    ServerSettings settings = ServerSettings.defaults().withPort(0).withDataDir(dataDir);
    ToolRegistry registry = TestServer.catalog();
    ServerHooks hooks = ServerHooks.open(settings);
    HybridToolSearch search = HybridToolSearch.builder().build();
    search.follow(registry);
    ToolInvoker invoker = ToolInvoker.builder(registry).observer(hooks.callObserver()).build();
    Toolgate gate = Toolgate.builder().registry(registry).search(search).invoker(invoker).build();
    ToolgateServer server =
        ToolgateServer.builder(gate, settings)
            .hooks(hooks)
            .executors(ExecutorFactory.builder().build()::executorFor)
            .build()
            .start();
    Path tmp = portFile.resolveSibling(portFile.getFileName() + ".tmp");
    Files.writeString(tmp, Integer.toString(server.port()), StandardCharsets.US_ASCII);
    Files.move(tmp, portFile, StandardCopyOption.ATOMIC_MOVE);
    server.join();
  }
}
