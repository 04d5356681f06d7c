package io.toolgate.domain.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A safe arithmetic expression evaluator: a recursive-descent parser over doubles, with no access
 * to anything but the operators, functions and constants below.
 *
 * <pre>
 * expression := term (('+' | '-') term)*
 * term       := unary (('*' | '/' | '%') unary)*
 * unary      := ('-' | '+') unary | power
 * power      := primary (('^' | '**') unary)?        right-associative: 2^3^2 = 2^9
 * primary    := number | name | name '(' args ')' | '(' expression ')'
 * </pre>
 *
 * <p>So {@code -2^2} is {@code -4} and {@code 2^-1} is {@code 0.5}. Functions: sqrt, cbrt, abs,
 * min, max, round (to n digits), floor, ceil, log (natural, or to a base), ln, log10, log2, exp,
 * sin, cos, tan, asin, acos, atan, pow, hypot. Constants: pi, e, tau, plus any variables given.
 * Errors ({@link IllegalArgumentException}) name the position: bad syntax, unknown names, division
 * by zero, results that are not finite. The input is capped at {@value #MAX_LENGTH} characters and
 * {@value #MAX_DEPTH} levels of nesting. Instances are single-use and not thread-safe.
 */
final class Expression {
  static final int MAX_LENGTH = 2_000;
  static final int MAX_DEPTH = 100;

  private static final Map<String, Double> CONSTANTS =
      Map.of("pi", Math.PI, "e", Math.E, "tau", 2 * Math.PI);
  private static final Set<String> FUNCTIONS =
      new TreeSet<>(
          List.of(
              "sqrt", "cbrt", "abs", "min", "max", "round", "floor", "ceil", "log", "ln", "log10",
              "log2", "exp", "sin", "cos", "tan", "asin", "acos", "atan", "pow", "hypot"));

  private final String text;
  private final Map<String, Double> variables;
  private int pos;
  private int depth;

  private Expression(String text, Map<String, Double> variables) {
    this.text = text;
    this.variables = variables;
  }

  /**
   * Evaluates {@code text}.
   *
   * @param variables extra names, e.g. {@code {"x": 2}}; they may not shadow a function
   * @throws IllegalArgumentException on bad syntax, unknown names or undefined results
   */
  static double evaluate(String text, Map<String, Double> variables) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("the expression is empty");
    }
    if (text.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "the expression is " + text.length() + " characters; the limit is " + MAX_LENGTH);
    }
    for (String name : variables.keySet()) {
      if (!name.matches("[A-Za-z_][A-Za-z0-9_]*") || FUNCTIONS.contains(name)) {
        throw new IllegalArgumentException(
            "variable '" + name + "' must be a name (letters, digits, _) that is not a function");
      }
    }
    Expression e = new Expression(text, variables);
    double value = e.expression();
    e.skipSpace();
    if (e.pos < text.length()) {
      throw e.error("unexpected '" + text.charAt(e.pos) + "'");
    }
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(
          "the result is not a finite number (" + value + "); check for overflow");
    }
    return value;
  }

  private double expression() {
    if (++depth > MAX_DEPTH) {
      throw error("the expression nests deeper than " + MAX_DEPTH + " levels");
    }
    double value = term();
    while (true) {
      if (eat('+')) {
        value += term();
      } else if (eat('-')) {
        value -= term();
      } else {
        depth--;
        return value;
      }
    }
  }

  private double term() {
    double value = unary();
    while (true) {
      int at = pos;
      if (peekPower()) {
        return value;
      } else if (eat('*')) {
        value *= unary();
      } else if (eat('/')) {
        double divisor = unary();
        if (divisor == 0) {
          throw error("division by zero", at);
        }
        value /= divisor;
      } else if (eat('%')) {
        double divisor = unary();
        if (divisor == 0) {
          throw error("modulo by zero", at);
        }
        value %= divisor;
      } else {
        return value;
      }
    }
  }

  /** Whether a {@code **} follows; it belongs to {@link #power()}, never to {@link #term()}. */
  private boolean peekPower() {
    skipSpace();
    return text.startsWith("**", pos);
  }

  private double unary() {
    if (eat('-')) {
      return -unary();
    }
    if (eat('+')) {
      return unary();
    }
    return power();
  }

  private double power() {
    double base = primary();
    skipSpace();
    if (text.startsWith("**", pos)) {
      pos += 2;
      return Math.pow(base, unaryNested());
    }
    if (eat('^')) {
      return Math.pow(base, unaryNested());
    }
    return base;
  }

  private double unaryNested() {
    if (++depth > MAX_DEPTH) {
      throw error("the expression nests deeper than " + MAX_DEPTH + " levels");
    }
    double v = unary();
    depth--;
    return v;
  }

  private double primary() {
    skipSpace();
    if (pos >= text.length()) {
      throw error("the expression ends too early; a number, name or '(' is missing");
    }
    char c = text.charAt(pos);
    if (eat('(')) {
      double value = expression();
      expect(')');
      return value;
    }
    if (Character.isDigit(c) || c == '.') {
      return number();
    }
    if (Character.isLetter(c) || c == '_') {
      return name();
    }
    throw error("unexpected '" + c + "'");
  }

  private double number() {
    int start = pos;
    while (pos < text.length()
        && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
      pos++;
    }
    if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
      int mark = pos++;
      if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
        pos++;
      }
      if (pos < text.length() && Character.isDigit(text.charAt(pos))) {
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
          pos++;
        }
      } else {
        pos = mark; // a bare "2e" is not a number: leave the e for the caller to report
      }
    }
    String literal = text.substring(start, pos);
    try {
      return Double.parseDouble(literal);
    } catch (NumberFormatException e) {
      throw error("'" + literal + "' is not a number", start);
    }
  }

  private double name() {
    int start = pos;
    while (pos < text.length()
        && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
      pos++;
    }
    String name = text.substring(start, pos);
    String lower = name.toLowerCase(Locale.ROOT);
    skipSpace();
    if (pos < text.length() && text.charAt(pos) == '(') {
      if (!FUNCTIONS.contains(lower)) {
        throw error("unknown function '" + name + "'; known: " + FUNCTIONS, start);
      }
      pos++;
      List<Double> args = new ArrayList<>();
      skipSpace();
      if (!eat(')')) {
        do {
          args.add(expression());
        } while (eat(','));
        expect(')');
      }
      return Functions.apply(lower, args, this, start);
    }
    Double value = variables.get(name);
    if (value == null) {
      value = CONSTANTS.get(lower);
    }
    if (value == null) {
      throw error(
          "unknown name '"
              + name
              + "'"
              + (FUNCTIONS.contains(lower) ? "; call it as " + lower + "(…)" : "")
              + "; constants: pi, e, tau"
              + (variables.isEmpty() ? "" : "; variables: " + new TreeSet<>(variables.keySet())),
          start);
    }
    return value;
  }

  private boolean eat(char c) {
    skipSpace();
    if (pos < text.length() && text.charAt(pos) == c) {
      pos++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!eat(c)) {
      throw error(
          pos >= text.length()
              ? "'" + c + "' is missing at the end"
              : "expected '" + c + "' but found '" + text.charAt(pos) + "'");
    }
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  IllegalArgumentException error(String message) {
    return error(message, pos);
  }

  IllegalArgumentException error(String message, int at) {
    return new IllegalArgumentException(
        message + " at position " + (at + 1) + " of '" + text + "'");
  }
}
