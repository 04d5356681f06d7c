package io.toolgate.domain.core;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/** The functions of {@link Expression}, with their domain checks. */
final class Functions {
  private Functions() {}

  static double apply(String name, List<Double> args, Expression at, int position) {
    return switch (name) {
      case "min" ->
          atLeastOne(name, args, at, position).stream().mapToDouble(d -> d).min().orElseThrow();
      case "max" ->
          atLeastOne(name, args, at, position).stream().mapToDouble(d -> d).max().orElseThrow();
      case "round" -> round(args, at, position);
      case "log" -> log(args, at, position);
      case "pow" -> Math.pow(two(name, args, at, position, 0), args.get(1));
      case "hypot" -> Math.hypot(two(name, args, at, position, 0), args.get(1));
      default -> one(name, one(name, args, at, position), at, position);
    };
  }

  private static double one(String name, double x, Expression at, int position) {
    return switch (name) {
      case "sqrt" -> {
        if (x < 0) {
          throw at.error("sqrt of a negative number (" + x + ")", position);
        }
        yield Math.sqrt(x);
      }
      case "cbrt" -> Math.cbrt(x);
      case "abs" -> Math.abs(x);
      case "floor" -> Math.floor(x);
      case "ceil" -> Math.ceil(x);
      case "ln" -> Math.log(positive(name, x, at, position));
      case "log10" -> Math.log10(positive(name, x, at, position));
      case "log2" -> Math.log(positive(name, x, at, position)) / Math.log(2);
      case "exp" -> Math.exp(x);
      case "sin" -> Math.sin(x);
      case "cos" -> Math.cos(x);
      case "tan" -> Math.tan(x);
      case "asin" -> Math.asin(unit(name, x, at, position));
      case "acos" -> Math.acos(unit(name, x, at, position));
      case "atan" -> Math.atan(x);
      default -> throw at.error("unknown function '" + name + "'", position);
    };
  }

  private static double one(String name, List<Double> args, Expression at, int position) {
    if (args.size() != 1) {
      throw at.error(name + "() takes 1 argument, got " + args.size(), position);
    }
    return args.getFirst();
  }

  private static double two(
      String name, List<Double> args, Expression at, int position, int index) {
    if (args.size() != 2) {
      throw at.error(name + "() takes 2 arguments, got " + args.size(), position);
    }
    return args.get(index);
  }

  private static List<Double> atLeastOne(
      String name, List<Double> args, Expression at, int position) {
    if (args.isEmpty()) {
      throw at.error(name + "() needs at least one argument", position);
    }
    return args;
  }

  private static double round(List<Double> args, Expression at, int position) {
    if (args.isEmpty() || args.size() > 2) {
      throw at.error("round() takes a number and optionally a count of digits", position);
    }
    int digits = args.size() == 2 ? (int) (double) args.get(1) : 0;
    if (digits < -15 || digits > 15) {
      throw at.error("round() digits must be -15 to 15, got " + digits, position);
    }
    // Half-up on the decimal value as written, so round(2.675, 2) is 2.68 rather than 2.67.
    return BigDecimal.valueOf(args.getFirst()).setScale(digits, RoundingMode.HALF_UP).doubleValue();
  }

  private static double log(List<Double> args, Expression at, int position) {
    if (args.size() == 1) {
      return Math.log(positive("log", args.getFirst(), at, position));
    }
    double x = positive("log", two("log", args, at, position, 0), at, position);
    double base = positive("log", args.get(1), at, position);
    if (base == 1) {
      throw at.error("log() base 1 is undefined", position);
    }
    return Math.log(x) / Math.log(base);
  }

  private static double positive(String name, double x, Expression at, int position) {
    if (x <= 0) {
      throw at.error(name + "() needs a positive number, got " + x, position);
    }
    return x;
  }

  private static double unit(String name, double x, Expression at, int position) {
    if (x < -1 || x > 1) {
      throw at.error(name + "() needs a number from -1 to 1, got " + x, position);
    }
    return x;
  }
}
