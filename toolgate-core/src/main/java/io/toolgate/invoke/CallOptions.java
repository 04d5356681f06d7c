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
 * @param searchEmbedder the one embedding model searches made for this caller use (a chat-proxy
 *     model's {@code tool_embedding_model}); empty for the gateway's whole search
 */
public record CallOptions(
    Map<String, Object> context,
    Map<String, String> trace,
    Optional<String> principal,
    Predicate<ToolDefinition> allow,
    Optional<String> searchEmbedder) {
  /** No context, anyone, any tool. */
  public static final CallOptions DEFAULT =
      new CallOptions(Map.of(), Map.of(), Optional.empty(), t -> true);

  public CallOptions {
    context = context == null ? Map.of() : Map.copyOf(context);
    trace = trace == null ? Map.of() : Map.copyOf(trace);
    principal = principal == null ? Optional.empty() : principal;
    allow = allow == null ? t -> true : allow;
    searchEmbedder = searchEmbedder == null ? Optional.empty() : searchEmbedder;
  }

  /** Options that search with every embedder. */
  public CallOptions(
      Map<String, Object> context,
      Map<String, String> trace,
      Optional<String> principal,
      Predicate<ToolDefinition> allow) {
    this(context, trace, principal, allow, Optional.empty());
  }

  public CallOptions withTrace(Map<String, String> newTrace) {
    return new CallOptions(context, newTrace, principal, allow, searchEmbedder);
  }

  public CallOptions withPrincipal(String newPrincipal, Predicate<ToolDefinition> newAllow) {
    return new CallOptions(
        context, trace, Optional.ofNullable(newPrincipal), newAllow, searchEmbedder);
  }

  public CallOptions withContext(Map<String, Object> newContext) {
    return new CallOptions(newContext, trace, principal, allow, searchEmbedder);
  }

  /** A copy whose searches use only {@code embedder}'s vectors; empty for every embedder. */
  public CallOptions withSearchEmbedder(Optional<String> embedder) {
    return new CallOptions(context, trace, principal, allow, embedder);
  }

  /**
   * A copy for a caller that is a model (MCP, the chat proxy, the meta-tools): tools with {@code
   * as_tool: false} are neither listed nor callable ({@link ToolDefinition#asTool()}).
   */
  public CallOptions forModels() {
    Predicate<ToolDefinition> current = allow;
    return new CallOptions(
        context, trace, principal, t -> t.asTool() && current.test(t), searchEmbedder);
  }
}
