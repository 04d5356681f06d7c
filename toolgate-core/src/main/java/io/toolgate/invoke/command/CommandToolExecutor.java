package io.toolgate.invoke.command;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.SecretRedactor;
import io.toolgate.invoke.spi.ToolCall;
import io.toolgate.invoke.spi.ToolExecutionException;
import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs a command tool as a child process, never through a shell.
 *
 * <pre>{@code
 * # catalog file
 * command: [python3, stats.py, --column, "{column}"]   # arguments also arrive as JSON on stdin
 * }</pre>
 *
 * <ul>
 *   <li><b>argv</b>: {@code {param}} placeholders of declared parameters are replaced inside one
 *       argv element each; an element whose optional argument is absent is dropped; the program
 *       itself cannot come from an argument.
 *   <li><b>stdin</b>: the validated arguments as one JSON object, then end of input.
 *   <li><b>context</b>: the caller's {@code context} object (Jarvis's flow context, {@code POST
 *       /v1/tools/{name}:invoke}), beside the arguments, as JSON in {@value #CONTEXT_ENV}; unset
 *       when the call has none. At most 64 KiB of JSON ({@code too_large} above).
 *   <li><b>environment</b>: only {@code PATH}, {@code HOME}, {@code LANG}, the tool's declared
 *       secrets, and what its {@link CommandRuntime} adds (the sandbox's secrets, {@code
 *       NODE_PATH}, {@code PYTHONPATH}); values come from the environment lookup at call time,
 *       absent ones are left out.
 *   <li><b>result</b>: stdout that is a JSON object is the result; any other output becomes {@code
 *       {"text": "<stdout>"}}. More than the result cap on stdout is {@code too_large}.
 *   <li><b>failure</b>: a non-zero exit is {@code execution_failed} with the exit code and the tail
 *       of stderr (the last 64 KiB are kept, the message shows the last 2,000 characters).
 *   <li><b>secrets</b>: the values of the tool's and its sandbox's secrets are replaced by {@code
 *       [redacted NAME]} in the result and in every failure message ({@link SecretRedactor}).
 *   <li><b>timeout and cancellation</b>: at the call's deadline, or when the calling thread is
 *       interrupted, the process and all its descendants are killed (SIGKILL) and waited for: the
 *       {@code timeout} (or the interrupt) comes back only once they are gone from the process
 *       table, or after 5 s for a process that will not die (e.g. stuck in uninterruptible I/O).
 *       The wait holds through an interrupt that arrives while killing, which is how the invoker
 *       cancels a call at the same deadline ({@code ProcessTree}).
 * </ul>
 *
 * <p>Thread-safe: each call starts its own process.
 */
public final class CommandToolExecutor implements ToolExecutor {
  /** The environment variables every child gets from the gateway's environment, when set. */
  public static final List<String> BASE_ENVIRONMENT = List.of("PATH", "HOME", "LANG");

  /** The environment variable holding the caller's context object as JSON, when it has one. */
  public static final String CONTEXT_ENV = "TOOLGATE_CONTEXT";

  private static final int MAX_CONTEXT_CHARS = 64 * 1024;
  private static final int STDERR_KEEP = 64 * 1024;
  private static final int STDERR_SHOWN = 2000;
  private static final long KILL_WAIT_MILLIS = 5000;
  private static final long DRAIN_WAIT_MILLIS = 2000;

  private final ToolDefinition tool;
  private final ArgvTemplate argv;
  private final CommandRuntime runtime;
  private final UnaryOperator<String> environment;
  private final Duration timeout;
  private final int maxOutputBytes;

  /**
   * @param tool a tool whose implementation is {@link Implementation.Command}
   * @param runtime where the process starts (the tool's sandbox)
   * @param environment reads the gateway's environment variables ({@code System::getenv}); null for
   *     an unset variable
   * @param timeout used when a call carries no deadline
   * @param maxOutputBytes the most stdout kept; more is {@code too_large}
   * @throws io.toolgate.catalog.InvalidToolException when the argv template is unsafe
   */
  public CommandToolExecutor(
      ToolDefinition tool,
      CommandRuntime runtime,
      UnaryOperator<String> environment,
      Duration timeout,
      long maxOutputBytes) {
    this.tool = Objects.requireNonNull(tool, "tool");
    if (!(tool.implementation() instanceof Implementation.Command command)) {
      throw new IllegalArgumentException(
          "tool '" + tool.name() + "' is not a command tool: " + tool.implementation());
    }
    this.argv = new ArgvTemplate(tool.name(), command.argv(), declaredParameters(tool));
    this.runtime = Objects.requireNonNull(runtime, "runtime");
    this.environment = Objects.requireNonNull(environment, "environment");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
    this.maxOutputBytes = (int) Math.min(Integer.MAX_VALUE - 16, maxOutputBytes);
  }

  static Set<String> declaredParameters(ToolDefinition tool) {
    return new HashSet<>(tool.parameters().path("properties").propertyNames());
  }

