package io.toolgate.format;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The tool names a provider accepts.
 *
 * <p>Toolgate names follow the MCP rule (1–128 of {@code [A-Za-z0-9_.-]}); OpenAI and Anthropic
 * accept only {@code ^[a-zA-Z0-9_-]{1,64}$}, and Gemini additionally wants the name to start with a
 * letter or an underscore. {@link ProviderNames} maps the names a rule rejects.
 *
 * @param id a short label for messages, e.g. {@code openai}
 * @param allowed the whole-name pattern of accepted names
 * @param maxLength the longest accepted name
 * @param letterFirst whether a name must start with a letter or an underscore
 */
public record NameRule(String id, Pattern allowed, int maxLength, boolean letterFirst) {
  /** OpenAI (Chat Completions and Responses) function names: {@code ^[a-zA-Z0-9_-]{1,64}$}. */
  public static final NameRule OPENAI = new NameRule("openai", "[a-zA-Z0-9_-]", 64, false);

  /** Anthropic tool names: {@code ^[a-zA-Z0-9_-]{1,64}$}. */
  public static final NameRule ANTHROPIC = new NameRule("anthropic", "[a-zA-Z0-9_-]", 64, false);

  /**
   * Gemini function names: letters, digits, {@code _} and {@code -}, at most 64, starting with a
   * letter or an underscore. (Gemini also documents dots and colons; they are avoided so the same
   * mapped name works on every API version.)
   */
  public static final NameRule GEMINI = new NameRule("gemini", "[a-zA-Z0-9_-]", 64, true);

  /** MCP tool names, the rule every Toolgate name already follows. */
  public static final NameRule MCP = new NameRule("mcp", "[A-Za-z0-9_.-]", 128, false);

  public NameRule {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(allowed, "allowed");
    if (maxLength < 16) {
      throw new IllegalArgumentException(
          "illegal maxLength " + maxLength + " for name rule " + id + ", must be at least 16");
    }
  }

  private NameRule(String id, String charClass, int maxLength, boolean letterFirst) {
    this(id, Pattern.compile(charClass + "{1," + maxLength + "}"), maxLength, letterFirst);
  }

  /** Whether the provider accepts {@code name} as it is. */
  public boolean accepts(String name) {
    return allowed.matcher(name).matches() && (!letterFirst || startsWithLetterOrUnderscore(name));
  }

  /**
   * The name with every rejected character replaced by {@code _} (and an {@code _} prefix when the
   * rule wants a letter first); it may still be too long.
   */
  String sanitize(String name) {
    StringBuilder out = new StringBuilder(name.length() + 1);
    for (int i = 0; i < name.length(); i++) {
      String c = String.valueOf(name.charAt(i));
      out.append(allowed.matcher(c).matches() ? c : "_");
    }
    if (letterFirst && !startsWithLetterOrUnderscore(out)) {
      out.insert(0, '_');
    }
    return out.toString();
  }

  private static boolean startsWithLetterOrUnderscore(CharSequence name) {
    if (name.isEmpty()) {
      return false;
    }
    char c = name.charAt(0);
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
}
