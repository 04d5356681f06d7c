package io.toolgate.invoke.spi;

import tools.jackson.databind.JsonNode;

/**
 * Runs one tool. An executor is bound to its tool when its source creates it.
 *
 * <p>The gateway validates arguments against the tool's schema, applies the policy (timeout,
 * concurrency, result size) and wraps the outcome in a {@code ToolResult}; the executor only does
 * the work. It runs on a virtual thread and should honour interruption: a timeout interrupts it.
 *
 * <p>Throw {@link ToolExecutionException} with an {@link io.toolgate.ErrorCode} for failures the
 * caller should see as such (e.g. {@code unavailable}); any other exception becomes {@code
 * execution_failed} with its message. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface ToolExecutor {

  /**
   * Runs the tool.
   *
   * @param call the validated arguments and the call's context
   * @return the result as JSON (an object, array or scalar)
   * @throws Exception any failure; see the class comment for how it is reported
   */
  JsonNode execute(ToolCall call) throws Exception;
}
