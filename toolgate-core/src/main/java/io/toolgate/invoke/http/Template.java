package io.toolgate.invoke.http;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.InvalidToolException;
import io.toolgate.invoke.spi.ToolExecutionException;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * One text template of an HTTP tool: {@code {param}} is a declared parameter, {@code ${SECRET}} a
 * declared secret, {@code {context.field}} (in headers only) a field of the caller's context.
 * Checked when the tool loads; filled at call time with an encoder chosen by where the text goes
 * (path segment, query component, header).
 */
final class Template {
  static final Pattern TOKEN =
      Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}|\\{([A-Za-z_][A-Za-z0-9_.-]*)}");

  /** {@code {context.user_id}}: the field {@code user_id} of the caller's context object. */
  static final String CONTEXT_PREFIX = "context.";

  private final String text;

  private Template(String text) {
    this.text = text;
  }

  /**
   * Checks every placeholder of {@code text}.
   *
   * @param where e.g. {@code http.url} or {@code http.headers.Authorization}, for messages
   * @param pointer where in the tool JSON the template sits
   * @param secretsAllowed whether {@code ${SECRET}} may appear here
   * @param contextAllowed whether {@code {context.<field>}}, a field of the caller's context object
   *     ({@link #CONTEXT_PREFIX}), may appear here (headers only)
   * @throws InvalidToolException naming an undeclared parameter or secret, or a context field
   *     outside a header
   */
  static Template parse(
      String tool,
      String text,
      String where,
      String pointer,
      Set<String> parameters,
      Set<String> secrets,
      boolean secretsAllowed,
      boolean contextAllowed) {
    Matcher m = TOKEN.matcher(text);
    while (m.find()) {
      if (m.group(2) != null && m.group(2).startsWith(CONTEXT_PREFIX)) {
        requireContextAllowed(contextAllowed, tool, where, pointer, m.group(2));
        continue;
      }
      if (m.group(1) != null) {
        String secret = m.group(1);
        if (!secretsAllowed) {
          throw new InvalidToolException(
              "tool '"
                  + tool
                  + "': "
                  + where
                  + " may not use secrets; put ${"
                  + secret
                  + "} in a header or the URL",
              pointer);
        }
        if (!secrets.contains(secret)) {
          throw new InvalidToolException(
              "tool '"
                  + tool
                  + "': "
                  + where
                  + " uses ${"
                  + secret
                  + "}, which the tool does not declare; add it to 'secrets' (declared: "
                  + secrets.stream().sorted().toList()
                  + ")",
              pointer);
        }
      } else if (!parameters.contains(m.group(2))) {
        throw new InvalidToolException(
            "tool '"
                + tool
                + "': "
                + where
                + " uses {"
                + m.group(2)
                + "}, which is not a parameter; declared: "
                + parameters.stream().sorted().toList(),
            pointer);
      }
    }
    return new Template(text);
  }

  private static void requireContextAllowed(
      boolean allowed, String tool, String where, String pointer, String field) {
    if (!allowed) {
      throw new InvalidToolException(
          "tool '"
              + tool
              + "': "
              + where
              + " uses {"
              + field
              + "}; context fields may only fill headers, e.g. headers: {X-User-Id: \"{"
              + field
              + "}\"}",
          pointer);
    }
  }

  /** The template text. */
  String text() {
    return text;
  }

  /** Whether the whole template is one parameter placeholder, e.g. {@code "{city}"}. */
  String soleParameter() {
    Matcher m = TOKEN.matcher(text);
    return m.matches() && m.group(2) != null ? m.group(2) : null;
  }

  /** Whether every parameter this template names is present in {@code args}. */
  boolean complete(JsonNode args) {
    Matcher m = TOKEN.matcher(text);
    while (m.find()) {
      if (m.group(2) != null && !present(args, m.group(2))) {
        return false;
      }
    }
    return true;
  }

  static boolean present(JsonNode args, String name) {
    JsonNode v = args.get(name);
    return v != null && !v.isNull();
  }

  /**
   * Fills the template, passing each value through {@code encode}.
   *
   * @throws ToolExecutionException {@code invalid_arguments} for a missing parameter, {@code
   *     unavailable} for a secret not set in the gateway's environment
   */
  String fill(JsonNode args, UnaryOperator<String> environment, UnaryOperator<String> encode) {
    Matcher m = TOKEN.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String value;
      if (m.group(1) != null) {
        value = environment.apply(m.group(1));
        if (value == null) {
          throw new ToolExecutionException(
              ErrorCode.UNAVAILABLE,
              "secret " + m.group(1) + " is not set in the gateway's environment");
        }
      } else {
        JsonNode v = args.get(m.group(2));
        if (v == null || v.isNull()) {
          throw new ToolExecutionException(
              ErrorCode.INVALID_ARGUMENTS,
              "/" + m.group(2) + " is required by the request template");
        }
        value = v.isString() ? v.asString() : v.toString();
      }
      m.appendReplacement(out, Matcher.quoteReplacement(encode.apply(value)));
    }
    m.appendTail(out);
    return out.toString();
  }
}
