package io.toolgate.invoke.http;

import java.nio.charset.StandardCharsets;

/** Percent-encoding (RFC 3986) for values placed in a URL. */
final class Encoding {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private Encoding() {}

  /**
   * Encodes every byte except the unreserved characters {@code A-Z a-z 0-9 - . _ ~}: a {@code /},
   * {@code ?}, {@code #}, {@code @}, {@code :} or {@code %} in a value can never change the URL's
   * structure. Used for path segments and query components alike (spaces become {@code %20}).
   */
  static String component(String value) {
    StringBuilder out = new StringBuilder(value.length() + 8);
    for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
      int c = b & 0xff;
      if ((c >= 'A' && c <= 'Z')
          || (c >= 'a' && c <= 'z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '.'
          || c == '_'
          || c == '~') {
        out.append((char) c);
      } else {
        out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
      }
    }
    return out.toString();
  }
}
