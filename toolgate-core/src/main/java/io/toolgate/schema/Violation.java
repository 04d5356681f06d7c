package io.toolgate.schema;

import java.util.Objects;

/**
 * One way a JSON document breaks its schema.
 *
 * @param pointer JSON Pointer (RFC 6901) to the offending value; {@code ""} is the whole document
 * @param message what is wrong, in words, e.g. {@code "required property 'city' not found"}
 */
public record Violation(String pointer, String message) {
  public Violation {
    Objects.requireNonNull(pointer, "pointer");
    Objects.requireNonNull(message, "message");
  }

  /** {@code "/tz: must be a string"}, or just the message for the root. */
  @Override
  public String toString() {
    return (pointer.isEmpty() ? "(root)" : pointer) + ": " + message;
  }
}
