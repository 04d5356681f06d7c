package io.toolgate.catalog.java;

import java.util.Optional;

/**
 * A behaviour hint that may be left unsaid; see {@link Tool#readOnly()}.
 *
 * <p>Java annotations cannot hold an absent boolean, and an absent MCP hint means something else
 * than {@code false} (the MCP defaults are pessimistic), hence three values.
 */
public enum Hint {
  /** The tool does not say. */
  UNSET,
  /** The hint holds. */
  TRUE,
  /** The hint does not hold. */
  FALSE;

  /** The hint as an optional boolean. */
  public Optional<Boolean> value() {
    return switch (this) {
      case UNSET -> Optional.empty();
      case TRUE -> Optional.of(true);
      case FALSE -> Optional.of(false);
    };
  }
}
