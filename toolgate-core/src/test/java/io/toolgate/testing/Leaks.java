package io.toolgate.testing;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds Java internals in what a server sent to a client: class names, stack frames, the fields of
 * a serialized exception, helpful-NullPointerException text. The fuzz suites assert that no
 * response body has any.
 *
 * <pre>{@code
 * assertThat(Leaks.find(body)).isEmpty();
 * }</pre>
 */
public final class Leaks {
  private static final List<Pattern> PATTERNS =
      List.of(
          // a qualified class name: java.lang.String, io.modelcontextprotocol.spec.McpError
          Pattern.compile(
              "\\b(?:java|javax|jakarta|sun|jdk|kotlin|reactor|io\\.javalin|io\\.modelcontextprotocol"
                  + "|io\\.toolgate|tools\\.jackson|com\\.fasterxml|org\\.eclipse|org\\.slf4j)"
                  + "\\.(?:[a-z][a-z0-9_]*\\.)*[A-Z][\\w$]*"),
          // any exception or error class, qualified or not
          Pattern.compile("\\b[A-Z]\\w*(?:Exception|Error)\\b"),
          // a stack frame
          Pattern.compile("\\bat [\\w$.]+\\([\\w$]*\\.(?:java|kt):\\d+\\)|\\.java:\\d+\\b"),
          // the fields of a serialized Throwable
          Pattern.compile("\"(?:stackTrace|localizedMessage|suppressed|jsonRpcError)\"\\s*:"),
          // helpful NullPointerException text
          Pattern.compile("Cannot invoke \"|because \"[^\"]*\" is null"));

  private Leaks() {}

  /** The first piece of Java internals in {@code text}, if any. */
  public static Optional<String> find(String text) {
    for (Pattern p : PATTERNS) {
      Matcher m = p.matcher(text);
      if (m.find()) {
        return Optional.of(m.group());
      }
    }
    return Optional.empty();
  }

  /**
   * {@code bytes} as a bash {@code $'…'} string, so a failing case can be replayed byte for byte,
   * e.g. {@code exec 3<>/dev/tcp/127.0.0.1/8080; printf %s $'…' >&3; cat <&3}.
   */
  public static String bashQuoted(byte[] bytes) {
    StringBuilder b = new StringBuilder("$'");
    for (byte x : bytes) {
      int c = x & 0xff;
      if (c == '\'' || c == '\\') {
        b.append('\\').append((char) c);
      } else if (c >= 0x20 && c < 0x7f) {
        b.append((char) c);
      } else {
        b.append(String.format("\\x%02x", c));
      }
    }
    return b.append('\'').toString();
  }
}
