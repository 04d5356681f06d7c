package io.toolgate.catalog;

import io.toolgate.invoke.spi.ToolExecutor;
import java.util.Objects;

/**
 * A tool in the registry: its definition and the executor that runs it.
 *
 * @param definition what the tool is
 * @param executor how it runs
 */
public record RegisteredTool(ToolDefinition definition, ToolExecutor executor) {
  public RegisteredTool {
    Objects.requireNonNull(definition, "definition");
    Objects.requireNonNull(executor, "executor");
  }

  public String name() {
    return definition.name();
  }
}
