package io.toolgate.mcp.server;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.DefaultMcpStreamableServerSessionFactory;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransportProviderBase;
import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.exposure.Exposure;
import io.toolgate.exposure.ToolMode;
import io.toolgate.invoke.CallOptions;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Toolgate as an MCP server: one connection for the host, the whole catalog behind it.
 *
 * <pre>{@code
 * try (ToolgateMcpServer mcp = ToolgateMcpServer.builder(gate)
 *     .exposure(Exposure.of(ToolMode.SEARCH_REGISTRY)   // tools/list = meta-tools + pinned
 *         .withProfile(Profile.RFC)                    // find_tools + use_tool
 *         .withPinned(List.of("time_now")))
 *     .build()) {
 *   mcp.serveStdio();                        // blocks until the host closes stdin
 * }
 *
 * // streamable HTTP, standalone (bin/toolgate mcp --http 8765):
 * try (McpHttpServer http = mcp.startHttp("127.0.0.1", 8765)) { http.join(); }
 *
 * // or mounted in another Jetty 12 (ee10) at /mcp; the servlet needs async support:
 * ServletHolder holder = new ServletHolder("mcp", mcp.httpServlet());
 * holder.setAsyncSupported(true);
 * context.addServlet(holder, "/mcp");
 * }</pre>
 *
 * <p>{@code tools/list} shows what the {@link Exposure} makes of the catalog at that moment ({@code
 * auto} counts an embedder as available when search reports a {@code vector} backend); {@code
 * tools/call} runs the meta-tools ({@code tool_search}, {@code tool_invoke}, {@code find_tools},
 * {@code use_tool}) and any catalog tool by name; every change of the catalog sends {@code
 * notifications/tools/list_changed} (bursts coalesced); the resource {@code
 * toolgate://capabilities} says which search backends are active. Protocol revisions 2024-11-05 to
 * 2025-11-25 are negotiated. One server may serve stdio and several HTTP endpoints at once.
 * Thread-safe. Closing it stops every transport it started; it does not close the {@link Toolgate}.
 */
public final class ToolgateMcpServer implements AutoCloseable {
  /** The MCP endpoint path of the HTTP transport. */
  public static final String DEFAULT_ENDPOINT = "/mcp";

  /**
   * The servlet request attribute through which whatever sits in front of {@link #httpServlet()}
   * (the REST server's API-key check) says who is calling: a {@link CallOptions} with the caller's
   * principal and tool filter. {@code tools/list}, searches and calls of that request obey it, so a
   * key limited to some tools sees and calls only those. Without it a request may use every tool.
   */
  public static final String CALL_OPTIONS_ATTRIBUTE = "io.toolgate.callOptions";

  private final Toolgate gate;
  private final McpJsonMapper mapper = McpJsonDefaults.getMapper();
  private final McpProtocol protocol;
  private final ToolsListing listing;
  private final ListChangedNotifier notifier;
  private final Duration requestTimeout;
  private final long maxMessageBytes;
  private final InboundMessages inbound;
  private final ExecutorService executor;
  private final Scheduler blocking;
  private final List<McpServerTransportProviderBase> providers = new CopyOnWriteArrayList<>();
  private final List<McpHttpServer> httpServers = new CopyOnWriteArrayList<>();

  private ToolgateMcpServer(Builder b) {
    this.gate = b.gate;
    this.requestTimeout = b.requestTimeout;
    this.executor =
        Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("toolgate-mcp-call-", 0).factory());
    this.blocking = Schedulers.fromExecutorService(executor, "toolgate-mcp");
    this.listing = new ToolsListing(gate, b.exposure, b.pageSize);
    this.protocol =
        new McpProtocol(
            gate,
            mapper,
            listing,
            b.exposure,
            McpSchema.Implementation.builder(b.name, b.version).title("Toolgate").build(),
            blocking);
    this.maxMessageBytes = b.maxMessageBytes;
    this.inbound = protocol.inboundMessages(mapper);
    this.notifier = new ListChangedNotifier(b.debounce);
    gate.registry().addListener(notifier);
  }

  /** Starts a server over {@code gate}: registry mode, Spice names, nothing pinned. */
  public static Builder builder(Toolgate gate) {
    return new Builder(gate);
  }

  /** What {@code tools/list} shows now, all pages together, sorted by name. */
  public List<ToolDefinition> listedTools() {
    return listing.listed();
  }

  /**
   * Serves one MCP session over this process's stdin and stdout, until the host closes stdin.
   *
   * <p>While it runs, {@code System.out} is pointed at stderr so that nothing but protocol messages
   * reaches stdout (a tool or library that prints would otherwise corrupt the stream); logs must go
   * to stderr too.
   */
  public void serveStdio() {
    PrintStream original = System.out;
    OutputStream stdout = new FileOutputStream(FileDescriptor.out);
    System.setOut(System.err);
    try {
      serveStdio(new FileInputStream(FileDescriptor.in), stdout);
    } finally {
      System.setOut(original);
    }
  }

  /**
   * Serves one MCP session over newline-delimited JSON-RPC on {@code in} and {@code out}; returns
   * when {@code in} ends and the requests read before it are answered (waiting at most the request
   * timeout, 30 s by default, in all). A line that is not a valid message is answered with a
   * JSON-RPC error (-32700, -32600, -32601 or -32602) and serving goes on; a blank line is skipped.
   */
  public void serveStdio(InputStream in, OutputStream out) {
    StdioFront front = new StdioFront(in, out, inbound, (int) maxMessageBytes, requestTimeout);
    StdioServerTransportProvider provider =
        new StdioServerTransportProvider(mapper, front.forwarded(), front.output());
    provider.setSessionFactory(
        transport ->
            new McpServerSession(
                UUID.randomUUID().toString(),
                requestTimeout,
                transport,
                request -> protocol.initialize(request, provider.protocolVersions()),
                protocol.requestHandlers(),
                protocol.notificationHandlers()));
    register(provider);
    try {
      front.run();
      front.awaitDrained(Duration.ofSeconds(5));
    } finally {
      unregister(provider);
      front.end();
      provider.closeGracefully().block(Duration.ofSeconds(5));
    }
  }

  /** A streamable-HTTP servlet answering at {@value #DEFAULT_ENDPOINT}. */
  public HttpServlet httpServlet() {
    return httpServlet(DEFAULT_ENDPOINT);
  }

  /**
   * A streamable-HTTP servlet (MCP 2025-03-26 and later) to mount at {@code endpoint} in a Jetty 12
   * ee10 (or any Servlet 6) container. Mount it with async support enabled: server-sent event
   * streams use {@code startAsync}. Each call makes a new servlet with its own sessions; all of
   * them receive {@code list_changed}.
   *
   * @param endpoint the request path the servlet is mapped to, e.g. {@code /mcp}; requests whose
   *     path does not end with it are answered 404
   */
  public HttpServlet httpServlet(String endpoint) {
    HttpServletStreamableServerTransportProvider provider =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(mapper)
            .mcpEndpoint(endpoint)
            .contextExtractor(ToolgateMcpServer::callerContext)
            .build();
    List<String> versions = provider.protocolVersions();
    provider.setSessionFactory(
        new DefaultMcpStreamableServerSessionFactory(
            requestTimeout,
            request -> protocol.initialize(request, versions),
            protocol.requestHandlers(),
            protocol.notificationHandlers(),
            sessionId -> Mono.empty()));
    register(provider);
    return new McpHttpFront(provider, inbound, maxMessageBytes);
  }

  /** Carries the request's {@value #CALL_OPTIONS_ATTRIBUTE} to the handlers of that request. */
  private static McpTransportContext callerContext(HttpServletRequest request) {
    return request.getAttribute(CALL_OPTIONS_ATTRIBUTE) instanceof CallOptions options
        ? McpTransportContext.create(Map.of(McpProtocol.CALL_OPTIONS, options))
        : McpTransportContext.EMPTY;
  }

  /**
   * Serves streamable HTTP at {@code http://host:port/mcp} in an embedded Jetty 12 of its own.
   *
   * @param port a TCP port, or 0 for any free one (see {@link McpHttpServer#port()})
   * @throws io.toolgate.ToolgateException when the port cannot be bound
   */
  public McpHttpServer startHttp(String host, int port) {
    McpHttpServer server = McpHttpServer.start(host, port, DEFAULT_ENDPOINT, httpServlet());
    httpServers.add(server);
    return server;
  }

  private void register(McpServerTransportProviderBase provider) {
    providers.add(provider);
    notifier.add(provider);
  }

  private void unregister(McpServerTransportProviderBase provider) {
    providers.remove(provider);
    notifier.remove(provider);
  }

  @Override
  public void close() {
    gate.registry().removeListener(notifier);
    for (McpHttpServer http : httpServers) {
      http.close();
    }
    for (McpServerTransportProviderBase provider : providers) {
      try {
        provider.closeGracefully().block(Duration.ofSeconds(5));
      } catch (RuntimeException e) {
        provider.close();
      }
    }
    providers.clear();
    blocking.dispose();
    executor.shutdownNow();
  }

  /** Configures a {@link ToolgateMcpServer}. Not thread-safe. */
  public static final class Builder {
    private final Toolgate gate;
    private Exposure exposure = Exposure.of(ToolMode.SEARCH_REGISTRY);
    private int pageSize = 100;
    private Duration debounce = Duration.ofMillis(100);
    private Duration requestTimeout = Duration.ofSeconds(30);
    private long maxMessageBytes = 1024 * 1024;
    private String name = "toolgate";
    private String version = "0.1.0";

    private Builder(Toolgate gate) {
      this.gate = Objects.requireNonNull(gate, "gate");
    }

    /**
     * What {@code tools/list} shows: mode, meta-tool profile and pinned tools; {@code
     * search_registry} with the Spice names by default.
     */
    public Builder exposure(Exposure exposure) {
      this.exposure = Objects.requireNonNull(exposure, "exposure");
      return this;
    }

    /** Tools per {@code tools/list} page, 1 to 10,000; 100 by default. */
    public Builder pageSize(int pageSize) {
      if (pageSize < 1 || pageSize > 10_000) {
        throw new IllegalArgumentException(
            "page size must be between 1 and 10000, got " + pageSize);
      }
      this.pageSize = pageSize;
      return this;
    }

    /** How long catalog changes are gathered into one {@code list_changed}; 100 ms by default. */
    public Builder listChangedDebounce(Duration debounce) {
      if (debounce.isNegative()) {
        throw new IllegalArgumentException("debounce must not be negative, got " + debounce);
      }
      this.debounce = debounce;
      return this;
    }

    /** How long requests the server sends to a client may take; 30 s by default. */
    public Builder requestTimeout(Duration requestTimeout) {
      this.requestTimeout = Objects.requireNonNull(requestTimeout, "requestTimeout");
      return this;
    }

    /**
     * The largest message accepted, in bytes (1 MiB by default): a longer stdio line is answered
     * with -32700, a larger HTTP body with 413.
     */
    public Builder maxMessageBytes(long bytes) {
      if (bytes < 1024 || bytes > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException(
            "max message bytes must be between 1024 and "
                + (Integer.MAX_VALUE - 8)
                + ", got "
                + bytes);
      }
      this.maxMessageBytes = bytes;
      return this;
    }

    /** The {@code serverInfo} announced at {@code initialize}. */
    public Builder serverInfo(String name, String version) {
      this.name = Objects.requireNonNull(name, "name");
      this.version = Objects.requireNonNull(version, "version");
      return this;
    }

    public ToolgateMcpServer build() {
      return new ToolgateMcpServer(this);
    }
  }
}
