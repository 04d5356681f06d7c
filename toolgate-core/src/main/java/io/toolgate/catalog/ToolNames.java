package io.toolgate.catalog;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The naming rules of tools.
 *
 * <p>A name is 1–128 characters of {@code [A-Za-z0-9_.-]} (the MCP rule). Tools of a namespaced
 * source are called {@code namespace__tool}. Four names are reserved for the meta-tools.
 */
public final class ToolNames {
  /** The MCP tool-name rule. */
  public static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,128}");

  /** Separator between a source's namespace and its tool's own name. */
  public static final String NAMESPACE_SEPARATOR = "__";

  /** The meta-tool names no tool may take when the registry is exposed. */
  public static final Set<String> RESERVED =
      Set.of("tool_search", "tool_invoke", "find_tools", "use_tool");

  private ToolNames() {}

  /**
   * Checks a tool name.
   *
   * @throws IllegalArgumentException naming the value and the rule
   */
  public static String requireValid(String name) {
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("tool name is required (1-128 of A-Z a-z 0-9 _ . -)");
    }
    if (name.length() > 128) {
      throw new IllegalArgumentException(
          "tool name '"
              + name.substring(0, 40)
              + "…' is "
              + name.length()
              + " characters; the limit is 128, shorten it");
    }
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "tool name '"
              + name
              + "' may contain only A-Z a-z 0-9 _ . - (e.g. '"
              + name.replaceAll("[^A-Za-z0-9_.-]", "_")
              + "')");
    }
    return name;
  }

  /** Whether {@code name} is one of the meta-tool names. */
  public static boolean isReserved(String name) {
    return RESERVED.contains(name);
  }

  /**
   * The meta-tool name that {@code name} takes, compared ignoring case ({@code Tool_Search} takes
   * {@code tool_search}): a model or a client that folds case would call the meta-tool's namesake.
   */
  public static Optional<String> reservedNamesake(String name) {
    String folded = name.toLowerCase(Locale.ROOT);
    return RESERVED.contains(folded) ? Optional.of(folded) : Optional.empty();
  }

  /**
   * Why {@code name} may not be registered: the meta-tool name it takes, and the fix. Every source
   * that reads definitions from outside the code (catalog files, the REST API) refuses these.
   */
  public static Optional<String> reservedProblem(String name) {
    return reservedNamesake(name)
        .map(
            reserved ->
                (reserved.equals(name)
                        ? "the name is reserved for a meta-tool ("
                        : "the name is reserved for the meta-tool '"
                            + reserved
                            + "' (reserved names count in any case: ")
                    + String.join(", ", RESERVED.stream().sorted().toList())
                    + "); rename it, e.g. 'my_"
                    + reserved
                    + "'");
  }

  /**
   * The namespace of {@code name}: what comes before its first {@code __}, or empty for a name
   * without one. {@code fs__read_file} is in namespace {@code fs}.
   */
  public static Optional<String> namespaceOf(String name) {
    int at = name.indexOf(NAMESPACE_SEPARATOR);
    return at > 0 ? Optional.of(name.substring(0, at)) : Optional.empty();
  }

  /** {@code namespace__name}, checked. */
  public static String namespaced(String namespace, String name) {
    return requireValid(namespace + NAMESPACE_SEPARATOR + name);
  }
}
