package io.toolgate.cli;

import io.toolgate.Toolgate;
import io.toolgate.ToolgateException;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolNames;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.config.EmbeddingConfig;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.domain.ToolDomains;
import io.toolgate.embeddings.onnx.NativeLibraries;
import io.toolgate.exposure.Exposure;
import io.toolgate.invoke.ExecutorFactory;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.mcp.client.McpFederation;
import io.toolgate.mcp.client.McpServersConfig;
import io.toolgate.sandbox.SandboxStateStore;
import io.toolgate.sandbox.Sandboxes;
import io.toolgate.search.HybridToolSearch;
import io.toolgate.search.SearchSettings;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.vector.ToolVectorCache;
import io.toolgate.store.RegistryStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The composition root: builds a whole gateway from a {@link ToolgateConfig}.
 *
 * <p>Commands that only read the catalog ({@code list}, {@code show}, {@code tokens}) call {@link
 * #catalog}; commands that search or call tools call {@link #open}, which also loads the embedder
 * and starts computing tool vectors in the background.
 */
final class Gateway implements AutoCloseable {
  private final ToolgateConfig config;
  private final Path dataDir;
  private final ToolRegistry registry;
  private final Sandboxes sandboxes;
  private final ExecutorFactory executors;
  private final Optional<RegistryStore> sharedStore;
  private final List<AutoCloseable> closeables = new ArrayList<>();
  private Toolgate toolgate;
  private HybridToolSearch search;
  private List<Embedder> embedders = List.of();
  private McpFederation federation;

  private Gateway(ToolgateConfig config, Path dataDir, boolean shared) {
    this.config = config;
    this.dataDir = dataDir;
    this.registry = new ToolRegistry();
    this.sharedStore = shared ? SharedStore.open(config) : Optional.empty();
    try {
      Sandboxes.Builder sandboxing =
          Sandboxes.builder(registry, dataDir).sandboxes(config.sandboxes());
      sharedStore.ifPresent(s -> sandboxing.stateStore(SandboxStateStore.inRegistryStore(s)));
      this.sandboxes = sandboxing.build();
      this.executors = ExecutorFactory.builder().sandboxes(sandboxes).build();
      registry.registerAll(ToolDomains.discover().tools(config.enabledDomains()));
      config.loadCatalogs(executors::executorFor).orThrow().registerInto(registry);
      registry.definitions().forEach(sandboxes::check);
      requireFreeNamespaces(registry, McpServersConfig.namespaces(config.section("mcp_servers")));
    } catch (RuntimeException e) {
      sharedStore.ifPresent(RegistryStore::close);
      throw e;
    }
  }

  /**
   * Refuses a catalog or domain tool named {@code <server>__…} for a configured MCP server: it
   * would take that server's tool while the server is down, and lose it at the next restart.
   */
  private static void requireFreeNamespaces(ToolRegistry registry, Set<String> servers) {
    for (ToolDefinition tool : registry.definitions()) {
      ToolNames.namespaceOf(tool.name())
          .filter(servers::contains)
          .ifPresent(
              server -> {
                throw new ToolgateException(
                    "tool '"
                        + tool.name()
                        + "' from "
                        + tool.source()
                        + " is in the namespace of the upstream MCP server '"
                        + server
                        + "' (mcp_servers), which only that server's tools may use; rename it,"
                        + " e.g. '"
                        + tool.name().replace(ToolNames.NAMESPACE_SEPARATOR, "_")
                        + "'");
              });
    }
  }

  /** Loads the catalog only: domains and catalog files, no embedder, no index. */
  static Gateway catalog(GlobalOptions options) {
    return catalog(options, options.config());
  }

  /** {@link #catalog(GlobalOptions)} of a config already read. */
  static Gateway catalog(GlobalOptions options, ToolgateConfig config) {
    return new Gateway(config, config.dataDir(options.dataDir()), false);
  }

  /**
   * Loads the catalog of a gateway that keeps its state in the store of {@code store.url} when one
   * is configured (a replica of a fleet: {@code serve}, {@code sandboxes}, {@code mcp}); the other
   * commands read files only, and work while the database is down.
   */
  static Gateway replica(GlobalOptions options) {
    ToolgateConfig config = options.config();
    return new Gateway(config, config.dataDir(options.dataDir()), true);
  }

  /**
   * Loads the catalog and builds search and invocation.
   *
   * @param withEmbedder whether to load the configured embedder (lexical search without it)
   */
  static Gateway open(GlobalOptions options, boolean withEmbedder) {
    return started(catalog(options), withEmbedder);
  }

  /** {@link #replica} with search and invocation built (the vector cache in the shared store). */
  static Gateway openReplica(GlobalOptions options, boolean withEmbedder) {
    return started(replica(options), withEmbedder);
  }

  private static Gateway started(Gateway gateway, boolean withEmbedder) {
    try {
      gateway.start(withEmbedder, UnaryOperator.identity());
      return gateway;
    } catch (RuntimeException e) {
      gateway.close();
      throw e;
    }
  }

  /** Loads the catalog and connects the upstream MCP servers, for listing sources. */
  static Gateway withFederation(GlobalOptions options) throws InterruptedException {
    Gateway gateway = catalog(options);
    gateway.federate();
    return gateway;
  }

  /** Loads everything a call needs, upstream MCP servers included (no embedder: no search). */
  static Gateway openForCalls(GlobalOptions options) throws InterruptedException {
    Gateway gateway = open(options, false);
    gateway.federate();
    return gateway;
  }

  /**
   * Connects the configured upstream MCP servers; their tools join the registry (and the index) as
   * each connects. Waits up to 30 s for every server's first attempt.
   */
  void federate() throws InterruptedException {
    if (federation != null || config.section("mcp_servers").isMissingNode()) {
      return;
    }
    federation = McpFederation.fromConfig(registry, config.section("mcp_servers"));
    federation.awaitFirstAttempts(Duration.ofSeconds(30));
  }

  /** The upstream MCP servers, when {@link #federate} connected any. */
  Optional<McpFederation> federation() {
    return Optional.ofNullable(federation);
  }

  /**
   * Builds search and invocation on the loaded catalog (what {@link #open} does after {@link
   * #catalog}).
   *
   * @param withEmbedder whether to load the configured embedder (lexical search without it)
   * @param invoker adds to the call pipeline, e.g. the server's call observer and limits
   */
  void start(boolean withEmbedder, UnaryOperator<ToolInvoker.Builder> invoker) {
    if (toolgate != null) {
      throw new IllegalStateException("the gateway is already started");
    }
    HybridToolSearch.Builder builder =
        HybridToolSearch.builder()
            .settings(SearchSettings.fromConfig(config.search().raw()))
            .dataDirectory(dataDir);
    // Replicas sharing a store share their tool vectors too: each tool is embedded once a fleet.
    sharedStore.ifPresent(s -> builder.vectorCache(ToolVectorCache.inRegistryStore(s)));
    if (withEmbedder) {
      prepareLocalModels(config.embeddings(), dataDir);
      List<Embedder> created = new ArrayList<>();
      for (EmbeddingConfig e : config.embeddings()) {
        Embedder embedder = e.createEmbedder();
        created.add(embedder);
        closeables.add(embedder);
        builder.embedder(e.name(), embedder, e.document());
      }
      embedders = List.copyOf(created);
    }
    search = builder.build();
    search.follow(registry);
    ToolInvoker calls =
        invoker.apply(ToolInvoker.builder(registry).sandboxPolicies(sandboxes::policyOf)).build();
    Toolgate.Builder b = Toolgate.builder().registry(registry).search(search).invoker(calls);
    closeables.forEach(b::onClose);
    closeables.clear();
    toolgate = b.build();
  }

  /**
   * Before the first local model loads: ONNX Runtime's native libraries come from {@code
   * <dataDir>/native/}, extracted once, instead of a new temp folder every run.
   */
  static void prepareLocalModels(List<EmbeddingConfig> embeddings, Path dataDir) {
    boolean local =
        embeddings.stream()
            .anyMatch(e -> e.from().strip().toLowerCase(Locale.ROOT).startsWith("local:"));
    if (local) {
      NativeLibraries.useDataDirectory(dataDir);
    }
  }

  /** What a model sees, from {@code search:} (mode, meta-tool profile, pinned tools). */
  Exposure exposure() {
    return Exposure.of(config.search().mode())
        .withProfile(config.search().metaTools())
        .withPinned(config.search().pinned())
        .withEmbedderAvailable(!embedders.isEmpty());
  }

  ToolgateConfig config() {
    return config;
  }

  /** The PostgreSQL store of {@code store.url}, when configured; closed with the gateway. */
  Optional<RegistryStore> sharedStore() {
    return sharedStore;
  }

  Path dataDir() {
    return dataDir;
  }

  ToolRegistry registry() {
    return registry;
  }

  Sandboxes sandboxes() {
    return sandboxes;
  }

  ExecutorFactory executors() {
    return executors;
  }

  /** The gateway; only after {@link #open}. */
  Toolgate toolgate() {
    if (toolgate == null) {
      throw new IllegalStateException("the gateway was opened for the catalog only");
    }
    return toolgate;
  }

  HybridToolSearch search() {
    toolgate();
    return search;
  }

  /** The embedders search uses, in {@code embeddings:} order; empty when started without. */
  List<Embedder> embedders() {
    return embedders;
  }

  @Override
  public void close() {
    if (federation != null) {
      federation.close();
    }
    if (toolgate != null) {
      toolgate.close();
    }
    for (AutoCloseable c : closeables) {
      try {
        c.close();
      } catch (Exception e) {
        // closing on the way out: nothing else to do
      }
    }
    sharedStore.ifPresent(RegistryStore::close);
  }
}
