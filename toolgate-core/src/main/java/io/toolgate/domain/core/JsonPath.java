package io.toolgate.domain.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A compiled JSONPath query (a practical subset of RFC 9535).
 *
 * <table>
 *   <caption>Syntax</caption>
 *   <tr><td>{@code $}</td><td>the document</td></tr>
 *   <tr><td>{@code .key}, {@code ['key']}, {@code ['a','b']}</td><td>members by name</td></tr>
 *   <tr><td>{@code [0]}, {@code [-1]}</td><td>array elements by index (negative from the end)</td></tr>
 *   <tr><td>{@code .*}, {@code [*]}</td><td>every member or element</td></tr>
 *   <tr><td>{@code [start:end:step]}</td><td>array slices, Python style</td></tr>
 *   <tr><td>{@code ..key}, {@code ..*}, {@code ..[0]}</td><td>descendants at any depth</td></tr>
 *   <tr><td>{@code [?(@.price < 10 && @.tags)]}</td><td>filters; see {@link JsonPathFilter}</td></tr>
 * </table>
 *
 * <p>Results come in document order with their normalized paths ({@code $['store']['book'][0]}).
 * Immutable and thread-safe.
 */
final class JsonPath {
  /** A value the query selected, and where. */
  record Match(String path, JsonNode value) {}

  sealed interface Selector {}

  record Name(String name) implements Selector {}

  record Wildcard() implements Selector {}

  record Index(int index) implements Selector {}

  record Slice(Integer start, Integer end, int step) implements Selector {}

  record Filter(JsonPathFilter.Expr expr) implements Selector {}

  /** One step: the selectors apply to the current nodes, or to them and all their descendants. */
  record Segment(boolean descendant, List<Selector> selectors) {}

  private final String text;
  private final List<Segment> segments;

  JsonPath(String text, List<Segment> segments) {
    this.text = text;
    this.segments = List.copyOf(segments);
  }

  /**
   * Parses a query.
   *
   * @throws IllegalArgumentException naming the position and what was expected
   */
  static JsonPath compile(String text) {
    return new JsonPathParser(text).parse();
  }

  String text() {
    return text;
  }

  List<Segment> segments() {
    return segments;
  }

  /** Every value the query selects from {@code root}, in document order. */
  List<Match> select(JsonNode root) {
    List<Match> current = List.of(new Match("$", root));
    for (Segment segment : segments) {
      List<Match> next = new ArrayList<>();
      for (Match m : current) {
        if (segment.descendant()) {
          descend(m, segment.selectors(), root, next);
        } else {
          apply(m, segment.selectors(), root, next);
        }
      }
      current = next;
    }
    return current;
  }

  private static void descend(Match m, List<Selector> selectors, JsonNode root, List<Match> out) {
    apply(m, selectors, root, out);
    for (Match child : children(m)) {
      descend(child, selectors, root, out);
    }
  }

  private static List<Match> children(Match m) {
    List<Match> out = new ArrayList<>();
    JsonNode v = m.value();
    if (v.isObject()) {
      for (Map.Entry<String, JsonNode> e : v.properties()) {
        out.add(new Match(m.path() + key(e.getKey()), e.getValue()));
      }
    } else if (v.isArray()) {
      for (int i = 0; i < v.size(); i++) {
        out.add(new Match(m.path() + "[" + i + "]", v.get(i)));
      }
    }
    return out;
  }

  private static void apply(Match m, List<Selector> selectors, JsonNode root, List<Match> out) {
    JsonNode v = m.value();
    for (Selector s : selectors) {
      switch (s) {
        case Name n -> {
          if (v.isObject() && v.has(n.name())) {
            out.add(new Match(m.path() + key(n.name()), v.get(n.name())));
          }
        }
        case Wildcard w -> out.addAll(children(m));
        case Index i -> {
          if (v.isArray()) {
            int at = i.index() < 0 ? v.size() + i.index() : i.index();
            if (at >= 0 && at < v.size()) {
              out.add(new Match(m.path() + "[" + at + "]", v.get(at)));
            }
          }
        }
        case Slice slice -> {
          if (v.isArray()) {
            for (int at : slice(slice, v.size())) {
              out.add(new Match(m.path() + "[" + at + "]", v.get(at)));
            }
          }
        }
        case Filter f -> {
          for (Match child : children(m)) {
            if (JsonPathFilter.test(f.expr(), child.value(), root)) {
              out.add(child);
            }
          }
        }
      }
    }
  }

  /** The indexes a slice selects from an array of {@code size}, as in RFC 9535 §2.3.4.2.2. */
  static List<Integer> slice(Slice s, int size) {
    List<Integer> out = new ArrayList<>();
    int step = s.step();
    if (step == 0) {
      return out;
    }
    int start = s.start() == null ? (step > 0 ? 0 : size - 1) : normalize(s.start(), size);
    int end = s.end() == null ? (step > 0 ? size : -size - 1) : normalize(s.end(), size);
    if (step > 0) {
      for (int i = Math.max(start, 0); i < Math.min(end, size); i += step) {
        out.add(i);
      }
    } else {
      for (int i = Math.min(start, size - 1); i > Math.max(end, -1); i += step) {
        out.add(i);
      }
    }
    return out;
  }

  private static int normalize(int index, int size) {
    return index >= 0 ? index : size + index;
  }

  private static String key(String name) {
    return "['" + name.replace("\\", "\\\\").replace("'", "\\'") + "']";
  }
}
