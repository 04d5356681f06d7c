package io.toolgate.json;

import java.util.Locale;
import java.util.Optional;

/**
 * Checks a request's {@code Content-Type} header for a JSON body: {@code application/json} (or a
 * {@code +json} type), in UTF-8 when a charset is named. Reads the raw header text, so a charset
 * name Java cannot look up (the servlet API throws {@code IllegalCharsetNameException} on {@code
 * charset="ÿ"}) is just a wrong charset.
 *
 * <pre>{@code
 * JsonContentType.problem("application/json; charset=utf-16")
 *     // Optional["JSON bodies are read as UTF-8; send 'Content-Type: application/json' …"]
 * }</pre>
 */
public final class JsonContentType {
  private JsonContentType() {}

  /** What is wrong with {@code header} for a JSON body, or empty when it is fine. */
  public static Optional<String> problem(String header) {
    String[] parts = header == null ? new String[] {""} : header.split(";");
    String base = parts[0].strip().toLowerCase(Locale.ROOT);
    if (!base.equals("application/json") && !base.endsWith("+json")) {
      return Optional.of(
          "send the body as JSON with 'Content-Type: application/json'"
              + (header == null ? "" : ", not '" + clip(header) + "'"));
    }
    for (int i = 1; i < parts.length; i++) {
      String[] kv = parts[i].split("=", 2);
      if (kv.length == 2 && kv[0].strip().equalsIgnoreCase("charset")) {
        String charset = kv[1].strip().replace("\"", "");
        if (!charset.equalsIgnoreCase("utf-8") && !charset.equalsIgnoreCase("utf8")) {
          return Optional.of(
              "JSON bodies are read as UTF-8; send 'Content-Type: application/json' or"
                  + " 'application/json; charset=utf-8', not charset '"
                  + clip(charset)
                  + "'");
        }
      }
    }
    return Optional.empty();
  }

  private static String clip(String s) {
    return s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }
}
