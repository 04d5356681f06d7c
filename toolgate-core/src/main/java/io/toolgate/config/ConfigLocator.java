package io.toolgate.config;

import io.toolgate.catalog.file.JsonLocations;

/**
 * Places a value of the config file by its JSON Pointer: the file, line and column a problem is
 * reported at, and the dotted key it names. The file's text is located once, on the first problem.
 */
final class ConfigLocator {
  private final String label;
  private final String text;
  private JsonLocations locations;

  ConfigLocator(String label, String text) {
    this.label = label;
    this.text = text;
  }

  /** A problem at {@code pointer}, located in the file. */
  ConfigProblem at(String pointer, String message) {
    if (locations == null) {
      locations = JsonLocations.of(text, false);
    }
    JsonLocations.Location l = locations.locate(pointer);
    return new ConfigProblem(label, l.line(), l.column(), key(pointer), message);
  }

  /** {@code /sandboxes/1/runtime} → {@code sandboxes[1].runtime}. */
  static String key(String pointer) {
    StringBuilder out = new StringBuilder();
    for (String part : pointer.split("/")) {
      if (part.isEmpty()) {
        continue;
      }
      String p = part.replace("~1", "/").replace("~0", "~");
      if (p.chars().allMatch(Character::isDigit)) {
        out.append('[').append(p).append(']');
      } else {
        out.append(out.isEmpty() ? "" : ".").append(p);
      }
    }
    return out.toString();
  }
}
