package io.toolgate.catalog;

import io.toolgate.ToolgateException;

/** Two sources offer a tool of the same name. */
public final class DuplicateToolException extends ToolgateException {
  private static final long serialVersionUID = 1L;

  public DuplicateToolException(String message) {
    super(message);
  }
}
