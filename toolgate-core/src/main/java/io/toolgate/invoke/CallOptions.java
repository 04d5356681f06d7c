package io.toolgate.invoke;

import io.toolgate.catalog.ToolDefinition;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Who is calling and with what context.
 *
 * @param context caller context passed to the executor (REST {@code context})
 * @param trace correlation ids ({@code flow_id}, {@code step_id}), carried into logs and metrics
 * @param principal the caller's identity (an API key id), for the audit log
 * @param allow which tools this caller may see and call; others answer {@code unknown_tool}, as a
 *     tool that does not exist would
 */
public record CallOptions(
    Map<String, Object> context,
    Map<String, String> trace,
    Optional<String> principal,
    Predicate<ToolDefinition> allow) {
  /** No context, anyone, any tool. */
  public static final CallOptions DEFAULT =
      new CallOptions(Map.of(), Map.of(), Optional.empty(), t -> true);

  public CallOptions {
    context = context == null ? Map.of() : Map.copyOf(context);
    trace = trace == null ? Map.of() : Map.copyOf(trace);
    principal = principal == null ? Optional.empty() : principal;
    allow = allow == null ? t -> true : allow;
  }

  public CallOptions withTrace(Map<String, String> newTrace) {
    return new CallOptions(context, newTrace, principal, allow);
  }

  public CallOptions withPrincipal(String newPrincipal, Predicate<ToolDefinition> newAllow) {
    return new CallOptions(context, trace, Optional.ofNullable(newPrincipal), newAllow);
  }

  public CallOptions withContext(Map<String, Object> newContext) {
    return new CallOptions(newContext, trace, principal, allow);
  }
}
