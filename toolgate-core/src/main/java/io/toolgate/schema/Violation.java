package io.toolgate.schema;

import java.util.Objects;

/**
 * One way a JSON document breaks its schema, or the rules of its form (a tool definition's problems
 * from {@link io.toolgate.catalog.ToolDefinitionCodec#decode} are violations too).
 *
 * @param pointer JSON Pointer (RFC 6901) to the offending value; {@code ""} is the whole document
 * @param message what is wrong, in words, e.g. {@code "required property 'city' not found"}
 */
public record Violation(String pointer, String message) {
  public Violation {
    Objects.requireNonNull(pointer, "pointer");
    Objects.requireNonNull(message, "message");
  }

  /**
   * The message after the value's path under {@code root}, for people who read dotted paths more
   * easily than pointers: {@code parameters.properties.city.type: 'strin' is not a JSON Schema
   * type}. Array indexes show as {@code [1]}; the root itself is just {@code root}.
   */
  public String describe(String root) {
    StringBuilder path = new StringBuilder(root);
    if (!pointer.isEmpty()) {
      for (String segment : pointer.substring(1).split("/", -1)) {
        String name = segment.replace("~1", "/").replace("~0", "~");
        if (!name.isEmpty() && name.chars().allMatch(Character::isDigit)) {
          path.append('[').append(name).append(']');
        } else {
          path.append(path.isEmpty() ? "" : ".").append(name);
        }
      }
    }
    return path + ": " + message;
  }

  /** {@code "/tz: must be a string"}, or just the message for the root. */
  @Override
  public String toString() {
    return (pointer.isEmpty() ? "(root)" : pointer) + ": " + message;
  }
}
