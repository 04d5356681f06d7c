package io.toolgate.exposure;

import java.util.List;
import java.util.Locale;

/**
 * The names under which the registry's two meta-tools are shown.
 *
 * <ul>
 *   <li>{@link #SPICE}: {@code tool_search} + {@code tool_invoke}, as in the Spice.ai Tool
 *       Registry; search returns the Toolgate search response with scores and match sources;
 *   <li>{@link #RFC}: {@code find_tools} + {@code use_tool}, as in RFC 0001 (selective tool
 *       retrieval); search returns tool schemas in a provider format.
 * </ul>
 */
public enum Profile {
  /** {@code tool_search} and {@code tool_invoke}. */
  SPICE(MetaTools.TOOL_SEARCH, MetaTools.TOOL_INVOKE),
  /** {@code find_tools} and {@code use_tool}. */
  RFC(MetaTools.FIND_TOOLS, MetaTools.USE_TOOL);

  private final String searchTool;
  private final String invokeTool;

  Profile(String searchTool, String invokeTool) {
    this.searchTool = searchTool;
    this.invokeTool = invokeTool;
  }

  /** The meta-tool that searches: {@code tool_search} or {@code find_tools}. */
  public String searchTool() {
    return searchTool;
  }

  /** The meta-tool that calls: {@code tool_invoke} or {@code use_tool}. */
  public String invokeTool() {
    return invokeTool;
  }

  /** Both meta-tool names, search first. */
  public List<String> toolNames() {
    return List.of(searchTool, invokeTool);
  }

  /** The config form: {@code spice} or {@code rfc}. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The profile named {@code text} ({@code spice} or {@code rfc}, case-insensitive).
   *
   * @throws IllegalArgumentException naming both choices
   */
  public static Profile parse(String text) {
    String key = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
    return switch (key) {
      case "spice" -> SPICE;
      case "rfc" -> RFC;
      default ->
          throw new IllegalArgumentException(
              "unknown meta-tool profile '"
                  + text
                  + "'; use spice (tool_search + tool_invoke) or rfc (find_tools + use_tool)");
    };
  }
}
