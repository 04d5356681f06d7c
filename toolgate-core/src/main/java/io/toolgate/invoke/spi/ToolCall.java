package io.toolgate.invoke.spi;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One call of a tool as its executor sees it.
 *
 * @param tool the tool name
 * @param arguments the arguments, already validated against the tool's schema
 * @param context caller-supplied context (the REST {@code context} object); may be empty
 * @param trace correlation ids such as {@code flow_id} and {@code step_id}
 * @param deadline when the call will be cancelled, if it has a timeout
 * @param principal who called, when known (an API key id)
 */
public record ToolCall(
    String tool,
    JsonNode arguments,
    Map<String, Object> context,
    Map<String, String> trace,
    Optional<Instant> deadline,
    Optional<String> principal) {

  public ToolCall {
    Objects.requireNonNull(tool, "tool");
    Objects.requireNonNull(arguments, "arguments");
    context = context == null ? Map.of() : Map.copyOf(context);
    trace = trace == null ? Map.of() : Map.copyOf(trace);
    deadline = deadline == null ? Optional.empty() : deadline;
    principal = principal == null ? Optional.empty() : principal;
  }

  /** A call with arguments only. */
  public static ToolCall of(String tool, JsonNode arguments) {
    return new ToolCall(tool, arguments, Map.of(), Map.of(), Optional.empty(), Optional.empty());
  }
}
