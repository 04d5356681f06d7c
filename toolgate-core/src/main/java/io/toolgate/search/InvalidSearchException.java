package io.toolgate.search;

import io.toolgate.ToolgateException;

/** A search request is malformed: an empty query, a limit or min_score out of range. */
public final class InvalidSearchException extends ToolgateException {
  private static final long serialVersionUID = 1L;

  public InvalidSearchException(String message) {
    super(message);
  }
}
