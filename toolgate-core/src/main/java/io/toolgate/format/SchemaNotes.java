package io.toolgate.format;

import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Facts about a schema that end up in its description, and whether null is allowed. */
final class SchemaNotes {
  private final List<String> notes = new ArrayList<>();
  boolean nullable;

  SchemaNotes(boolean nullable) {
    this.nullable = nullable;
  }

  void add(String note) {
    notes.add(note);
  }

  void defaultValue(JsonNode value) {
    if (value != null && !value.isNull()) {
      add("Default: " + show(value) + ".");
    }
  }

  String describe(String description) {
    List<String> parts = new ArrayList<>();
    String own = description.strip();
    if (!own.isEmpty()) {
      // Notes are sentences; close the description's own sentence before them.
      boolean closed = own.endsWith(".") || own.endsWith("!") || own.endsWith("?");
      parts.add(notes.isEmpty() || closed ? own : own + ".");
    }
    parts.addAll(notes);
    return String.join(" ", parts);
  }

  static String show(JsonNode value) {
    return value.isString() ? value.asString() : Json.write(value);
  }
}
