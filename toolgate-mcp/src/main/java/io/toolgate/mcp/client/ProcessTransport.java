package io.toolgate.mcp.client;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The stdio client transport: starts the server as a child process and exchanges newline-delimited
 * JSON-RPC over its stdin and stdout.
 *
 * <p>Unlike the SDK's stdio transport it runs the process in a chosen working directory, keeps the
 * last lines of stderr to explain a crash, reports the process's exit ({@link #exited()}), and ends
 * the whole process tree on close ({@code npx} starts the real server as a grandchild).
 */
final class ProcessTransport implements McpClientTransport {
  private static final Logger LOG = LoggerFactory.getLogger(ProcessTransport.class);
  private static final int STDERR_LINES = 8;

  private final String server;
  private final List<String> command;
  private final Map<String, String> env;
  private final Optional<Path> cwd;
  private final McpJsonMapper mapper;
  private final Deque<String> stderrTail = new ArrayDeque<>();
  private final CompletableFuture<String> exited = new CompletableFuture<>();
  private final CompletableFuture<Process> started = new CompletableFuture<>();
  private final Object writeLock = new Object();
  private volatile Process process;
  private volatile boolean closing;

  ProcessTransport(McpServerSpec.Stdio spec, McpJsonMapper mapper) {
    this.server = spec.name();
    this.command = spec.command();
    this.env = spec.env();
    this.cwd = spec.cwd();
    this.mapper = mapper;
  }

  /** Completes with why the process ended (exit code and the tail of its stderr). */
  CompletableFuture<String> exited() {
    return exited;
  }

  /** The process id, once started. */
  Optional<Long> pid() {
    Process p = process;
    return p == null ? Optional.empty() : Optional.of(p.pid());
  }

  @Override
  public Mono<Void> connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    // The session subscribes without waiting, so messages may be sent before the process runs:
    // sendMessage waits for it.
    return Mono.fromRunnable(() -> start(handler));
  }

  private void start(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    ProcessBuilder builder = new ProcessBuilder(command);
    cwd.ifPresent(dir -> builder.directory(dir.toFile()));
    builder.environment().putAll(env);
    Process p;
    try {
      p = builder.start();
    } catch (IOException e) {
      String why = "cannot start " + String.join(" ", command) + ": " + e.getMessage();
      exited.complete(why);
      IllegalStateException failure = new IllegalStateException(why, e);
      started.completeExceptionally(failure);
      throw failure;
    }
    process = p;
    started.complete(p);
    Thread.ofVirtual().name("mcp-" + server + "-stdout").start(() -> readMessages(p, handler));
    Thread.ofVirtual().name("mcp-" + server + "-stderr").start(() -> readErrors(p));
    p.onExit().thenAccept(done -> exited.complete(exitReason(done)));
  }

  private void readMessages(
      Process p, Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        McpSchema.JSONRPCMessage message;
        try {
          message = McpSchema.deserializeJsonRpcMessage(mapper, line);
        } catch (IOException | RuntimeException e) {
          // Servers sometimes print banners on stdout; skip what is not JSON-RPC.
          LOG.debug("mcp server '{}' wrote a non-JSON-RPC line: {}", server, line);
          continue;
        }
        handler
            .apply(Mono.just(message))
            .subscribe(
                ignored -> {},
                e -> LOG.debug("mcp server '{}': handling a message failed", server, e));
      }
    } catch (IOException e) {
      if (!closing) {
        LOG.debug("mcp server '{}': stdout closed: {}", server, e.toString());
      }
    }
  }

  private void readErrors(Process p) {
    try (BufferedReader err =
        new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = err.readLine()) != null) {
        LOG.debug("[{}] {}", server, line);
        synchronized (stderrTail) {
          stderrTail.addLast(line);
          if (stderrTail.size() > STDERR_LINES) {
            stderrTail.removeFirst();
          }
        }
      }
    } catch (IOException e) {
      // the process ended
    }
  }

  private String exitReason(Process done) {
    String reason = "process exited with code " + done.exitValue();
    String tail;
    synchronized (stderrTail) {
      tail = String.join(" | ", stderrTail);
    }
    return tail.isEmpty() ? reason : reason + " (stderr: " + abbreviate(tail) + ")";
  }

  private static String abbreviate(String text) {
    return text.length() <= 300 ? text : "…" + text.substring(text.length() - 300);
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return Mono.fromFuture(started).flatMap(p -> Mono.fromRunnable(() -> write(p, message)));
  }

  private void write(Process p, McpSchema.JSONRPCMessage message) {
    if (!p.isAlive()) {
      throw new IllegalStateException("mcp server '" + server + "' is not running");
    }
    try {
      // Newline-delimited JSON-RPC: a message must not contain a raw newline.
      String json = mapper.writeValueAsString(message).replace("\n", "\\n");
      synchronized (writeLock) {
        OutputStream out = p.getOutputStream();
        out.write(json.getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        out.flush();
      }
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot write to mcp server '" + server + "': " + e.getMessage(), e);
    }
  }

  @Override
  public Mono<Void> closeGracefully() {
    return Mono.<Void>fromRunnable(this::stop).subscribeOn(Schedulers.boundedElastic());
  }

  @Override
  public void close() {
    stop();
  }

  /** Closes stdin, gives the server a moment to exit, then ends its whole process tree. */
  void stop() {
    closing = true;
    Process p = process;
    if (p == null) {
      return;
    }
    try {
      p.getOutputStream().close();
    } catch (IOException e) {
      // already closed
    }
    try {
      if (!p.waitFor(500, TimeUnit.MILLISECONDS)) {
        kill();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill();
    }
  }

  /** Ends the process and its descendants at once. */
  void kill() {
    Process p = process;
    if (p == null) {
      return;
    }
    List<ProcessHandle> tree = p.descendants().toList();
    tree.forEach(ProcessHandle::destroy);
    p.destroy();
    try {
      if (!p.waitFor(2, TimeUnit.SECONDS)) {
        tree.forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
    }
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
    return mapper.convertValue(data, typeRef);
  }
}
