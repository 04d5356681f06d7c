package io.toolgate.invoke.command;

import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.ExecutorContract;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/** The executor contract for command tools: real child processes. */
class CommandExecutorContractTest extends ExecutorContract {
  @TempDir Path dir;

  private RegisteredTool command(String name, List<String> argv) {
    ToolDefinition def =
        ToolDefinition.builder(name, textSchema())
            .implementation(new Implementation.Command(argv))
            .build();
    return new RegisteredTool(
        def,
        new CommandToolExecutor(
            def, CommandRuntime.inDirectory(dir), System::getenv, Duration.ofSeconds(30), 1 << 20));
  }

  @Override
  protected RegisteredTool echoTool(String name) {
    return command(name, List.of("cat"));
  }

  @Override
  protected RegisteredTool failingTool(String name) {
    return command(name, List.of("sh", "-c", "echo boom >&2; exit 1"));
  }

  @Override
  protected RegisteredTool slowTool(String name) {
    return command(name, List.of("sleep", "60"));
  }
}
