package io.toolgate.server.auth;

import java.util.Arrays;
import java.util.Locale;

/** What an API key may do. Scopes are independent: {@code admin} does not imply the others. */
public enum Scope {
  /** List tools, read definitions and renderings, search, read capabilities and sandboxes. */
  SEARCH,
  /** Call tools: {@code :invoke}, {@code tool_invoke}, MCP, the chat proxy. */
  INVOKE,
  /** Register, replace and delete tools; read {@code /metrics}. */
  ADMIN;

  /** The wire form, e.g. {@code search}. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The scope named {@code text}.
   *
   * @throws IllegalArgumentException listing the scopes
   */
  public static Scope parse(String text) {
    for (Scope s : values()) {
      if (s.wire().equalsIgnoreCase(text == null ? "" : text.strip())) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "unknown scope '"
            + text
            + "'; scopes are "
            + Arrays.stream(values()).map(Scope::wire).toList());
  }
}
