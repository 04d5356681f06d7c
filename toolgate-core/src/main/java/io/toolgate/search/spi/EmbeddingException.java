package io.toolgate.search.spi;

import io.toolgate.ToolgateException;

/** An embedder could not produce vectors (model failure, remote error, timeout). */
public final class EmbeddingException extends ToolgateException {
  private static final long serialVersionUID = 1L;

  public EmbeddingException(String message) {
    super(message);
  }

  public EmbeddingException(String message, Throwable cause) {
    super(message, cause);
  }
}
