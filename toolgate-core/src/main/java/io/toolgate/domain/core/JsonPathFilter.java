package io.toolgate.domain.core;

import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.MissingNode;

/**
 * JSONPath filter expressions: {@code ?(@.price < 10 && !@.sold || @.tag == 'x')}.
 *
 * <p>Operands are singular queries from the current element ({@code @.a.b}, {@code @['a'][0]}) or
 * the document ({@code $.limit}), and literals (numbers, 'strings', "strings", true, false, null).
 * Operators: {@code == != < <= > >=}, {@code &&}, {@code ||}, {@code !} and parentheses. A query
 * alone tests that the value exists. Numbers compare by value, strings by code point; a comparison
 * with a missing value is false (except {@code !=}).
 */
final class JsonPathFilter {
  private JsonPathFilter() {}

  sealed interface Expr {}

  record Or(List<Expr> parts) implements Expr {}

  record And(List<Expr> parts) implements Expr {}

  record Not(Expr expr) implements Expr {}

  record Exists(Query query) implements Expr {}

  record Compare(Operand left, String op, Operand right) implements Expr {}

  sealed interface Operand {}

  /** A singular query: from the current element ({@code @}) or the root ({@code $}). */
  record Query(boolean fromRoot, List<Object> steps) implements Operand {}

  record Literal(JsonNode value) implements Operand {}

  record Parsed(Expr expr, int end) {}

  static Parsed parse(String text, int start) {
    Reader r = new Reader(text, start);
    Expr e = r.or();
    return new Parsed(e, r.pos);
  }

  static boolean test(Expr e, JsonNode current, JsonNode root) {
    return switch (e) {
      case Or or -> or.parts().stream().anyMatch(p -> test(p, current, root));
      case And and -> and.parts().stream().allMatch(p -> test(p, current, root));
      case Not not -> !test(not.expr(), current, root);
      case Exists exists -> !value(exists.query(), current, root).isMissingNode();
      case Compare c ->
          compare(value(c.left(), current, root), c.op(), value(c.right(), current, root));
    };
  }

  private static JsonNode value(Operand o, JsonNode current, JsonNode root) {
    return switch (o) {
      case Literal l -> l.value();
      case Query q -> {
        JsonNode at = q.fromRoot() ? root : current;
        for (Object step : q.steps()) {
          if (step instanceof String name) {
            at = at.isObject() && at.has(name) ? at.get(name) : MissingNode.getInstance();
          } else {
            int i = (Integer) step;
            int index = i < 0 ? at.size() + i : i;
            at =
                at.isArray() && index >= 0 && index < at.size()
                    ? at.get(index)
                    : MissingNode.getInstance();
          }
        }
        yield at;
      }
    };
  }

  private static boolean compare(JsonNode a, String op, JsonNode b) {
    if (a.isMissingNode() || b.isMissingNode()) {
      return op.equals("!=") && a.isMissingNode() != b.isMissingNode();
    }
    Integer order = null;
    if (a.isNumber() && b.isNumber()) {
      order = a.decimalValue().compareTo(b.decimalValue());
    } else if (a.isString() && b.isString()) {
      order = a.asString().compareTo(b.asString());
    }
    return switch (op) {
      case "==" -> order != null ? order == 0 : a.equals(b);
      case "!=" -> order != null ? order != 0 : !a.equals(b);
      case "<" -> order != null && order < 0;
      case "<=" -> order != null && order <= 0;
      case ">" -> order != null && order > 0;
      default -> order != null && order >= 0;
    };
  }

  /** Recursive descent over the filter text. */
  private static final class Reader {
    private final String text;
    private int pos;

    Reader(String text, int pos) {
      this.text = text;
      this.pos = pos;
    }

    Expr or() {
      List<Expr> parts = new ArrayList<>(List.of(and()));
      while (eat("||")) {
        parts.add(and());
      }
      return parts.size() == 1 ? parts.getFirst() : new Or(parts);
    }

    private Expr and() {
      List<Expr> parts = new ArrayList<>(List.of(not()));
      while (eat("&&")) {
        parts.add(not());
      }
      return parts.size() == 1 ? parts.getFirst() : new And(parts);
    }

    private Expr not() {
      if (peek() == '!' && !text.startsWith("!=", pos)) {
        pos++;
        return new Not(not());
      }
      if (eat("(")) {
        Expr inner = or();
        if (!eat(")")) {
          throw error("expected ')'");
        }
        return inner;
      }
      Operand left = operand();
      for (String op : List.of("==", "!=", "<=", ">=", "<", ">")) {
        if (eat(op)) {
          return new Compare(left, op, operand());
        }
      }
      if (left instanceof Query q) {
        return new Exists(q);
      }
      throw error("a literal alone is not a test; compare it, e.g. @.x == 1");
    }

    private Operand operand() {
      char c = peek();
      if (c == '@' || c == '$') {
        pos++;
        return query(c == '$');
      }
      if (c == '\'' || c == '"') {
        return new Literal(JsonNodeFactory.instance.stringNode(quoted()));
      }
      int start = pos;
      while (pos < text.length() && "+-.eE0123456789".indexOf(text.charAt(pos)) >= 0) {
        pos++;
      }
      if (pos > start) {
        try {
          return new Literal(Json.parse(text.substring(start, pos)));
        } catch (RuntimeException e) {
          pos = start;
          throw error("not a number");
        }
      }
      for (String word : List.of("true", "false", "null")) {
        if (text.startsWith(word, pos)) {
          pos += word.length();
          return new Literal(Json.parse(word));
        }
      }
      throw error("expected @, $, a number, a 'string', true, false or null");
    }

    private Query query(boolean fromRoot) {
      List<Object> steps = new ArrayList<>();
      while (pos < text.length()) {
        char c = text.charAt(pos);
        if (c == '.') {
          pos++;
          int start = pos;
          while (pos < text.length()
              && (Character.isLetterOrDigit(text.charAt(pos))
                  || "_-$".indexOf(text.charAt(pos)) >= 0)) {
            pos++;
          }
          if (start == pos) {
            throw error("a member name must follow the dot");
          }
          steps.add(text.substring(start, pos));
        } else if (c == '[') {
          pos++;
          skipSpace();
          if (peek() == '\'' || peek() == '"') {
            steps.add(quoted());
          } else {
            int start = pos;
            if (peek() == '-') {
              pos++;
            }
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
              pos++;
            }
            try {
              steps.add(Integer.parseInt(text.substring(start, pos)));
            } catch (NumberFormatException e) {
              throw error("filters take only names and indexes after @, e.g. @.a[0]");
            }
          }
          if (!eat("]")) {
            throw error("expected ']'");
          }
        } else {
          break;
        }
      }
      return new Query(fromRoot, steps);
    }

    private String quoted() {
      char quote = text.charAt(pos++);
      StringBuilder out = new StringBuilder();
      while (pos < text.length() && text.charAt(pos) != quote) {
        char c = text.charAt(pos++);
        out.append(c == '\\' && pos < text.length() ? text.charAt(pos++) : c);
      }
      if (pos >= text.length()) {
        throw error("the string is not closed with " + quote);
      }
      pos++;
      return out.toString();
    }

    private char peek() {
      skipSpace();
      return pos < text.length() ? text.charAt(pos) : '\0';
    }

    private boolean eat(String token) {
      skipSpace();
      if (text.startsWith(token, pos)) {
        pos += token.length();
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
          "bad JSONPath filter at position " + (pos + 1) + " of '" + text + "': " + message);
    }
  }
}
