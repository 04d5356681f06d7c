package io.toolgate.invoke.spi;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The caller's context of one call, as a tool reads it: the {@code context} object of the invoke
 * request (Jarvis's flow context, e.g. the user or tenant a step runs for), the trace ids and who
 * called. A {@code @Tool} method receives it by declaring a parameter of this type, which is left
 * out of the tool's JSON Schema: the model never sees nor fills it.
 *
 * <pre>{@code
 * @Tool(description = "Lists the caller's open tickets.")
 * List<Ticket> tickets_open(ToolContext context) {
 *   String user = context.string("user_id").orElseThrow(
 *       () -> new IllegalArgumentException("this tool needs context.user_id"));
 *   return tickets.openFor(user);
 * }
 * }</pre>
 *
 * <p>{@code POST /v1/tools/{name}:invoke} with {@code {"args": {…}, "context": {"user_id": "u-7"}}}
 * fills it; calls without a context get an empty one. Immutable.
 *
 * @param values the context object's fields (JSON values as Java maps, lists, strings, numbers,
 *     booleans)
 * @param trace correlation ids such as {@code flow_id} and {@code step_id}
 * @param principal who called, when known (an API key id)
 */
public record ToolContext(
    Map<String, Object> values, Map<String, String> trace, Optional<String> principal) {
  /** No context. */
  public static final ToolContext EMPTY = new ToolContext(Map.of(), Map.of(), Optional.empty());

  public ToolContext {
    values = values == null ? Map.of() : Map.copyOf(values);
    trace = trace == null ? Map.of() : Map.copyOf(trace);
    principal = principal == null ? Optional.empty() : principal;
  }

  /** The context of {@code call}. */
  public static ToolContext of(ToolCall call) {
    Objects.requireNonNull(call, "call");
    return new ToolContext(call.context(), call.trace(), call.principal());
  }

  /** The field {@code key}, if the context has it. */
  public Optional<Object> get(String key) {
    return Optional.ofNullable(values.get(key));
  }

  /**
   * The field {@code key} as text (numbers and booleans too), if the context has a scalar there.
   */
  public Optional<String> string(String key) {
    Object v = values.get(key);
    return v instanceof String || v instanceof Number || v instanceof Boolean
        ? Optional.of(String.valueOf(v))
        : Optional.empty();
  }
}
