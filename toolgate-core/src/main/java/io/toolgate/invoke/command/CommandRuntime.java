package io.toolgate.invoke.command;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.spi.ToolExecutionException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where and how a command tool's process starts; a tool's sandbox supplies it.
 *
 * <p>The {@link CommandToolExecutor} fills the argv template and then asks the runtime for a {@link
 * Launch}: the process runtime keeps the argv and sets the sandbox folder as working directory with
 * {@code NODE_PATH} / {@code PYTHONPATH}; a container runtime wraps the argv in {@code docker run}.
 * Implementations must be thread-safe.
 */
@FunctionalInterface
public interface CommandRuntime {

  /**
   * How to start one call of {@code tool}.
   *
   * @param tool the tool being called
   * @param argv the filled argv template
   * @throws ToolExecutionException when the tool cannot run now, e.g. {@code unavailable} when no
   *     container engine is reachable
   */
  Launch prepare(ToolDefinition tool, List<String> argv);

  /** Runs the argv as is, in {@code directory}, with nothing added to the environment. */
  static CommandRuntime inDirectory(Path directory) {
    Objects.requireNonNull(directory, "directory");
    return (tool, argv) -> new Launch(argv, directory, Map.of(), List.of());
  }

  /**
   * The process to start.
   *
   * @param command program and arguments; never run through a shell
   * @param directory the working directory; created when missing
   * @param environment variables to add to {@code PATH}, {@code HOME}, {@code LANG} and the tool's
   *     secrets, e.g. {@code NODE_PATH}
   * @param secrets further secret names to pass from the gateway's environment, e.g. the sandbox's
   *     own
   */
  record Launch(
      List<String> command, Path directory, Map<String, String> environment, List<String> secrets) {
    public Launch {
      command = List.copyOf(command);
      if (command.isEmpty()) {
        throw new IllegalArgumentException("a launch needs a program");
      }
      Objects.requireNonNull(directory, "directory");
      environment = Map.copyOf(environment);
      secrets = List.copyOf(secrets);
    }
  }

  /** Thrown by runtimes; a shorthand for {@code new ToolExecutionException(code, message)}. */
  static ToolExecutionException unavailable(String message) {
    return new ToolExecutionException(io.toolgate.ErrorCode.UNAVAILABLE, message);
  }
}
