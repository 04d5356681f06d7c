package io.toolgate.catalog;

import io.toolgate.ToolgateException;

/**
 * A tool definition is malformed: a bad name, schema, field or value.
 *
 * <p>The {@link #pointer()} locates the problem inside the tool's JSON (e.g. {@code
 * /parameters/properties/city}), so that a file loader can turn it into a line number.
 */
public final class InvalidToolException extends ToolgateException {
  private static final long serialVersionUID = 1L;
  private final String pointer;

  public InvalidToolException(String message, String pointer) {
    super(message);
    this.pointer = pointer == null ? "" : pointer;
  }

  public InvalidToolException(String message, String pointer, Throwable cause) {
    super(message, cause);
    this.pointer = pointer == null ? "" : pointer;
  }

  /** JSON Pointer, relative to the tool object, of the offending value; {@code ""} for all. */
  public String pointer() {
    return pointer;
  }
}
