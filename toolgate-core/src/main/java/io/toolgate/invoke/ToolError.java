package io.toolgate.invoke;

import io.toolgate.ErrorCode;
import io.toolgate.schema.Violation;
import java.util.List;
import java.util.Objects;

/**
 * Why a call failed.
 *
 * @param code the machine-readable reason
 * @param message for people and models; starts with the tool id
 * @param details per-value problems, for {@code invalid_arguments}
 * @param suggestions close tool names, for {@code unknown_tool}
 */
public record ToolError(
    ErrorCode code, String message, List<Violation> details, List<String> suggestions) {
  public ToolError {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(message, "message");
    details = List.copyOf(details);
    suggestions = List.copyOf(suggestions);
  }

  public static ToolError of(ErrorCode code, String message) {
    return new ToolError(code, message, List.of(), List.of());
  }
}
