package io.toolgate.config;

import java.util.Locale;

/**
 * What reading a config does with a {@code ${NAME}} whose variable is unset (or empty) and that has
 * no {@code ${NAME:-fallback}}.
 *
 * <p>{@code serve} and every command that runs something read with {@link #FAIL}: the value is
 * unusable, so the config does not load. {@code toolgate validate} reads with {@link #WARN},
 * because a pipeline that checks the config's structure usually runs without the deployment's
 * secrets (as {@code docker compose config} and {@code terraform validate} do): each such use
 * becomes an {@link UnsetVariable} at its line, and the value reads as {@link #standIn} so the rest
 * is still checked.
 */
public enum UnsetVariables {
  /** An unset variable is a problem at the value that uses it; the config does not load. */
  FAIL,
  /**
   * An unset variable is a warning ({@link ToolgateConfig#unsetVariables()}, {@link
   * ToolgateConfig#unsetVariablesIn}); the value reads with {@link #standIn} in its place.
   */
  WARN;

  /**
   * What stands for the unset variable {@code name} in a value read with {@link #WARN}: {@code
   * CRM_HOST} reads as {@code crm-host}, which is a valid host name, path or token, so that {@code
   * http://${CRM_HOST}:9000/mcp} still reads as a URL.
   */
  public static String standIn(String name) {
    return name.toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /**
   * The warning for a value that uses the unset variable {@code name}: what {@code serve} will do
   * and the fix ({@code fix}, e.g. {@code export NAME, or write ${NAME:-default}}).
   */
  public static String warning(String name, String fix) {
    return "${" + name + "} is not set; `toolgate serve` will fail unless it is set (" + fix + ")";
  }

  /** The fix for a {@code ${NAME}} that {@link EnvVars} expands: set it, or give a fallback. */
  static String fix(String name) {
    return "export " + name + ", or write ${" + name + ":-default}";
  }
}
