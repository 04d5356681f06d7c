package io.toolgate.json;

import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;

/**
 * Says why a request body or message is not JSON, for the client that sent it: the parser's
 * complaint on one line with its line and column, without the parser's internals (source excerpts,
 * the names of its settings), so it can go into an HTTP or JSON-RPC error as it is.
 *
 * <pre>{@code
 * Unexpected end-of-input: expected close marker for Object (line 1, column 18)
 * }</pre>
 */
public final class JsonSyntax {
  /** Jackson's {@code [Source: …]} excerpt and the {@code (start marker at …)} around it. */
  private static final Pattern SOURCE =
      Pattern.compile("\\s*(\\((start marker at )?)?\\[Source: [^\\]]*\\]\\)?");

  /** A backquoted name of a parser setting or method, e.g. {@code `StreamReadFeature.X`}. */
  private static final Pattern SETTING = Pattern.compile("\\s*\\(?[^()]*`[\\w.()]+`[^()]*\\)?");

  private JsonSyntax() {}

  /** The complaint about {@code e}, one line, with {@code (line L, column C)} when known. */
  public static String describe(JacksonException e) {
    if (e instanceof StreamConstraintsException) {
      return "the JSON is nested too deeply or holds a number or string that is too long"
          + " (at most 500 levels of nesting and 1000-digit numbers)"
          + location(e);
    }
    String message = e.getOriginalMessage() == null ? "cannot parse" : e.getOriginalMessage();
    String first = message.lines().findFirst().orElse("cannot parse");
    String clean = SETTING.matcher(SOURCE.matcher(first).replaceAll("")).replaceAll("").strip();
    return (clean.isEmpty() ? "cannot parse" : clean) + location(e);
  }

  private static String location(JacksonException e) {
    TokenStreamLocation at = e.getLocation();
    return at == null || at.getLineNr() < 0
        ? ""
        : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
  }
}
