package io.toolgate.config;

import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ${NAME}} expansion in config strings: {@code ${NAME}} is the variable's value, {@code
 * ${NAME:-fallback}} uses the fallback when it is unset or empty, and {@code $${} writes a literal
 * {@code ${}.
 */
final class EnvVars {
  private static final Pattern REFERENCE =
      Pattern.compile("\\$\\$\\{|\\$\\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?}");

  private EnvVars() {}

  /**
   * Expands every reference in {@code text}.
   *
   * @throws IllegalArgumentException naming the first unset variable without a fallback
   */
  static String expand(String text, UnaryOperator<String> env) {
    return expand(
        text,
        env,
        name -> {
          throw new IllegalArgumentException(
              "environment variable "
                  + name
                  + " is not set; set it, or write ${"
                  + name
                  + ":-default}");
        });
  }

  /**
   * Expands every reference in {@code text}, taking the value of an unset variable without a
   * fallback from {@code unset} (which may throw).
   */
  static String expand(String text, UnaryOperator<String> env, UnaryOperator<String> unset) {
    if (text.indexOf('$') < 0) {
      return text;
    }
    Matcher m = REFERENCE.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String replacement;
      if (m.group(1) == null) {
        replacement = "${";
      } else {
        String value = env.apply(m.group(1));
        if (value == null || value.isEmpty()) {
          value = m.group(2) == null ? unset.apply(m.group(1)) : m.group(2);
        }
        replacement = value;
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }
}
