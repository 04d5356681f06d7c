package io.toolgate.embeddings.onnx;

import ai.onnxruntime.OrtException;
import io.toolgate.search.spi.EmbeddingException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps JVM exit from tearing ONNX Runtime down under a native call: every call of this module into
 * ONNX Runtime (creating, running and closing a session) holds a shared permit, and a shutdown hook
 * waits for the permits in flight before letting the JVM go on to exit.
 *
 * <pre>{@code
 * ExitGate.JVM.hookJvmExit();                      // once, before the first model loads
 * OrtSession s = ExitGate.JVM.call(() -> env.createSession(bytes, options));
 * }</pre>
 *
 * <p>Why: shutdown hooks run side by side, and ONNX Runtime's own ({@code
 * OrtEnvironment$OrtEnvCloser}) frees the native environment while other threads may still be
 * inside ONNX Runtime; after the hooks, the C runtime's {@code exit()} runs the library's static
 * destructors too. A thread still in a native call then crashed the process with SIGSEGV and an
 * {@code hs_err_pid*.log} instead of a clean exit: {@code toolgate serve} stopped with SIGTERM
 * while loading a model, or while embedding tools in the background, did. This gate makes exit wait
 * for those calls, and {@link EnvironmentPin} keeps ONNX Runtime's hook from freeing the
 * environment before they left.
 *
 * <p>Once exit began, calls that have not started fail at once with an {@link EmbeddingException}
 * ({@value #SHUTTING_DOWN}) instead of starting; the hook waits up to {@link #EXIT_WAIT} for those
 * in flight (a model loads in about a second, a batch runs in well under one), naming them in the
 * log when that takes more than a second. Hooks run before {@code exit()}, so the destructors run
 * after the last call left.
 *
 * <p>Thread-safe. A permit is an uncontended read lock's {@code tryLock} (a compare-and-set and a
 * per-thread hold count, not measured apart; a query embeds in 3-5 ms); calls never wait for one
 * another or for the hook, only the hook waits for them.
 */
final class ExitGate {
  /**
   * The gate of every ONNX Runtime call in this JVM; once the calls left at exit, it drops {@link
   * EnvironmentPin}'s reference to ONNX Runtime's environment, which frees it.
   */
  static final ExitGate JVM = new ExitGate(EnvironmentPin::release);

  /** How long JVM exit waits for native calls in flight. */
  static final Duration EXIT_WAIT = Duration.ofSeconds(30);

  static final String SHUTTING_DOWN =
      "ONNX Runtime is shutting down (the JVM is exiting); no new model call starts";

  // How long exit waits before it says what it waits for.
  private static final long QUIET_WAIT = TimeUnit.SECONDS.toNanos(1);

  private static final Logger LOG = LoggerFactory.getLogger(ExitGate.class);

  // Calls hold the read lock; the exiting JVM takes the write lock and never gives it back.
  private final ReentrantReadWriteLock permits = new ReentrantReadWriteLock();
  private final Runnable afterCalls;
  private volatile boolean exiting;
  private boolean hooked;

  /**
   * A gate that runs {@code afterCalls} at exit once no call is in flight (not when it gave up).
   */
  ExitGate(Runnable afterCalls) {
    this.afterCalls = afterCalls;
  }

  /** A native call; may throw ONNX Runtime's checked exception. */
  @FunctionalInterface
  interface Call<T> {
    T run() throws OrtException;
  }

  /**
   * Registers the shutdown hook that waits for calls in flight, the first time; call it before
   * loading a model.
   *
   * @throws EmbeddingException when the JVM is exiting already (no model should start loading)
   */
  synchronized void hookJvmExit() {
    if (hooked) {
      return;
    }
    if (exiting) {
      throw shuttingDown();
    }
    try {
      Runtime.getRuntime()
          .addShutdownHook(new Thread(() -> shutDown(EXIT_WAIT), "toolgate-onnx-exit"));
      hooked = true;
    } catch (IllegalStateException e) {
      // The JVM is already running its shutdown hooks: it would exit under the model's load.
      exiting = true;
      throw shuttingDown();
    }
  }

  /**
   * Runs {@code call} holding a permit.
   *
   * @throws EmbeddingException {@value #SHUTTING_DOWN}, without running it, once exit began
   */
  <T> T call(Call<T> call) throws OrtException {
    if (!enter()) {
      throw shuttingDown();
    }
    try {
      return call.run();
    } finally {
      permits.readLock().unlock();
    }
  }

  /**
   * Runs {@code call} holding a permit, or not at all once exit began (freeing what the exiting
   * process frees anyway); whether it ran.
   */
  boolean callUnlessExiting(Call<?> call) throws OrtException {
    if (!enter()) {
      return false;
    }
    try {
      call.run();
      return true;
    } finally {
      permits.readLock().unlock();
    }
  }

  /** Takes a permit unless exit began; whether it did. */
  private boolean enter() {
    // tryLock, not lock: it fails only while the exiting JVM holds the write lock, so a call
    // never blocks; the flag, read after the lock is held, turns away calls that slip in while
    // the hook still waits for the write lock.
    if (!permits.readLock().tryLock()) {
      return false;
    }
    if (exiting) {
      permits.readLock().unlock();
      return false;
    }
    return true;
  }

  /** Whether exit began: calls no longer start. */
  boolean exiting() {
    return exiting;
  }

  /**
   * Turns new calls away, waits up to {@code wait} for those in flight and, when they left, runs
   * the gate's last step; the shutdown hook's work. Returns whether every call left in time.
   */
  boolean shutDown(Duration wait) {
    if (awaitCalls(wait)) {
      afterCalls.run();
      return true;
    }
    return false;
  }

  private boolean awaitCalls(Duration wait) {
    exiting = true;
    long deadline = System.nanoTime() + wait.toNanos();
    try {
      if (permits.writeLock().tryLock(Math.min(wait.toNanos(), QUIET_WAIT), TimeUnit.NANOSECONDS)) {
        return true;
      }
      long left = deadline - System.nanoTime();
      if (left > 0) {
        LOG.info(
            "waiting up to {} s for ONNX Runtime calls in flight before exiting: {}",
            wait.toSeconds(),
            String.join(", ", callsInFlight()));
        if (permits.writeLock().tryLock(left, TimeUnit.NANOSECONDS)) {
          return true;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    LOG.warn(
        "ONNX Runtime calls still in flight after {} ms, exiting anyway (the JVM may crash): {}",
        wait.toMillis(),
        String.join(", ", callsInFlight()));
    return false;
  }

  /** Threads inside ONNX Runtime, as {@code thread in Class.method}; for the log only. */
  private static List<String> callsInFlight() {
    List<String> calls = new ArrayList<>();
    for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
      for (StackTraceElement frame : e.getValue()) {
        if (frame.getClassName().startsWith("ai.onnxruntime.")) {
          String type = frame.getClassName().substring("ai.onnxruntime.".length());
          calls.add(e.getKey().getName() + " in " + type + "." + frame.getMethodName());
          break;
        }
      }
    }
    return calls;
  }

  private static EmbeddingException shuttingDown() {
    return new EmbeddingException(SHUTTING_DOWN);
  }
}
