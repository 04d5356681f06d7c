package io.toolgate.server.chat;

import io.toolgate.ToolgateException;

/**
 * A {@code models:} entry cannot be used. The message starts with the entry's path, e.g. {@code
 * models[0].params.tools}, and says how to fix it; {@link #pointer()} gives the same place as a
 * JSON Pointer, so a config loader can add the file, line and column.
 */
public class ModelConfigException extends ToolgateException {
  private static final long serialVersionUID = 1L;

  public ModelConfigException(String message) {
    super(message);
  }

  /**
   * The config value at fault as a JSON Pointer, e.g. {@code /models/0/params/tools}; {@code
   * /models} when the message names no entry.
   */
  public String pointer() {
    String message = getMessage() == null ? "" : getMessage();
    if (!message.startsWith("models")) {
      return "/models";
    }
    int end = 0;
    while (end < message.length() && " :".indexOf(message.charAt(end)) < 0) {
      end++;
    }
    String path = message.substring(0, end);
    return "/" + path.replace("[", "/").replace("]", "").replace('.', '/');
  }

  /** The message without the leading path, for a reporter that names the place itself. */
  public String detail() {
    String message = getMessage() == null ? "" : getMessage();
    if (!message.startsWith("models")) {
      return message;
    }
    int end = 0;
    while (end < message.length() && " :".indexOf(message.charAt(end)) < 0) {
      end++;
    }
    String rest = message.substring(end);
    return rest.startsWith(": ") ? rest.substring(2) : rest.strip();
  }
}
