package io.toolgate.server.auth;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.CallOptions;
import io.toolgate.search.SearchFilter;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Who is making a request: an API key, or the anonymous caller of an open server.
 *
 * <p>Route modules read it with {@code Caller.of(ctx)} (see {@code ServerRoutes}) and pass its
 * restrictions on: {@link #searchFilter} into searches, {@link #callOptions} into calls, so a key
 * sees and calls only its tools everywhere.
 *
 * @param id the key id, or {@code anonymous}
 * @param scopes what it may do
 * @param tools which tools it may see and call
 * @param rate its rate limit
 */
public record Caller(String id, Set<Scope> scopes, ToolFilter tools, RateLimit rate) {
  /** The id of the caller of a server without keys. */
  public static final String ANONYMOUS_ID = "anonymous";

  public Caller {
    Objects.requireNonNull(id, "id");
    scopes = scopes.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(scopes));
    Objects.requireNonNull(tools, "tools");
    Objects.requireNonNull(rate, "rate");
  }

  /** The caller of an open server: every scope and tool, limited by {@code rate}. */
  public static Caller anonymous(RateLimit rate) {
    return new Caller(ANONYMOUS_ID, EnumSet.allOf(Scope.class), ToolFilter.ALL, rate);
  }

  /** Whether it has {@code scope}. */
  public boolean has(Scope scope) {
    return scopes.contains(scope);
  }

  /** Whether it may see and call {@code tool}. */
  public boolean allows(ToolDefinition tool) {
    return tools.test(tool);
  }

  /** {@code filter} narrowed to this caller's tools. */
  public SearchFilter searchFilter(SearchFilter filter) {
    return tools.isAll() ? filter : filter.and(tools);
  }

  /** Call options carrying this caller's identity and tool filter. */
  public CallOptions callOptions(Map<String, Object> context, Map<String, String> trace) {
    return new CallOptions(context, trace, java.util.Optional.of(id), tools);
  }
}
