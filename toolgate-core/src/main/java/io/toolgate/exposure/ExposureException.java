package io.toolgate.exposure;

import io.toolgate.ToolgateException;

/**
 * The tool setting cannot be honoured: a reserved-name clash under {@code search_registry}, or a
 * named or pinned tool that is not in the catalog. The message names the tool, its source and the
 * fix.
 */
public class ExposureException extends ToolgateException {
  private static final long serialVersionUID = 1L;

  public ExposureException(String message) {
    super(message);
  }
}
