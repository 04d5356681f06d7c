package io.toolgate.sandbox;

import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A package a sandbox installs, parsed from its declared form.
 *
 * <ul>
 *   <li>{@code npm:csv-parse@5}, {@code npm:@scope/pkg@1.2.3} — installed with npm.
 *   <li>{@code pip:pandas==2.2}, or unprefixed {@code pandas} — installed with pip (unprefixed
 *       names are pip packages, as in jazzmine, where every dependency is a pip requirement).
 * </ul>
 *
 * <p>Any other prefix is an error. A spec may not start with {@code -} or hold whitespace, so it
 * can never be read as an installer option.
 *
 * @param ecosystem which installer
 * @param spec the package spec without the prefix, e.g. {@code csv-parse@5}
 */
public record Dependency(Ecosystem ecosystem, String spec) {
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9@/._~^<>=!*+,\\[\\]-]+");

  /** The package managers sandboxes install with. */
  public enum Ecosystem {
    NPM,
    PIP;

    public String prefix() {
      return name().toLowerCase(Locale.ROOT) + ":";
    }
  }

  public Dependency {
    Objects.requireNonNull(ecosystem, "ecosystem");
    Objects.requireNonNull(spec, "spec");
    if (spec.isEmpty() || spec.startsWith("-") || !SAFE.matcher(spec).matches()) {
      throw new IllegalArgumentException(
          "dependency '"
              + spec
              + "' is not a package spec; write e.g. npm:is-number@7.0.0 or pip:requests==2.32.3");
    }
  }

  /**
   * Parses a declared dependency.
   *
   * @throws IllegalArgumentException for an unknown prefix or an unsafe spec
   */
  public static Dependency parse(String declared) {
    String d = declared.strip();
    int colon = d.indexOf(':');
    if (colon > 0 && d.substring(0, colon).matches("[A-Za-z][A-Za-z0-9]*")) {
      String prefix = d.substring(0, colon).toLowerCase(Locale.ROOT);
      String rest = d.substring(colon + 1);
      return switch (prefix) {
        case "npm" -> new Dependency(Ecosystem.NPM, rest);
        case "pip" -> new Dependency(Ecosystem.PIP, rest);
        default ->
            throw new IllegalArgumentException(
                "dependency '"
                    + declared
                    + "' has an unknown prefix '"
                    + prefix
                    + ":'; use npm: or pip: (unprefixed names are pip packages)");
      };
    }
    return new Dependency(Ecosystem.PIP, d);
  }

  /** The canonical declared form, {@code npm:x@1} or {@code pip:y}. */
  public String declared() {
    return ecosystem.prefix() + spec;
  }
}
