package io.toolgate.catalog;

import java.util.Optional;

/**
 * A change to the registry's catalog, delivered to {@link RegistryListener}s in the order the
 * changes happened.
 */
public sealed interface RegistryEvent {

  /** The tool concerned (the new one for {@link Replaced}). */
  ToolDefinition tool();

  /** The registry's version number after this change. */
  long version();

  /** A tool joined the catalog. */
  record Added(ToolDefinition tool, long version) implements RegistryEvent {}

  /** A tool's definition changed; {@code previous} is what it replaced. */
  record Replaced(ToolDefinition previous, ToolDefinition tool, long version)
      implements RegistryEvent {}

  /** A tool left the catalog. */
  record Removed(ToolDefinition tool, long version) implements RegistryEvent {}

  /** The definition before the change, for replacements and removals. */
  default Optional<ToolDefinition> before() {
    return switch (this) {
      case Added a -> Optional.empty();
      case Replaced r -> Optional.of(r.previous());
      case Removed r -> Optional.of(r.tool());
    };
  }
}
