package io.toolgate.invoke;

import static io.toolgate.invoke.ToolInvoker.describe;
import static io.toolgate.invoke.ToolInvoker.failure;
import static io.toolgate.invoke.ToolInvoker.jsonBytes;
import static io.toolgate.invoke.ToolInvoker.millisSince;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.concurrent.BriefSpin;
import io.toolgate.invoke.spi.ToolCall;
import io.toolgate.invoke.spi.ToolExecutionException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;

/**
 * Runs one call's executor on its own virtual thread under the policy's timeout: starts the worker
 * named {@code toolgate-call:<tool>}, waits for it, interrupts it on timeout and gives it {@code
 * cancelGrace} to clean up, and turns what it returned or threw into a {@link ToolResult} (a result
 * over the policy's {@code max_result_bytes} becomes {@code too_large}).
 *
 * <p>The last step of {@link ToolInvoker}'s pipeline, after the tool is found, its arguments are
 * valid and it holds a concurrency permit. Thread-safe: it keeps no state between calls.
 */
final class CallWorker {
  // The invoker's logger: operators filter on it and docs/server.md shows these lines under it.
  private static final Logger LOG = LoggerFactory.getLogger(ToolInvoker.class);

  private final Duration cancelGrace;

  CallWorker(Duration cancelGrace) {
    this.cancelGrace = cancelGrace;
  }

  /** Runs {@code tool} with {@code args}; {@code start} is the call's {@link System#nanoTime()}. */
  ToolResult run(
      RegisteredTool tool, JsonNode args, CallOptions opts, CallPolicy policy, long start) {
    String name = tool.name();
    Instant deadline = Instant.now().plus(policy.timeout());
    ToolCall call =
        new ToolCall(
            name, args, opts.context(), opts.trace(), Optional.of(deadline), opts.principal());
    CompletableFuture<JsonNode> outcome = new CompletableFuture<>();
    Thread worker = start(tool, call, outcome);
    // An in-process tool answers in microseconds; parking at once added an OS wake-up to every
    // such call (67 µs at the median, 2 µs spinning first: InvokeBenchmark).
    BriefSpin.until(outcome::isDone);
    long remaining = policy.timeout().toNanos() - (System.nanoTime() - start);
    JsonNode value;
    try {
      value = outcome.get(Math.max(remaining, 0), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      cancel(worker);
      return failure(
          name,
          ErrorCode.TIMEOUT,
          "timed out after " + policy.timeout().toMillis() + " ms; the call was cancelled",
          start);
    } catch (ExecutionException e) {
      return fromException(name, e.getCause(), start);
    } catch (InterruptedException e) {
      cancel(worker);
      Thread.currentThread().interrupt();
      return failure(name, ErrorCode.UNAVAILABLE, "the call was interrupted", start);
    }
    return sized(name, value == null ? NullNode.getInstance() : value, policy, start);
  }

  private static Thread start(
      RegisteredTool tool, ToolCall call, CompletableFuture<JsonNode> outcome) {
    return Thread.ofVirtual()
        .name("toolgate-call:" + tool.name())
        .start(
            () -> {
              try {
                outcome.complete(tool.executor().execute(call));
              } catch (Throwable t) {
                outcome.completeExceptionally(t);
              }
            });
  }

  /** The result, or {@code too_large} when it is over the policy's cap. */
  private static ToolResult sized(String name, JsonNode result, CallPolicy policy, long start) {
    long size = jsonBytes(result);
    if (size > policy.maxResultBytes()) {
      return failure(
          name,
          ErrorCode.TOO_LARGE,
          "the result is " + size + " bytes of JSON, over the limit of " + policy.maxResultBytes(),
          start);
    }
    return ToolResult.success(name, result, millisSince(start));
  }

  /**
   * Interrupts the worker and gives it a moment to clean up (kill its processes, close sockets).
   */
  private void cancel(Thread worker) {
    worker.interrupt();
    try {
      if (!worker.join(cancelGrace)) {
        LOG.warn("{} ignored its interruption for {} ms", worker.getName(), cancelGrace.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * The result of a call whose executor threw, logged (one line, no stack trace) as the operator's
   * record of why a tool failed. The line carries the message the caller gets, so what an executor
   * keeps out of that message (a secret's value: {@link SecretRedactor}) stays out of the log too.
   */
  private static ToolResult fromException(String name, Throwable cause, long start) {
    ToolResult result;
    if (cause instanceof ToolExecutionException te) {
      result = failure(name, te.code(), te.getMessage(), start);
    } else if (cause instanceof InterruptedException) {
      result = failure(name, ErrorCode.TIMEOUT, "the call was interrupted", start);
    } else {
      if (cause instanceof Error err && !(cause instanceof StackOverflowError)) {
        LOG.error("tool {} raised an error", name, err);
      }
      result = failure(name, ErrorCode.EXECUTION_FAILED, describe(cause), start);
    }
    ToolError error = result.error().orElseThrow();
    LOG.info("call of {} failed with {}: {}", name, error.code().wire(), error.message());
    return result;
  }
}
