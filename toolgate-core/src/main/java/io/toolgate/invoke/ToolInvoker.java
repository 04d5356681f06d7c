package io.toolgate.invoke;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.RegistryEvent;
import io.toolgate.catalog.Strings;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolPolicy;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.json.Json;
import io.toolgate.schema.ArgumentValidator;
import io.toolgate.schema.Violation;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The call pipeline: resolve the tool in the registry, authorize, validate the arguments, run the
 * executor on a virtual thread under the effective {@link CallPolicy}, and normalize the outcome
 * into a {@link ToolResult}.
 *
 * <pre>{@code
 * ToolInvoker invoker = ToolInvoker.builder(registry)
 *     .defaults(CallPolicy.DEFAULTS.withTimeout(Duration.ofSeconds(10)))
 *     .sandboxPolicies(sandboxes::policyOf)
 *     .observer(auditLog)
 *     .build();
 * ToolResult r = invoker.invoke("time_now", Json.parse("{\"tz\": \"UTC\"}"), CallOptions.DEFAULT);
 * }</pre>
 *
 * <p>Failures never throw; each becomes a result with an {@link ErrorCode}: {@code unknown_tool}
 * (no such tool, or one {@link CallOptions#allow} hides: both answer alike, with up to 5 close
 * names the caller may call, so a filtered caller cannot learn what it may not see), {@code
 * invalid_arguments} (one detail per JSON Pointer), {@code too_large} (arguments over {@link
 * Builder#maxArgumentBytes}, or a result over the policy's cap), {@code unavailable} (no
 * concurrency permit within {@link Builder#permitWait}), {@code timeout} (the worker is
 * interrupted, and the call waits up to {@link Builder#cancelGrace} for it to clean up), {@code
 * execution_failed} (any other exception: its message, never a stack trace). Every message starts
 * with the tool id.
 *
 * <p>Thread-safe. Each call runs on its own virtual thread named {@code toolgate-call:<tool>}, so a
 * hung tool never blocks another; the caller's thread only waits. The worker, its timeout and its
 * cancellation live in {@link CallWorker}.
 */
public final class ToolInvoker implements Invoker {
  private static final Logger LOG = LoggerFactory.getLogger(ToolInvoker.class);
  private static final int SUGGESTIONS = 5;

  private final ToolRegistry registry;
  private final ArgumentValidator validator;
  private final CallPolicy defaults;
  private final Function<String, ToolPolicy> sandboxPolicies;
  private final CallObserver observer;
  private final long maxArgumentBytes;
  private final Duration permitWait;
  private final CallWorker worker;
  private final ConcurrencyLimits limits = new ConcurrencyLimits();

  private ToolInvoker(Builder b) {
    this.registry = b.registry;
    this.validator = b.validator;
    this.defaults = b.defaults;
    this.sandboxPolicies = b.sandboxPolicies;
    this.observer = b.observer;
    this.maxArgumentBytes = b.maxArgumentBytes;
    this.permitWait = b.permitWait;
    this.worker = new CallWorker(b.cancelGrace);
    registry.addListener(
        events ->
            events.stream()
                .filter(e -> e instanceof RegistryEvent.Removed)
                .forEach(e -> limits.forget(e.tool().name())));
  }

  /** Starts an invoker over {@code registry}; every other setting has a default. */
  public static Builder builder(ToolRegistry registry) {
    return new Builder(registry);
  }

  /** The validator this invoker uses; share it to reuse its compiled schemas. */
  public ArgumentValidator validator() {
    return validator;
  }

  /** The policy a call of {@code tool} runs under now. */
  public CallPolicy policyFor(ToolDefinition tool) {
    ToolPolicy sandbox = sandboxPolicies.apply(tool.sandbox());
    return defaults.resolve(tool.policy(), sandbox == null ? ToolPolicy.INHERIT : sandbox);
  }

  @Override
  public ToolResult invoke(String toolId, JsonNode arguments, CallOptions options) {
    long start = System.nanoTime();
    CallOptions opts = options == null ? CallOptions.DEFAULT : options;
    ToolResult result;
    try {
      result = run(String.valueOf(toolId), arguments, opts, start);
    } catch (RuntimeException e) {
      // A bug in a hook (allow predicate, sandbox policy lookup) must not escape as an exception.
      LOG.warn("call of {} failed inside the gateway", toolId, e);
      result = failure(String.valueOf(toolId), ErrorCode.EXECUTION_FAILED, describe(e), start);
    }
    notifyObserver(result, opts);
    return result;
  }

  private ToolResult run(String toolId, JsonNode arguments, CallOptions opts, long start) {
    // A tool the caller may not call answers exactly as one that does not exist: a different
    // answer would tell a filtered key which hidden names are taken.
    Optional<RegisteredTool> found =
        registry.get(toolId).filter(t -> opts.allow().test(t.definition()));
    if (found.isEmpty()) {
      return unknownTool(toolId, opts, start);
    }
    RegisteredTool tool = found.get();
    JsonNode args = arguments == null || arguments.isNull() ? Json.object() : arguments;
    long argBytes = jsonBytes(args);
    if (argBytes > maxArgumentBytes) {
      return failure(
          toolId,
          ErrorCode.TOO_LARGE,
          "arguments are " + argBytes + " bytes of JSON, over the limit of " + maxArgumentBytes,
          start);
    }
    ToolDefinition def = tool.definition();
    List<Violation> violations = validator.validate(def.checksum(), def.parameters(), args);
    if (!violations.isEmpty()) {
      String message =
          violations.stream().map(Violation::toString).collect(Collectors.joining("; "));
      ToolError error =
          new ToolError(
              ErrorCode.INVALID_ARGUMENTS, prefixed(toolId, message), violations, List.of());
      return ToolResult.failure(toolId, error, millisSince(start));
    }
    return execute(tool, args, opts, policyFor(def), start);
  }

  private ToolResult unknownTool(String toolId, CallOptions opts, long start) {
    List<String> callable =
        registry.definitions().stream().filter(opts.allow()).map(ToolDefinition::name).toList();
    List<String> close = Strings.closest(toolId, callable, SUGGESTIONS);
    String message =
        "unknown tool '"
            + toolId
            + "'"
            + (close.isEmpty()
                ? "; search with tool_search or list the tools"
                : "; did you mean: " + String.join(", ", close) + "?");
    return ToolResult.failure(
        toolId,
        new ToolError(ErrorCode.UNKNOWN_TOOL, message, List.of(), close),
        millisSince(start));
  }

  private ToolResult execute(
      RegisteredTool tool, JsonNode args, CallOptions opts, CallPolicy policy, long start) {
    String name = tool.name();
    ConcurrencyLimits.Limit limit = limits.forTool(name, policy.maxConcurrency());
    long waitNanos = Math.min(permitWait.toNanos(), policy.timeout().toNanos());
    try {
      if (!limit.semaphore().tryAcquire(waitNanos, TimeUnit.NANOSECONDS)) {
        return failure(
            name,
            ErrorCode.UNAVAILABLE,
            "too many concurrent calls (at most "
                + policy.maxConcurrency()
                + " at once); retry shortly",
            start);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return failure(name, ErrorCode.UNAVAILABLE, "the call was interrupted", start);
    }
    try {
      return worker.run(tool, args, opts, policy, start);
    } finally {
      limit.semaphore().release();
    }
  }

  /** The exception's message for a caller, never its stack trace. */
  static String describe(Throwable t) {
    String message = t.getMessage();
    if (message == null || message.isBlank()) {
      return t.getClass().getSimpleName();
    }
    return message.strip();
  }

  /** {@code "<tool>: <message>"} unless the message already names the tool first. */
  static String prefixed(String tool, String message) {
    String m = message == null ? "" : message;
    if (m.startsWith(tool + ":") || m.startsWith("tool '" + tool + "'")) {
      return m;
    }
    return tool + ": " + m;
  }

  static ToolResult failure(String tool, ErrorCode code, String message, long start) {
    return ToolResult.failure(tool, code, prefixed(tool, message), millisSince(start));
  }

  static double millisSince(long start) {
    return (System.nanoTime() - start) / 1_000_000.0;
  }

  private void notifyObserver(ToolResult result, CallOptions opts) {
    try {
      observer.onCall(
          new CallEvent(
              result.toolId(),
              opts.principal(),
              opts.trace(),
              result.error().map(ToolError::code),
              result.latencyMs(),
              Instant.now()));
    } catch (RuntimeException e) {
      LOG.warn("call observer failed for {}", result.toolId(), e);
    }
  }

  /** Bytes of compact JSON, counted without keeping them. */
  static long jsonBytes(JsonNode node) {
    CountingStream counter = new CountingStream();
    Json.mapper().writeValue(counter, node);
    return counter.count;
  }

  private static final class CountingStream extends OutputStream {
    long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }

  /** Settings of a {@link ToolInvoker}. Not thread-safe. */
  public static final class Builder {
    private final ToolRegistry registry;
    private ArgumentValidator validator = new ArgumentValidator();
    private CallPolicy defaults = CallPolicy.DEFAULTS;
    private Function<String, ToolPolicy> sandboxPolicies = sandbox -> ToolPolicy.INHERIT;
    private CallObserver observer = CallObserver.NONE;
    private long maxArgumentBytes = 1 << 20;
    private Duration permitWait = Duration.ofSeconds(1);
    private Duration cancelGrace = Duration.ofSeconds(5);

    private Builder(ToolRegistry registry) {
      this.registry = Objects.requireNonNull(registry, "registry");
    }

    /** The validator; share one to reuse compiled schemas. */
    public Builder validator(ArgumentValidator validator) {
      this.validator = Objects.requireNonNull(validator, "validator");
      return this;
    }

    /** The gateway defaults under tool and sandbox policies; {@link CallPolicy#DEFAULTS}. */
    public Builder defaults(CallPolicy defaults) {
      this.defaults = Objects.requireNonNull(defaults, "defaults");
      return this;
    }

    /**
     * The policy of each sandbox by name, e.g. {@code sandboxes::policyOf}; unknown names should
     * give {@link ToolPolicy#INHERIT}.
     */
    public Builder sandboxPolicies(Function<String, ToolPolicy> sandboxPolicies) {
      this.sandboxPolicies = Objects.requireNonNull(sandboxPolicies, "sandboxPolicies");
      return this;
    }

    /** Who hears about each call: audit log, metrics. */
    public Builder observer(CallObserver observer) {
      this.observer = Objects.requireNonNull(observer, "observer");
      return this;
    }

    /** The largest arguments object, in bytes of compact JSON; 1 MiB by default. */
    public Builder maxArgumentBytes(long maxArgumentBytes) {
      if (maxArgumentBytes < 1) {
        throw new IllegalArgumentException(
            "max_argument_bytes must be at least 1, got " + maxArgumentBytes);
      }
      this.maxArgumentBytes = maxArgumentBytes;
      return this;
    }

    /**
     * How long a call waits for a concurrency permit before it fails with {@code unavailable}; 1 s
     * by default, never longer than the call's timeout.
     */
    public Builder permitWait(Duration permitWait) {
      if (permitWait.isNegative()) {
        throw new IllegalArgumentException("permit_wait must not be negative, got " + permitWait);
      }
      this.permitWait = permitWait;
      return this;
    }

    /**
     * How long a timed-out call waits for its interrupted worker to clean up before returning; 5 s
     * by default. Executors that honour interruption finish well within it.
     */
    public Builder cancelGrace(Duration cancelGrace) {
      if (cancelGrace.isNegative()) {
        throw new IllegalArgumentException("cancel_grace must not be negative, got " + cancelGrace);
      }
      this.cancelGrace = cancelGrace;
      return this;
    }

    public ToolInvoker build() {
      return new ToolInvoker(this);
    }
  }
}
