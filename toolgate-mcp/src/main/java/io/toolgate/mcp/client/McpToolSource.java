package io.toolgate.mcp.client;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.toolgate.ErrorCode;
import io.toolgate.catalog.DuplicateToolException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.catalog.spi.ToolSource;
import io.toolgate.invoke.spi.ToolExecutionException;
import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tools of one upstream MCP server, kept in the catalog and kept alive.
 *
 * <pre>{@code
 * McpToolSource fs = new McpToolSource(McpServerSpec.Stdio.of("fs", cmd), registry, options);
 * fs.start();                       // connects in the background, with backoff on failure
 * fs.awaitFirstAttempt(Duration.ofSeconds(30));
 * fs.state();                       // CONNECTED, 14 tools
 * }</pre>
 *
 * <p>Once connected, the server's tools (every page of {@code tools/list}) join the registry as
 * {@code <server>__<tool>} from source {@code mcp:<server>}, with annotations and output schema;
 * its {@code list_changed} notifications refresh them through {@link ToolRegistry#replaceSource}.
 * Calls are forwarded with the server's timeout.
 *
 * <p>When the server dies (its process exits, its HTTP endpoint refuses) or hangs (a ping or call
 * gets no answer), its tools stay in the catalog but answer {@code unavailable} with the reason,
 * and a supervisor thread restarts or reconnects it with exponential backoff; its tools then work
 * again. Other servers are not affected. Thread-safe.
 */
public final class McpToolSource implements ToolSource, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(McpToolSource.class);
  private static final Duration STABLE = Duration.ofSeconds(10);

  private final McpServerSpec spec;
  private final ToolRegistry registry;
  private final McpClientOptions options;
  private final McpJsonMapper mapper = McpJsonDefaults.getMapper();
  private final Map<String, ToolExecutor> executors = new ConcurrentHashMap<>();
  private final CountDownLatch firstAttempt = new CountDownLatch(1);
  private final AtomicBoolean refreshPending = new AtomicBoolean();
  private final Object sleeper = new Object();
  private volatile McpConnection connection;
  private volatile List<RegisteredTool> tools = List.of();
  private volatile SourceState state;
  private volatile boolean closed;
  private volatile Instant nextAttempt = Instant.EPOCH;
  private Thread supervisor;

  /**
   * @param spec how to reach the server
   * @param registry the catalog its tools join
   * @param options connect timeout, backoff and health checks
   */
  public McpToolSource(McpServerSpec spec, ToolRegistry registry, McpClientOptions options) {
    this.spec = Objects.requireNonNull(spec, "spec");
    this.registry = Objects.requireNonNull(registry, "registry");
    this.options = Objects.requireNonNull(options, "options");
    this.state =
        new SourceState(
            spec.sourceId(),
            spec.name(),
            spec.transport(),
            SourceState.Status.CONNECTING,
            0,
            Optional.empty(),
            Instant.now(),
            0,
            Optional.empty());
  }

  @Override
  public String id() {
    return spec.sourceId();
  }

  /** How the server is reached. */
  public McpServerSpec spec() {
    return spec;
  }

  /** The server's tools as last listed (also while it is down). */
  @Override
  public List<RegisteredTool> load() {
    return tools;
  }

  /** The current state. */
  public SourceState state() {
    return state;
  }

  /** Starts the supervisor: connect, list, watch, reconnect. Returns at once. */
  public synchronized void start() {
    if (supervisor != null) {
      return;
    }
    supervisor = Thread.ofVirtual().name("mcp-source-" + spec.name()).start(this::supervise);
  }

  /**
   * Waits until the first connection attempt has succeeded or failed.
   *
   * @return whether the server is connected now
   */
  public boolean awaitFirstAttempt(Duration timeout) throws InterruptedException {
    firstAttempt.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    return state.status() == SourceState.Status.CONNECTED;
  }

  private void supervise() {
    int attempt = 0;
    while (!closed) {
      if (state.status() != SourceState.Status.DOWN) {
        // A server that failed stays DOWN while it is retried, until it is back.
        setStatus(SourceState.Status.CONNECTING, Optional.empty());
      }
      McpConnection c;
      try {
        c = McpConnection.open(spec, options, mapper, this::scheduleRefresh);
      } catch (RuntimeException e) {
        attempt++;
        fail("cannot connect: " + e.getMessage(), attempt);
        continue;
      }
      try {
        refresh(c);
      } catch (RuntimeException e) {
        c.close();
        attempt++;
        fail("cannot list tools: " + e.getMessage(), attempt);
        continue;
      }
      connection = c;
      setStatus(SourceState.Status.CONNECTED, Optional.empty());
      firstAttempt.countDown();
      String why = watch(c);
      connection = null;
      c.close();
      if (closed) {
        break;
      }
      if (Duration.between(c.opened(), Instant.now()).compareTo(STABLE) >= 0) {
        attempt = 0;
      }
      attempt++;
      LOG.warn("mcp server '{}' is down: {}; reconnecting", spec.name(), why);
      fail(why, attempt);
    }
    setStatus(SourceState.Status.CLOSED, Optional.empty());
  }

  /** Records a failure, then sleeps the backoff (cut short by close). */
  private void fail(String why, int attempt) {
    Duration wait = options.backoff(attempt);
    nextAttempt = Instant.now().plus(wait);
    SourceState s = state;
    state =
        new SourceState(
            s.source(),
            s.server(),
            s.transport(),
            SourceState.Status.DOWN,
            tools.size(),
            Optional.of(why),
            Instant.now(),
            s.restarts() + (s.status() == SourceState.Status.CONNECTED ? 1 : 0),
            Optional.empty());
    firstAttempt.countDown();
    synchronized (sleeper) {
      long end = System.nanoTime() + wait.toNanos();
      long left;
      while (!closed && (left = end - System.nanoTime()) > 0) {
        try {
          TimeUnit.NANOSECONDS.timedWait(sleeper, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /** Blocks while {@code c} is healthy; returns why it is not. */
  private String watch(McpConnection c) {
    while (!closed) {
      try {
        return c.down().get(options.healthInterval().toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        try {
          c.ping(options.pingTimeout());
        } catch (McpUpstreamException pingFailed) {
          String why = "not answering (" + pingFailed.getMessage() + ")";
          c.markDown(why);
          return why;
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return "interrupted";
      } catch (java.util.concurrent.ExecutionException e) {
        return String.valueOf(e.getCause());
      }
    }
    return "closed";
  }

  private void scheduleRefresh() {
    if (refreshPending.compareAndSet(false, true)) {
      Thread.ofVirtual()
          .name("mcp-refresh-" + spec.name())
          .start(
              () -> {
                refreshPending.set(false);
                McpConnection c = connection;
                if (c != null && !closed) {
                  try {
                    refresh(c);
                    setStatus(SourceState.Status.CONNECTED, Optional.empty());
                  } catch (RuntimeException e) {
                    LOG.warn("refreshing the tools of mcp server '{}' failed", spec.name(), e);
                  }
                }
              });
    }
  }

  /** Lists the server's tools and makes them the source's tools in the registry. */
  private synchronized void refresh(McpConnection c) {
    List<McpSchema.Tool> listed = c.listTools(spec.timeout());
    List<RegisteredTool> fresh = new ArrayList<>();
    Set<String> names = new HashSet<>();
    List<String> skipped = new ArrayList<>();
    for (McpSchema.Tool tool : listed) {
      ToolDefinition def;
      try {
        def = UpstreamWire.definition(spec, tool);
      } catch (RuntimeException e) {
        skipped.add(tool.name() + " (" + e.getMessage() + ")");
        continue;
      }
      if (!names.add(def.name())) {
        skipped.add(tool.name() + " (its name clashes with another tool of this server)");
        continue;
      }
      fresh.add(new RegisteredTool(def, executors.computeIfAbsent(tool.name(), this::executor)));
    }
    while (true) {
      try {
        registry.replaceSource(spec.sourceId(), fresh);
        break;
      } catch (DuplicateToolException e) {
        // Another source owns one of these names: leave that tool out, keep the rest.
        List<RegisteredTool> kept = new ArrayList<>();
        for (RegisteredTool t : fresh) {
          Optional<RegisteredTool> owner = registry.get(t.name());
          if (owner.isPresent() && !owner.get().definition().source().equals(spec.sourceId())) {
            skipped.add(t.name() + " (taken by " + owner.get().definition().source() + ")");
          } else {
            kept.add(t);
          }
        }
        if (kept.size() == fresh.size()) {
          throw e;
        }
        fresh = kept;
      }
    }
    tools = List.copyOf(fresh);
    if (!skipped.isEmpty()) {
      LOG.warn("mcp server '{}': left out {}", spec.name(), skipped);
    }
  }

  /** The executor of upstream tool {@code upstreamName}; stable across reconnects. */
  private ToolExecutor executor(String upstreamName) {
    String catalogName = UpstreamWire.catalogName(spec.name(), upstreamName);
    return call -> {
      McpConnection c = connection;
      if (c == null || c.down().isDone()) {
        throw unavailable(catalogName, state.lastError().orElse("not connected"));
      }
      McpSchema.CallToolResult result;
      try {
        result = c.call(upstreamName, Json.toMap(call.arguments()));
      } catch (McpUpstreamException e) {
        if (e.connectionLost()) {
          c.markDown(e.getMessage());
          throw unavailable(catalogName, e.getMessage());
        }
        if (e.timedOut()) {
          checkAlive(c);
          throw new ToolExecutionException(
              ErrorCode.TIMEOUT,
              catalogName
                  + ": MCP server '"
                  + spec.name()
                  + "' did not answer within "
                  + McpConnection.seconds(spec.timeout())
                  + " (its timeout_ms under mcp_servers); the call was abandoned");
        }
        throw new ToolExecutionException(
            ErrorCode.EXECUTION_FAILED, catalogName + ": " + e.getMessage(), e);
      }
      if (Boolean.TRUE.equals(result.isError())) {
        throw new ToolExecutionException(
            ErrorCode.EXECUTION_FAILED, catalogName + ": " + UpstreamWire.errorText(result));
      }
      return UpstreamWire.result(result);
    };
  }

  /** After a call timed out: ping, and treat the server as hung when it does not answer. */
  private void checkAlive(McpConnection c) {
    Thread.ofVirtual()
        .name("mcp-health-" + spec.name())
        .start(
            () -> {
              try {
                c.ping(options.pingTimeout());
              } catch (McpUpstreamException e) {
                c.markDown("not answering (" + e.getMessage() + ")");
              }
            });
  }

  private ToolExecutionException unavailable(String tool, String why) {
    long wait = Math.max(0, Duration.between(Instant.now(), nextAttempt).toMillis());
    String retry =
        wait > 0 ? "reconnecting (next attempt in " + (wait + 999) / 1000 + " s)" : "reconnecting";
    return new ToolExecutionException(
        ErrorCode.UNAVAILABLE,
        tool + ": MCP server '" + spec.name() + "' is down: " + why + "; " + retry);
  }

  private void setStatus(SourceState.Status status, Optional<String> error) {
    SourceState s = state;
    McpConnection c = connection;
    state =
        new SourceState(
            s.source(),
            s.server(),
            s.transport(),
            status,
            tools.size(),
            error.isPresent() ? error : s.lastError(),
            status == s.status() ? s.since() : Instant.now(),
            s.restarts(),
            c == null ? Optional.empty() : c.pid());
  }

  /** Ends the server's process tree now, as a crash would (for tests and drills). */
  public void killForTesting() {
    McpConnection c = connection;
    if (c != null) {
      c.kill();
    }
  }

  /** Stops the supervisor, closes the session and removes the server's tools from the registry. */
  @Override
  public void close() {
    closed = true;
    synchronized (sleeper) {
      sleeper.notifyAll();
    }
    McpConnection c = connection;
    if (c != null) {
      c.markDown("closed");
    }
    Thread t;
    synchronized (this) {
      t = supervisor;
    }
    if (t != null) {
      try {
        t.join(Duration.ofSeconds(10));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    registry.removeSource(spec.sourceId());
    tools = List.of();
    setStatus(SourceState.Status.CLOSED, Optional.empty());
  }
}
