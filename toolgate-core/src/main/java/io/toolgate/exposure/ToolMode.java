package io.toolgate.exposure;

import io.toolgate.catalog.ToolNames;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.JsonNode;

/**
 * How tools are shown to a model: the {@code tools} setting of a model or of {@code search.mode}.
 *
 * <pre>{@code
 * ToolMode.parse("auto");                 // ToolMode.AUTO
 * ToolMode.parse("search_registry");      // ToolMode.SEARCH_REGISTRY
 * ToolMode.parse("sql, table_schema");    // new Named(["sql", "table_schema"])
 * ToolMode.parse(yaml.get("tools"));      // a string as above, or a YAML list of names
 * }</pre>
 *
 * <table>
 *   <caption>Modes</caption>
 *   <tr><th>config</th><th>mode</th><th>the model sees</th></tr>
 *   <tr><td>{@code all}</td><td>{@link All}</td><td>every tool directly</td></tr>
 *   <tr><td>{@code search_registry}</td><td>{@link SearchRegistry}</td><td>the two meta-tools plus
 *       pinned tools</td></tr>
 *   <tr><td>{@code auto}</td><td>{@link Auto}</td><td>the registry above the threshold (20 tools)
 *       when an embedder is available, else every tool</td></tr>
 *   <tr><td>{@code a, b, c}</td><td>{@link Named}</td><td>exactly those tools, or all tools of
 *       those domains, tags or sources (plus pinned)</td></tr>
 * </table>
 *
 * <p>The three keywords are matched case-insensitively ({@code search-registry} is accepted too);
 * anything else is a list of tool names, so a tool cannot be named {@code all}, {@code auto} or
 * {@code search_registry} in this setting.
 */
public sealed interface ToolMode {
  /** Every tool directly. */
  ToolMode ALL = new All();

  /** The meta-tools plus pinned tools. */
  ToolMode SEARCH_REGISTRY = new SearchRegistry();

  /** The registry when it pays off, else every tool. */
  ToolMode AUTO = new Auto();

  /** The config form: {@code all}, {@code search_registry}, {@code auto} or {@code a, b}. */
  String wire();

  /** Every tool directly. */
  record All() implements ToolMode {
    @Override
    public String wire() {
      return "all";
    }
  }

  /** The registry's meta-tools plus pinned tools. */
  record SearchRegistry() implements ToolMode {
    @Override
    public String wire() {
      return "search_registry";
    }
  }

  /** Decided per catalog: see {@link Exposure}. */
  record Auto() implements ToolMode {
    @Override
    public String wire() {
      return "auto";
    }
  }

  /**
   * Exactly the named tools, in this order. A name of a meta-tool ({@code tool_search}, …) that no
   * catalog tool takes shows that meta-tool; a name that is no tool may be a group (Spice's tool
   * groups): a domain ({@code core}), a tag ({@code weather}) or a source ({@code mcp:fs}), which
   * selects all its tools.
   *
   * @param names at least one tool or group name, without duplicates
   */
  record Named(List<String> names) implements ToolMode {
    public Named {
      if (names == null || names.isEmpty()) {
        throw new IllegalArgumentException(
            "a tool list needs at least one name; or use all, auto or search_registry");
      }
      List<String> distinct = new ArrayList<>();
      for (String name : new LinkedHashSet<>(names)) {
        distinct.add(requireEntry(name));
      }
      names = List.copyOf(distinct);
    }

    @Override
    public String wire() {
      return String.join(", ", names);
    }

    /** A tool name, or a group: a source label such as {@code mcp:fs} may hold {@code :} and /. */
    private static String requireEntry(String name) {
      if (name != null && !name.isBlank() && GROUP.matcher(name).matches()) {
        return name;
      }
      return ToolNames.requireValid(name); // its message names what a tool name may hold
    }

    private static final java.util.regex.Pattern GROUP =
        java.util.regex.Pattern.compile("[A-Za-z0-9_.:/@+\\-]{1,1024}");
  }

  /**
   * Reads a mode from its config text: a keyword, or tool names separated by commas.
   *
   * @throws IllegalArgumentException for an empty value or an invalid tool name
   */
  static ToolMode parse(String text) {
    String value = text == null ? "" : text.strip();
    switch (value.toLowerCase(Locale.ROOT).replace('-', '_')) {
      case "all" -> {
        return ALL;
      }
      case "auto" -> {
        return AUTO;
      }
      case "search_registry" -> {
        return SEARCH_REGISTRY;
      }
      case "" ->
          throw new IllegalArgumentException(
              "tools mode is empty; use auto, all, search_registry or a list of tool names");
      default -> {
        List<String> names = new ArrayList<>();
        for (String part : value.split(",")) {
          if (!part.isBlank()) {
            names.add(part.strip());
          }
        }
        return new Named(names);
      }
    }
  }

  /**
   * Reads a mode from a config tree: a string as in {@link #parse(String)}, or a list of names.
   *
   * @throws IllegalArgumentException for another kind of value
   */
  static ToolMode parse(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return AUTO;
    }
    if (node.isString()) {
      return parse(node.asString());
    }
    if (node.isArray()) {
      List<String> names = new ArrayList<>();
      for (JsonNode item : node) {
        if (!item.isString()) {
          throw new IllegalArgumentException(
              "tools: every item of the list must be a tool name, got " + item);
        }
        names.add(item.asString().strip());
      }
      if (names.size() == 1) {
        return parse(names.getFirst()); // [all] reads like all
      }
      return new Named(names);
    }
    throw new IllegalArgumentException(
        "tools must be auto, all, search_registry or a list of tool names, got " + node);
  }
}
