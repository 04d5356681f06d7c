package io.toolgate.exposure;

import io.toolgate.catalog.ToolDefinition;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a model sees: the tool definitions to send, and how that was decided.
 *
 * <pre>{@code
 * ExposedTools seen = exposure.apply(registry.definitions());
 * seen.effective();              // ToolMode.SEARCH_REGISTRY
 * seen.tools();                  // [tool_search, tool_invoke, time_now]
 * seen.isMetaTool("tool_search") // true: route the call to search
 * seen.warnings();               // e.g. why auto fell back to direct tools
 * }</pre>
 *
 * @param requested the mode asked for
 * @param effective the mode applied: never {@link ToolMode.Auto}, which resolves to {@link
 *     ToolMode#ALL} or {@link ToolMode#SEARCH_REGISTRY}
 * @param profile the meta-tool names used when the registry is shown
 * @param tools the definitions to send, in order: meta-tools first (registry), then tools
 * @param catalogSize how many tools the catalog holds
 * @param warnings what the operator should know, e.g. a fallback and its cause; empty when none
 */
public record ExposedTools(
    ToolMode requested,
    ToolMode effective,
    Profile profile,
    List<ToolDefinition> tools,
    int catalogSize,
    List<String> warnings) {
  public ExposedTools {
    Objects.requireNonNull(requested, "requested");
    Objects.requireNonNull(effective, "effective");
    Objects.requireNonNull(profile, "profile");
    if (effective instanceof ToolMode.Auto) {
      throw new IllegalArgumentException("the effective mode is never auto");
    }
    tools = List.copyOf(tools);
    warnings = List.copyOf(warnings);
  }

  /** Whether the search registry is shown (the meta-tools instead of the catalog). */
  public boolean isRegistry() {
    return effective instanceof ToolMode.SearchRegistry;
  }

  /** The names of the tools shown, in order. */
  public List<String> names() {
    return tools.stream().map(ToolDefinition::name).toList();
  }

  /** The shown tool called {@code name}. */
  public Optional<ToolDefinition> get(String name) {
    return tools.stream().filter(t -> t.name().equals(name)).findFirst();
  }

  /** Whether a tool of that name is shown. */
  public boolean shows(String name) {
    return get(name).isPresent();
  }

  /**
   * Whether {@code name} is a meta-tool shown here, whose call goes to search or invoke rather than
   * to a catalog tool of that name.
   */
  public boolean isMetaTool(String name) {
    Optional<ToolDefinition> meta = MetaTools.get(name);
    return meta.isPresent() && get(name).equals(meta);
  }
}