  @Override
  public JsonNode execute(ToolCall call) throws Exception {
    List<String> filled = argv.fill(call.arguments());
    CommandRuntime.Launch launch = runtime.prepare(tool, filled);
    List<String> secrets = new ArrayList<>(tool.secrets());
    secrets.addAll(launch.secrets());
    SecretRedactor redactor = SecretRedactor.of(secrets, environment);
    try {
      return redactor.redact(run(call, launch));
    } catch (Exception e) {
      throw redactor.redact(e);
    }
  }

  private JsonNode run(ToolCall call, CommandRuntime.Launch launch) throws Exception {
    Instant started = Instant.now();
    Process process = start(launch, context(call));
    OutputCapture stdout =
        OutputCapture.head(
            process.getInputStream(), "toolgate-stdout:" + tool.name(), maxOutputBytes);
    OutputCapture stderr =
        OutputCapture.tail(process.getErrorStream(), "toolgate-stderr:" + tool.name(), STDERR_KEEP);
    writeStdin(process, call.arguments());
    Instant deadline = call.deadline().orElseGet(() -> Instant.now().plus(timeout));
    boolean exited;
    try {
      long left = Duration.between(Instant.now(), deadline).toNanos();
      exited = process.waitFor(Math.max(left, 0), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      ProcessTree.kill(process, KILL_WAIT_MILLIS);
      throw e;
    }
    if (!exited) {
      ProcessTree.kill(process, KILL_WAIT_MILLIS);
      throw new ToolExecutionException(
          ErrorCode.TIMEOUT,
          "timed out after "
              + Duration.between(started, deadline).toMillis()
              + " ms; the process and its children were killed");
    }
    stdout.await(DRAIN_WAIT_MILLIS);
    stderr.await(DRAIN_WAIT_MILLIS);
    int code = process.exitValue();
    if (code != 0) {
      throw new ToolExecutionException(
          ErrorCode.EXECUTION_FAILED, "exited with code " + code + stderrTail(stderr));
    }
    if (stdout.truncated()) {
      throw new ToolExecutionException(
          ErrorCode.TOO_LARGE,
          "printed more than " + maxOutputBytes + " bytes; the output cap is " + maxOutputBytes);
    }
    return result(stdout.text());
  }

  /**
   * The caller's context as the JSON text of {@value #CONTEXT_ENV}; empty when the call has none.
   *
   * @throws ToolExecutionException {@code too_large} above {@value #MAX_CONTEXT_CHARS} characters
   *     (the kernel limits one environment string to 128 KiB)
   */
  private static Optional<String> context(ToolCall call) {
    if (call.context().isEmpty()) {
      return Optional.empty();
    }
    String json = Json.write(Json.tree(call.context()));
    if (json.length() > MAX_CONTEXT_CHARS) {
      throw new ToolExecutionException(
          ErrorCode.TOO_LARGE,
          "the call's context is "
              + json.length()
              + " characters of JSON, over the "
              + MAX_CONTEXT_CHARS
              + " a command tool receives in "
              + CONTEXT_ENV);
    }
    return Optional.of(json);
  }

  private Process start(CommandRuntime.Launch launch, Optional<String> context) throws IOException {
    Map<String, String> env = new LinkedHashMap<>();
    for (String name : BASE_ENVIRONMENT) {
      put(env, name);
    }
    tool.secrets().forEach(name -> put(env, name));
    launch.secrets().forEach(name -> put(env, name));
    env.putAll(launch.environment());
    context.ifPresent(json -> env.put(CONTEXT_ENV, json));
    Files.createDirectories(launch.directory());
    ProcessBuilder builder =
        new ProcessBuilder(launch.command()).directory(launch.directory().toFile());
    builder.environment().clear();
    builder.environment().putAll(env);
    try {
      return builder.start();
    } catch (IOException e) {
      throw new ToolExecutionException(
          ErrorCode.EXECUTION_FAILED,
          "cannot start '" + launch.command().getFirst() + "': " + e.getMessage(),
          e);
    }
  }

  private void put(Map<String, String> env, String name) {
    String value = environment.apply(name);
    if (value != null) {
      env.put(name, value);
    }
  }

  private void writeStdin(Process process, JsonNode arguments) {
    byte[] json = Json.write(arguments).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    Thread.ofVirtual()
        .name("toolgate-stdin:" + tool.name())
        .start(
            () -> {
              try (OutputStream in = process.getOutputStream()) {
                in.write(json);
              } catch (IOException e) {
                // The tool does not read stdin, or exited first: not an error.
              }
            });
  }

  private static String stderrTail(OutputCapture stderr) {
    String text = stderr.text().strip();
    if (text.isEmpty()) {
      return " and printed nothing on stderr";
    }
    if (text.length() > STDERR_SHOWN) {
      text = "…" + text.substring(text.length() - STDERR_SHOWN);
    }
    return ": " + text;
  }

  /** A JSON object on stdout is the result; anything else is {@code {"text": …}}. */
  static JsonNode result(String stdout) {
    String trimmed = stdout.strip();
    if (trimmed.startsWith("{")) {
      try {
        JsonNode parsed = Json.parse(trimmed);
        if (parsed instanceof ObjectNode) {
          return parsed;
        }
      } catch (JacksonException e) {
        // Not JSON after all: return it as text.
      }
    }
    return Json.object().put("text", stdout.stripTrailing());
  }
}
