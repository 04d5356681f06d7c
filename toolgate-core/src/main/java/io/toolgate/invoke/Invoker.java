package io.toolgate.invoke;

import tools.jackson.databind.JsonNode;

/**
 * Runs tool calls: resolve, authorize, validate, execute under policy, normalize.
 *
 * <p>Never throws for a failed call: every failure is a {@link ToolResult} with an error code.
 * Thread-safe; a slow call never blocks others.
 */
public interface Invoker {

  /** Calls {@code toolId} with {@code arguments}. */
  ToolResult invoke(String toolId, JsonNode arguments, CallOptions options);

  /** Calls with default options. */
  default ToolResult invoke(String toolId, JsonNode arguments) {
    return invoke(toolId, arguments, CallOptions.DEFAULT);
  }
}
