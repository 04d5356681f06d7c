package io.toolgate.store;

import io.toolgate.ToolgateException;

/**
 * The store could not read or write durable state: a disk error, a corrupt snapshot, a data
 * directory held by another process. The message names the file and what to do. A store that is
 * only out of reach for now (a database restarting) throws {@link StoreUnavailableException}.
 */
public sealed class StoreException extends ToolgateException permits StoreUnavailableException {
  private static final long serialVersionUID = 1L;

  public StoreException(String message) {
    super(message);
  }

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
