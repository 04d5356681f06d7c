package io.toolgate.store;

/**
 * The store cannot be reached right now (a database down or unreachable), as opposed to a store
 * that is broken. Nothing of the failed commit was written; the same call can be retried once the
 * store is back. The message names the store and what was tried.
 */
public final class StoreUnavailableException extends StoreException {
  private static final long serialVersionUID = 1L;

  public StoreUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
