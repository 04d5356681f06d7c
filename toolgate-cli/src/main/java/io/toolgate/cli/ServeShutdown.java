package io.toolgate.cli;

import io.toolgate.server.ToolgateServer;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * How {@code toolgate serve} stops on SIGTERM or Ctrl-C, at any point: the shutdown hook is
 * registered before anything starts, stops the server once there is one, and waits (up to {@link
 * #WAIT}) until the command has closed everything it opened (server state, stores, upstream MCP
 * servers, embedders), so that the JVM does not exit under a half-closed gateway.
 *
 * <pre>{@code
 * try (ServeShutdown shutdown = ServeShutdown.register()) {
 *   try (Serving serving = start()) {       // a stop meanwhile: start fails or serve() says no
 *     if (shutdown.serve(serving.server())) {
 *       serving.server().join();            // until the hook closes the server
 *     }
 *   }
 * }                                         // closed: the hook lets the JVM exit
 * }</pre>
 *
 * <p>Before, the hook was registered once the server listened and closed the server only: a stop
 * while the gateway started (loading a model takes seconds) ran no hook of serve's, and the rest of
 * the gateway was closed on the main thread while the JVM exited. Thread-safe.
 */
final class ServeShutdown implements AutoCloseable {
  /** How long the hook waits for the command to close what it opened. */
  static final Duration WAIT = Duration.ofSeconds(30);

  private final CountDownLatch closed = new CountDownLatch(1);
  private final PrintStream err;
  private final Thread hook = new Thread(this::stop, "toolgate-shutdown");
  private volatile boolean stopping;
  private volatile ToolgateServer server;

  private ServeShutdown(PrintStream err) {
    this.err = err;
  }

  /** Registers the hook; from now on a stop waits for {@link #close()}. */
  static ServeShutdown register() {
    ServeShutdown shutdown = new ServeShutdown(System.err);
    Runtime.getRuntime().addShutdownHook(shutdown.hook);
    return shutdown;
  }

  /**
   * Hands over the started server, for the hook to close; false (and the server closed) when a stop
   * came first.
   */
  boolean serve(ToolgateServer started) {
    server = started;
    if (stopping) {
      started.close();
      return false;
    }
    return true;
  }

  /** Whether a stop began: what fails now may fail because of it. */
  boolean stopping() {
    return stopping;
  }

  /** Everything is closed: a stop may let the JVM exit; without one, the hook is removed. */
  @Override
  public void close() {
    closed.countDown();
    if (!stopping) {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // the JVM began exiting meanwhile: the hook runs and returns at once
      }
    }
  }

  /** The hook: stops the server (when there is one) and waits for the command to close. */
  private void stop() {
    stopping = true;
    ToolgateServer running = server;
    if (running != null) {
      running.close();
    }
    try {
      if (!closed.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        err.println(
            "toolgate: still closing after " + WAIT.toSeconds() + " s; exiting without waiting");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
