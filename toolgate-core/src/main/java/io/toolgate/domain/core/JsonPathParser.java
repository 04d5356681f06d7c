package io.toolgate.domain.core;

import java.util.ArrayList;
import java.util.List;

/** Reads JSONPath text into a {@link JsonPath}; see there for the syntax. Single-use. */
final class JsonPathParser {
  static final int MAX_LENGTH = 1_000;

  private final String text;
  private int pos;

  JsonPathParser(String text) {
    this.text = text == null ? "" : text.strip();
  }

  JsonPath parse() {
    if (text.isEmpty()) {
      throw new IllegalArgumentException("the path is empty; start it with $, e.g. $.items[0]");
    }
    if (text.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "the path is " + text.length() + " characters; the limit is " + MAX_LENGTH);
    }
    if (text.charAt(0) != '$') {
      throw error("a path starts with $, e.g. $." + text);
    }
    pos = 1;
    List<JsonPath.Segment> segments = new ArrayList<>();
    while (pos < text.length()) {
      segments.add(segment());
    }
    return new JsonPath(text, segments);
  }

  private JsonPath.Segment segment() {
    if (text.startsWith("..", pos)) {
      pos += 2;
      if (peek() == '[') {
        return new JsonPath.Segment(true, bracket());
      }
      return new JsonPath.Segment(true, List.of(dotted()));
    }
    if (peek() == '.') {
      pos++;
      return new JsonPath.Segment(false, List.of(dotted()));
    }
    if (peek() == '[') {
      return new JsonPath.Segment(false, bracket());
    }
    throw error("expected '.', '..' or '[' but found '" + peek() + "'");
  }

  private JsonPath.Selector dotted() {
    if (peek() == '*') {
      pos++;
      return new JsonPath.Wildcard();
    }
    int start = pos;
    while (pos < text.length() && isNameChar(text.charAt(pos))) {
      pos++;
    }
    if (start == pos) {
      throw error("a member name or * must follow the dot");
    }
    return new JsonPath.Name(text.substring(start, pos));
  }

  private static boolean isNameChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '$' || c > 0x7f;
  }

  private List<JsonPath.Selector> bracket() {
    pos++; // [
    List<JsonPath.Selector> selectors = new ArrayList<>();
    do {
      skipSpace();
      selectors.add(selector());
      skipSpace();
    } while (eat(','));
    if (!eat(']')) {
      throw error("expected ']' or ','");
    }
    return selectors;
  }

  private JsonPath.Selector selector() {
    char c = peek();
    if (c == '\'' || c == '"') {
      return new JsonPath.Name(quoted());
    }
    if (c == '*') {
      pos++;
      return new JsonPath.Wildcard();
    }
    if (c == '?') {
      pos++;
      skipSpace();
      JsonPathFilter.Parsed parsed = JsonPathFilter.parse(text, pos);
      pos = parsed.end();
      return new JsonPath.Filter(parsed.expr());
    }
    if (c == '-' || c == ':' || Character.isDigit(c)) {
      return indexOrSlice();
    }
    throw error("expected a quoted name, an index, a slice, * or a ?filter");
  }

  private JsonPath.Selector indexOrSlice() {
    Integer[] parts = new Integer[3];
    int colons = 0;
    parts[0] = integer();
    skipSpace();
    while (peek() == ':' && colons < 2) {
      pos++;
      colons++;
      skipSpace();
      parts[colons] = integer();
      skipSpace();
    }
    if (colons == 0) {
      if (parts[0] == null) {
        throw error("expected an index");
      }
      return new JsonPath.Index(parts[0]);
    }
    return new JsonPath.Slice(parts[0], parts[1], parts[2] == null ? 1 : parts[2]);
  }

  private Integer integer() {
    int start = pos;
    if (peek() == '-') {
      pos++;
    }
    while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
      pos++;
    }
    if (pos == start) {
      return null;
    }
    try {
      return Integer.parseInt(text.substring(start, pos));
    } catch (NumberFormatException e) {
      pos = start;
      throw error(
          "'" + text.substring(start, Math.min(text.length(), start + 12)) + "' is not an index");
    }
  }

  private String quoted() {
    char quote = text.charAt(pos++);
    StringBuilder out = new StringBuilder();
    while (pos < text.length() && text.charAt(pos) != quote) {
      char c = text.charAt(pos++);
      if (c == '\\' && pos < text.length()) {
        out.append(text.charAt(pos++));
      } else {
        out.append(c);
      }
    }
    if (pos >= text.length()) {
      throw error("the quoted name is not closed with " + quote);
    }
    pos++;
    return out.toString();
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private boolean eat(char c) {
    if (peek() == c) {
      pos++;
      return true;
    }
    return false;
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private IllegalArgumentException error(String message) {
    return new IllegalArgumentException(
        "bad JSONPath at position " + (pos + 1) + " of '" + text + "': " + message);
  }
}
