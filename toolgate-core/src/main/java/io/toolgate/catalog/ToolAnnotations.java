package io.toolgate.catalog;

import java.util.Optional;

/**
 * MCP behaviour hints of a tool; each is absent when the tool does not say.
 *
 * @param readOnlyHint the tool does not modify its environment
 * @param destructiveHint the tool may perform destructive updates
 * @param idempotentHint calling it twice with the same arguments has no further effect
 * @param openWorldHint the tool talks to an open world of external entities (e.g. the web)
 */
public record ToolAnnotations(
    Optional<Boolean> readOnlyHint,
    Optional<Boolean> destructiveHint,
    Optional<Boolean> idempotentHint,
    Optional<Boolean> openWorldHint) {

  /** No hints. */
  public static final ToolAnnotations NONE =
      new ToolAnnotations(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

  public ToolAnnotations {
    readOnlyHint = Optional.ofNullable(readOnlyHint).flatMap(o -> o);
    destructiveHint = Optional.ofNullable(destructiveHint).flatMap(o -> o);
    idempotentHint = Optional.ofNullable(idempotentHint).flatMap(o -> o);
    openWorldHint = Optional.ofNullable(openWorldHint).flatMap(o -> o);
  }

  /** Whether no hint is set. */
  public boolean isEmpty() {
    return readOnlyHint.isEmpty()
        && destructiveHint.isEmpty()
        && idempotentHint.isEmpty()
        && openWorldHint.isEmpty();
  }
}
