package io.toolgate.server.chat;

import io.toolgate.config.OptionException;

/**
 * A {@code models:} entry cannot be used. The message starts with the entry's path, e.g. {@code
 * models[0].params.tools}, and says how to fix it; {@link #pointer()} gives the same place as a
 * JSON Pointer, so a config loader can add the file, line and column. Start-up checks that concern
 * a whole model ({@code model 'assistant': api_key_env names …}) point at {@code /models}.
 */
public class ModelConfigException extends OptionException {
  private static final long serialVersionUID = 1L;

  /** A model that cannot work, found after parsing (no single key at fault). */
  public ModelConfigException(String message) {
    super("", message);
  }

  /** {@code e}, found while reading the {@code models:} section. */
  ModelConfigException(OptionException e) {
    super(e.key(), e.detail());
    initCause(e);
  }

  /**
   * The config value at fault as a JSON Pointer, e.g. {@code /models/0/params/tools}; {@code
   * /models} when the message names no entry.
   */
  @Override
  public String pointer() {
    String pointer = super.pointer();
    return pointer.isEmpty() ? "/models" : pointer;
  }
}
