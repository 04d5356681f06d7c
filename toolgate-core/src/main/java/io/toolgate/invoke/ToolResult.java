package io.toolgate.invoke;

import io.toolgate.ErrorCode;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The normalized outcome of one call: a result or an error, and how long it took.
 *
 * <pre>{@code
 * {"ok": true, "tool_id": "time_now", "result": {…}, "metrics": {"latency_ms": 3.2}}
 * {"ok": false, "tool_id": "time_now", "error": {"code": "invalid_arguments", …}, …}
 * }</pre>
 *
 * @param toolId the tool that was called (as asked, for an unknown tool)
 * @param result the tool's JSON result, when ok
 * @param error why it failed, when not ok
 * @param latencyMs wall time of the call inside the gateway, in milliseconds
 */
public record ToolResult(
    String toolId, Optional<JsonNode> result, Optional<ToolError> error, double latencyMs) {
  public ToolResult {
    Objects.requireNonNull(toolId, "toolId");
    result = result == null ? Optional.empty() : result;
    error = error == null ? Optional.empty() : error;
    if (result.isPresent() == error.isPresent()) {
      throw new IllegalArgumentException("a ToolResult holds exactly one of result and error");
    }
  }

  public static ToolResult success(String toolId, JsonNode result, double latencyMs) {
    return new ToolResult(toolId, Optional.of(result), Optional.empty(), latencyMs);
  }

  public static ToolResult failure(String toolId, ToolError error, double latencyMs) {
    return new ToolResult(toolId, Optional.empty(), Optional.of(error), latencyMs);
  }

  public static ToolResult failure(
      String toolId, ErrorCode code, String message, double latencyMs) {
    return failure(toolId, ToolError.of(code, message), latencyMs);
  }

  /** Whether the call succeeded. */
  public boolean ok() {
    return result.isPresent();
  }
}
