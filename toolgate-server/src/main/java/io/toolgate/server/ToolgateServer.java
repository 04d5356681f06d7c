package io.toolgate.server;

import io.javalin.Javalin;
import io.javalin.config.JavalinConfig;
import io.toolgate.Toolgate;
import io.toolgate.ToolgateException;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.CallObserver;
import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.mcp.client.McpFederation;
import io.toolgate.sandbox.Sandboxes;
import io.toolgate.server.admin.RuntimeTools;
import io.toolgate.server.auth.AccessControl;
import io.toolgate.server.auth.Authenticator;
import io.toolgate.server.auth.OpenServerCheck;
import io.toolgate.server.auth.RateLimiter;
import io.toolgate.server.auth.StoreKeys;
import io.toolgate.server.http.OriginGuard;
import io.toolgate.server.rest.AdminApi;
import io.toolgate.server.rest.OpsApi;
import io.toolgate.server.rest.ToolsApi;
import io.toolgate.store.Registrations;
import io.toolgate.store.RegistryStore;
import io.toolgate.store.StoreStatus;
import jakarta.servlet.http.HttpServlet;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP face of Toolgate: the REST API under {@code /v1}, the MCP streamable-HTTP endpoint at
 * {@code /mcp}, the web console at {@code /}, health, readiness and Prometheus metrics, on one
 * Jetty 12 (Javalin 7) with virtual threads.
 *
 * <pre>{@code
 * ServerSettings settings = ServerSettings.fromConfig(config)   // a ToolgateConfig
 *     .withDataDir(dataDir);
 * ServerHooks hooks = ServerHooks.open(settings);
 * // … build the ToolInvoker with hooks.callObserver(), then the Toolgate …
 * try (ToolgateServer server = ToolgateServer.builder(gate, settings)
 *         .hooks(hooks)
 *         .executors(executorFactory::create)     // runs tools registered over the API
 *         .mcp(mcpServer.httpServlet())
 *         .routes(chatProxy)
 *         .build()
 *         .start()) {
 *   System.out.println("listening on " + server.uri());
 *   server.join();
 * }
 * }</pre>
 *
 * <p><b>Access.</b> With a keys file, every route but the console files, {@code /healthz}, {@code
 * /readyz} and {@code /v1/openapi.json} needs an API key with the route's scope. Without one the
 * server runs open, which {@link #start()} allows only on a loopback address (or with {@code
 * insecure}). Every request's {@code Host} and {@code Origin} are checked against DNS rebinding.
 *
 * <p><b>Errors.</b> Every failure is JSON {@code {"error": {"code", "message"}}}; a stack trace
 * never leaves the process (an unexpected one is logged with an incident id that the response
 * names).
 *
 * <p><b>Where the parts are.</b> This class assembles the server and runs its life cycle (start,
 * readiness, close). {@link JavalinSetup} sets up Jetty and mounts {@code /mcp}, {@link RouteTable}
 * maps the paths to the handlers in {@code rest} and {@code console}, {@link RequestPipeline} runs
 * around every request, and {@link io.toolgate.server.auth.OpenServerCheck} decides at start
 * whether the server may run without keys.
 *
 * <p>Thread-safe. {@link #close()} stops the server and closes its hooks.
 */
public final class ToolgateServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ToolgateServer.class);

  private final Toolgate gate;
  private final ServerSettings settings;
  private final ServerHooks hooks;
  private final RuntimeTools runtimeTools;
  private final AccessControl access;
  private final OriginGuard guard;
  private final Optional<HttpServlet> mcp;
  private final Optional<Sandboxes> sandboxes;
  private final Optional<McpFederation> federation;
  private final BooleanSupplier readyWhen;
  private final List<RouteModule> modules;
  private final Javalin app;
  private volatile boolean ready;
  private volatile boolean started;
  private volatile boolean closed;
  private final CountDownLatch stopped = new CountDownLatch(1);

  private ToolgateServer(Builder b) {
    this.gate = b.gate;
    this.settings = b.settings;
    this.hooks = b.hooks != null ? b.hooks : ServerHooks.open(settings);
    this.sandboxes = Optional.ofNullable(b.sandboxes);
    this.federation = Optional.ofNullable(b.federation);
    this.readyWhen = b.readyWhen;
    this.runtimeTools =
        new RuntimeTools(
            gate.registry(),
            hooks.store().map(Registrations::new),
            b.executors,
            def -> sandboxes.ifPresent(s -> s.check(def)),
            federation.map(ToolgateServer::namespaces).orElse(Set.of()));
    this.access =
        new AccessControl(
            Authenticator.forServer(
                settings.keysFile(),
                hooks.store().map(StoreKeys::follow),
                settings.limits().rate()),
            settings.limits().rate(),
            new RateLimiter(hooks.store().flatMap(RegistryStore::counters)),
            id -> hooks.telemetry().recordRateLimited(id));
    this.guard = OriginGuard.of(settings.host(), settings.allowedHosts(), settings.corsOrigins());
    this.mcp = Optional.ofNullable(b.mcp);
    this.modules = List.copyOf(b.modules);
    hooks.telemetry().watch(gate);
    this.app = Javalin.create(this::configure);
  }

  /** The namespaces of the configured upstream MCP servers, connected or not. */
  private static Set<String> namespaces(McpFederation federation) {
    return federation.sources().stream()
        .map(source -> source.spec().name())
        .collect(java.util.stream.Collectors.toUnmodifiableSet());
  }

  /** Starts assembling a server for {@code gate}. */
  public static Builder builder(Toolgate gate, ServerSettings settings) {
    return new Builder(gate, settings);
  }

  /**
   * Checks the access settings, restores registered tools, and starts listening.
   *
   * @throws ToolgateException when bound beyond loopback without keys (and not {@code insecure}),
   *     or when the port cannot be bound
   */
  public ToolgateServer start() {
    if (started) {
      throw new IllegalStateException("the server is already started");
    }
    OpenServerCheck.check(settings, access.keysRequired());
    // Follow first, then list: a change made in between is seen twice, never missed.
    hooks.store().ifPresent(s -> s.follow(Set.of(RegistryStore.TOOLS), runtimeTools::applyRemote));
    int restored = runtimeTools.restore();
    if (restored > 0) {
      LOG.info("restored {} tool(s) registered through the API", restored);
    }
    if (!hooks.callObserverInstalled()) {
      LOG.warn(
          "ServerHooks.callObserver() is not installed in the invocation pipeline: per-tool"
              + " metrics and the audit log cover only calls made over REST");
    }
    listen();
    started = true;
    ready = true;
    LOG.info(
        "Toolgate listening on {} ({} tools, {}, registrations {})",
        uri(),
        gate.registry().size(),
        access.keysRequired() ? "API keys required" : "open",
        runtimeTools.durable()
            ? "durable in " + hooks.store().orElseThrow().describe()
            : "in memory");
    return this;
  }

  private void listen() {
    try {
      app.start();
    } catch (RuntimeException e) {
      throw new ToolgateException(
          "cannot listen on "
              + settings.host()
              + ":"
              + settings.port()
              + ": "
              + e.getMessage()
              + " (is the port in use? choose another server.port, or 0 for any free one)",
          e);
    }
  }

  /** The port it listens on (the chosen one when configured with port 0). */
  public int port() {
    return app.port();
  }

  /** The base URL, e.g. {@code http://127.0.0.1:8080}. */
  public URI uri() {
    String host = settings.host();
    if (host.equals("0.0.0.0")) {
      host = "127.0.0.1";
    } else if (host.contains(":") && !host.startsWith("[")) {
      host = "[" + host + "]";
    }
    return URI.create("http://" + host + ":" + port());
  }

  /** Whether the catalog is loaded and registrations restored (what {@code /readyz} says). */
  public boolean isReady() {
    return ready && !closed && readyWhen.getAsBoolean();
  }

  /**
   * Blocks until {@link #close()} is called (from another thread or a shutdown hook). Jetty's own
   * {@code join} returns at once on a virtual-thread pool, so this waits on the server instead.
   */
  public void join() throws InterruptedException {
    stopped.await();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    ready = false;
    try {
      app.stop();
    } finally {
      hooks.close();
      stopped.countDown();
    }
  }

  private void configure(JavalinConfig config) {
    new JavalinSetup(settings, mcp, guard, access, hooks.telemetry()).apply(config);
    ServerRoutes routes = new ServerRoutes(config.routes, gate, settings);
    ToolsApi tools =
        new ToolsApi(
            gate,
            settings,
            hooks.telemetry(),
            hooks.callObserverInstalled() ? CallObserver.NONE : hooks.observers());
    AdminApi admin = new AdminApi(runtimeTools, settings, hooks.audit());
    RouteTable.install(routes, tools, admin, opsApi(), settings.console(), modules);
  }

  private OpsApi opsApi() {
    Map<String, Object> features = new LinkedHashMap<>();
    features.put("auth", access.keysRequired() ? "api_keys" : "open");
    features.put("mcp", mcp.isPresent() ? "/mcp" : "");
    features.put("registrations", runtimeTools.durable() ? "durable" : "memory");
    return new OpsApi(
            gate, settings, hooks.telemetry(), this::isReady, features, sandboxes, federation)
        .withStoreStatus(hooks.store().map(s -> (Supplier<StoreStatus>) s::status));
  }

  /** Assembles a {@link ToolgateServer}. Not thread-safe. */
  public static final class Builder {
    private final Toolgate gate;
    private final ServerSettings settings;
    private ServerHooks hooks;
    private Function<ToolDefinition, ToolExecutor> executors = Builder::noExecutors;
    private HttpServlet mcp;
    private Sandboxes sandboxes;
    private McpFederation federation;
    private BooleanSupplier readyWhen = () -> true;
    private final List<RouteModule> modules = new ArrayList<>();

    private Builder(Toolgate gate, ServerSettings settings) {
      this.gate = Objects.requireNonNull(gate, "gate");
      this.settings = Objects.requireNonNull(settings, "settings");
    }

    /**
     * The store, metrics and audit log, with their observer already installed in the invocation
     * pipeline. Default: {@link ServerHooks#open} of the settings (observer not installed).
     */
    public Builder hooks(ServerHooks newHooks) {
      this.hooks = Objects.requireNonNull(newHooks, "hooks");
      return this;
    }

    /**
     * How tools registered through the API run: builds the executor of an HTTP or command tool (the
     * invocation module's executor factory). Without it, registration answers 400.
     */
    public Builder executors(Function<ToolDefinition, ToolExecutor> factory) {
      this.executors = Objects.requireNonNull(factory, "factory");
      return this;
    }

    /** The gateway this server is being built for. */
    public Toolgate gate() {
      return gate;
    }

    /** The MCP streamable-HTTP servlet to serve at {@code /mcp}. */
    public Builder mcp(HttpServlet servlet) {
      this.mcp = Objects.requireNonNull(servlet, "servlet");
      return this;
    }

    /**
     * The sandboxes: {@code GET /v1/sandboxes} reports their build state, and a tool registered for
     * an unknown sandbox is refused.
     */
    public Builder sandboxes(Sandboxes newSandboxes) {
      this.sandboxes = Objects.requireNonNull(newSandboxes, "sandboxes");
      return this;
    }

    /** The upstream MCP servers: {@code GET /v1/sources} and the console show their state. */
    public Builder federation(McpFederation newFederation) {
      this.federation = Objects.requireNonNull(newFederation, "federation");
      return this;
    }

    /**
     * A further condition for {@code /readyz}, e.g. that upstream MCP servers were tried once; by
     * default the server is ready as soon as it listens (the catalog is loaded before it starts).
     */
    public Builder readyWhen(BooleanSupplier condition) {
      this.readyWhen = Objects.requireNonNull(condition, "condition");
      return this;
    }

    /** Extra routes, e.g. the chat proxy. */
    public Builder routes(RouteModule... more) {
      modules.addAll(List.of(more));
      return this;
    }

    public ToolgateServer build() {
      return new ToolgateServer(this);
    }

    private static ToolExecutor noExecutors(ToolDefinition def) {
      throw new IllegalStateException(
          "this server cannot run HTTP or command tools registered at run time (no executor"
              + " factory configured)");
    }
  }
}
