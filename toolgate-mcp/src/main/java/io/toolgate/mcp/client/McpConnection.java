package io.toolgate.mcp.client;

import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * One live session with an upstream server: the SDK's async client on a stdio or streamable-HTTP
 * transport, used through blocking methods with explicit timeouts.
 *
 * <p>{@link #down()} completes, with the reason, when the connection is lost: the process exited,
 * or the owner gave up on it ({@link #markDown}). Calls in flight then fail at once instead of
 * waiting for their timeout.
 */
final class McpConnection implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(McpConnection.class);
  private static final Duration SDK_MARGIN = Duration.ofSeconds(5);

  private final McpServerSpec spec;
  private final McpAsyncClient client;
  private final Optional<ProcessTransport> process;
  private final CompletableFuture<String> down = new CompletableFuture<>();
  private final Instant opened = Instant.now();

  private McpConnection(
      McpServerSpec spec, McpAsyncClient client, Optional<ProcessTransport> process) {
    this.spec = spec;
    this.client = client;
    this.process = process;
    process.ifPresent(p -> p.exited().thenAccept(down::complete));
  }

  /**
   * Starts (stdio) or reaches (HTTP) the server and initializes a session.
   *
   * @param onToolsChanged runs when the server sends {@code notifications/tools/list_changed}
   * @throws McpUpstreamException with the reason when the server cannot be reached in time
   */
  static McpConnection open(
      McpServerSpec spec, McpClientOptions options, McpJsonMapper mapper, Runnable onToolsChanged) {
    Optional<ProcessTransport> process = Optional.empty();
    McpClientTransport transport;
    switch (spec) {
      case McpServerSpec.Stdio stdio -> {
        ProcessTransport p = new ProcessTransport(stdio, mapper);
        process = Optional.of(p);
        transport = p;
      }
      case McpServerSpec.Http http -> transport = httpTransport(http, mapper);
    }
    McpAsyncClient client =
        McpClient.async(transport)
            // Our own waits (await) time every request and say so in our words; the SDK's timer
            // only backs them up, later, so that its Reactor message never reaches a caller.
            .requestTimeout(longest(spec.timeout(), options.pingTimeout()).plus(SDK_MARGIN))
            .initializationTimeout(options.connectTimeout())
            .clientInfo(McpSchema.Implementation.builder("toolgate", "0.1.0").build())
            .toolsChangeConsumer(
                tools -> {
                  onToolsChanged.run();
                  return Mono.empty();
                })
            .build();
    McpConnection connection = new McpConnection(spec, client, process);
    try {
      CompletableFuture<McpSchema.InitializeResult> init = client.initialize().toFuture();
      connection.await(init, options.connectTimeout(), "initialize");
    } catch (McpUpstreamException e) {
      connection.close();
      throw e;
    }
    return connection;
  }

  private static McpClientTransport httpTransport(McpServerSpec.Http http, McpJsonMapper mapper) {
    URI url = http.url();
    String base = url.getScheme() + "://" + url.getRawAuthority();
    String endpoint =
        (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
            + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
    Map<String, String> headers = http.headers();
    HttpClientStreamableHttpTransport.Builder b =
        HttpClientStreamableHttpTransport.builder(base).endpoint(endpoint).jsonMapper(mapper);
    if (!headers.isEmpty()) {
      b.addHttpRequestCustomizer(
          (request, method, uri, body, context) -> headers.forEach(request::setHeader));
    }
    return b.build();
  }

  /** Every tool the server offers, following {@code nextCursor} to the last page. */
  List<McpSchema.Tool> listTools(Duration timeout) {
    List<McpSchema.Tool> tools = new ArrayList<>();
    Set<String> seenCursors = new HashSet<>();
    String cursor = null;
    do {
      McpSchema.ListToolsResult page =
          await(client.listTools(cursor).toFuture(), timeout, "tools/list");
      if (page.tools() != null) {
        tools.addAll(page.tools());
      }
      cursor = page.nextCursor();
      if (cursor != null && !seenCursors.add(cursor)) {
        throw new McpUpstreamException("tools/list repeated the cursor " + cursor, false);
      }
    } while (cursor != null && !cursor.isEmpty());
    return tools;
  }

  /** Calls {@code tool}; waits at most the server's timeout, and not at all once it is down. */
  McpSchema.CallToolResult call(String tool, Map<String, Object> arguments) {
    McpSchema.CallToolRequest request =
        McpSchema.CallToolRequest.builder(tool).arguments(arguments).build();
    return await(client.callTool(request).toFuture(), spec.timeout(), "tools/call " + tool);
  }

  /** Pings the server. */
  void ping(Duration timeout) {
    await(client.ping().toFuture(), timeout, "ping");
  }

  /**
   * Waits for {@code future}, giving up on timeout or as soon as the connection goes down.
   *
   * @throws McpUpstreamException why it failed; {@link McpUpstreamException#connectionLost()} says
   *     whether the server is gone rather than the request refused
   */
  private <T> T await(CompletableFuture<T> future, Duration timeout, String what) {
    try {
      CompletableFuture.anyOf(future, down).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new McpUpstreamException(
          what + " got no answer within " + seconds(timeout), false, true);
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new McpUpstreamException(what + " was interrupted", false);
    } catch (ExecutionException e) {
      // one of them failed: look at which below
    }
    if (!future.isDone()) {
      future.cancel(true);
      throw new McpUpstreamException(down.getNow("connection lost"), true);
    }
    try {
      return future.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (down.isDone()) {
        throw new McpUpstreamException(down.getNow("connection lost"), true);
      }
      if (isTimeout(cause)) {
        throw new McpUpstreamException(
            what + " got no answer within " + seconds(timeout), false, true);
      }
      boolean protocolError = cause instanceof io.modelcontextprotocol.spec.McpError;
      throw new McpUpstreamException(
          what + " failed: " + message(cause), !protocolError && !process.isPresent(), cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new McpUpstreamException(what + " was interrupted", false);
    }
  }

  /** Whether {@code t} is a timeout of the SDK (Reactor raises the JDK's TimeoutException). */
  private static boolean isTimeout(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c instanceof TimeoutException) {
        return true;
      }
    }
    return false;
  }

  private static Duration longest(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  private static String message(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root.getMessage();
    return m == null || m.isBlank() ? root.getClass().getSimpleName() : m;
  }

  static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  /** Completes with the reason when the connection is lost. */
  CompletableFuture<String> down() {
    return down;
  }

  /** Declares the connection lost (a hung server): fails calls in flight and ends the process. */
  void markDown(String why) {
    down.complete(why);
    close();
  }

  /** When the session was established. */
  Instant opened() {
    return opened;
  }

  Optional<Long> pid() {
    return process.flatMap(ProcessTransport::pid);
  }

  /** Ends the process tree at once (tests use this to simulate a crash). */
  void kill() {
    process.ifPresent(ProcessTransport::kill);
  }

  @Override
  public void close() {
    try {
      client.closeGracefully().block(Duration.ofSeconds(3));
    } catch (RuntimeException e) {
      LOG.debug("closing the session with mcp server '{}' failed: {}", spec.name(), e.toString());
      client.close();
    }
    process.ifPresent(ProcessTransport::stop);
    down.complete("closed");
  }
}
