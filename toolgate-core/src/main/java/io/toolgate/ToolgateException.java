package io.toolgate;

/**
 * The one unchecked base of every error Toolgate raises.
 *
 * <p>Messages are written for the person or model that reads them: they name the tool, the bad
 * value and the fix. Subclasses exist only for failures that callers handle differently.
 */
public class ToolgateException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ToolgateException(String message) {
    super(message);
  }

  public ToolgateException(String message, Throwable cause) {
    super(message, cause);
  }
}
