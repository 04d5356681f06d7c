package io.toolgate.server.chat;

import io.toolgate.ToolgateException;

/**
 * A {@code models:} entry cannot be used. The message starts with the entry's path, e.g. {@code
 * models[0].params.tools}, and says how to fix it.
 */
public class ModelConfigException extends ToolgateException {
  private static final long serialVersionUID = 1L;

  public ModelConfigException(String message) {
    super(message);
  }
}
