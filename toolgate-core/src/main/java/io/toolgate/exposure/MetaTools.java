package io.toolgate.exposure;

import io.toolgate.catalog.ToolAnnotations;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolNames;
import io.toolgate.json.Json;
import io.toolgate.search.SearchRequest;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The definitions of the four meta-tools a model sees instead of the whole catalog.
 *
 * <pre>{@code
 * List<ToolDefinition> shown = MetaTools.of(Profile.SPICE);   // tool_search, tool_invoke
 * MetaTools.isMetaTool("find_tools");                          // true
 * }</pre>
 *
 * <table>
 *   <caption>Meta-tools and their arguments</caption>
 *   <tr><th>tool</th><th>arguments</th></tr>
 *   <tr><td>{@code tool_search}</td><td>{@code query} (required), {@code keywords[]}, {@code
 *       limit} (1–20, default 5), {@code min_score} (0–1), {@code filter {tags[], sources[]}}</td></tr>
 *   <tr><td>{@code tool_invoke}</td><td>{@code tool_id} (required), {@code arguments} (object,
 *       default {})</td></tr>
 *   <tr><td>{@code find_tools}</td><td>{@code query} (required), {@code limit} (1–20, default 5),
 *       {@code format} ({@code mcp|openai|anthropic})</td></tr>
 *   <tr><td>{@code use_tool}</td><td>{@code query} and {@code params} (both required)</td></tr>
 * </table>
 *
 * <p>The descriptions teach the model the loop: search first, then call by the returned id with
 * arguments that match the returned schema, and search again rather than guess. The definitions are
 * ordinary {@link ToolDefinition}s (source {@value #SOURCE}), so every {@link
 * io.toolgate.format.Format} renders them. They carry no executor: the surface that shows them (MCP
 * server, chat proxy) runs their calls with {@link MetaToolCalls}.
 */
public final class MetaTools {
  /** {@code tool_search}: search the catalog (Spice profile). */
  public static final String TOOL_SEARCH = "tool_search";

  /** {@code tool_invoke}: call a tool by id (Spice profile). */
  public static final String TOOL_INVOKE = "tool_invoke";

  /** {@code find_tools}: search the catalog, schemas in a provider format (RFC profile). */
  public static final String FIND_TOOLS = "find_tools";

  /** {@code use_tool}: resolve and call in one step (RFC profile). */
  public static final String USE_TOOL = "use_tool";

  /** The source label of the meta-tool definitions. */
  public static final String SOURCE = "toolgate";

  /** The formats {@code find_tools} can return schemas in. */
  public static final List<String> FIND_TOOLS_FORMATS = List.of("mcp", "openai", "anthropic");

  private static final ToolAnnotations READ_ONLY =
      new ToolAnnotations(
          Optional.of(true), Optional.of(false), Optional.of(true), Optional.of(false));

  private static final ToolDefinition TOOL_SEARCH_DEF =
      define(
          TOOL_SEARCH,
          "Search tools",
          """
          Search the tool catalog. Many more tools exist than the ones listed here: call this \
          first, describing in plain words what you need to do (e.g. "refund a card payment"). \
          Results come best first, each with tool_id, description, parameters (JSON Schema) and \
          score (0 to 1). Then call tool_invoke with the tool_id of the best result and arguments \
          that match its parameters. If nothing fits, search again with other words; never guess \
          a tool_id.""",
          """
          {"type": "object",
           "properties": {
             "query": {"type": "string",
               "description": "What you need to do, in plain words; describe the task, not a tool name."},
             "keywords": {"type": "array", "items": {"type": "string"},
               "description": "Optional exact words that must weigh more, e.g. a product, table or field name."},
             "limit": {"type": "integer", "minimum": 1, "maximum": %d, "default": %d,
               "description": "How many tools to return."},
             "min_score": {"type": "number", "minimum": 0, "maximum": 1,
               "description": "Optional cut-off; if it removes every tool, the best one is still returned with fallback: true."},
             "filter": {"type": "object",
               "description": "Optional: only tools with one of these tags or from one of these sources.",
               "properties": {
                 "tags": {"type": "array", "items": {"type": "string"}},
                 "sources": {"type": "array", "items": {"type": "string"},
                   "description": "e.g. \\"mcp:github\\", or a prefix like \\"mcp:*\\"."}}}},
           "required": ["query"]}
          """
              .formatted(SearchRequest.MAX_LIMIT, SearchRequest.DEFAULT_LIMIT),
          READ_ONLY);

  private static final ToolDefinition TOOL_INVOKE_DEF =
      define(
          TOOL_INVOKE,
          "Invoke a tool",
          """
          Call a tool found with tool_search. Pass its tool_id exactly as returned, and arguments \
          as a JSON object that matches that tool's parameters schema, required fields included. \
          Returns {"ok": true, "result": ...} or {"ok": false, "error": {"code", "message", \
          "details"}}: on invalid_arguments fix the fields the details point to and call again; \
          on unknown_tool search again.""",
          """
          {"type": "object",
           "properties": {
             "tool_id": {"type": "string", "description": "The tool_id returned by tool_search."},
             "arguments": {"type": "object", "default": {},
               "description": "The tool's arguments, matching its parameters schema."}},
           "required": ["tool_id"]}
          """,
          ToolAnnotations.NONE);

  private static final ToolDefinition FIND_TOOLS_DEF =
      define(
          FIND_TOOLS,
          "Find tools",
          """
          Find the tools for a task. Many more tools exist than the ones listed here: call this \
          before using a tool you have not retrieved yet, describing in plain words what you need \
          to do (e.g. "send an email with an attachment"). Returns the matching tools' names, \
          descriptions and parameter schemas, best first. Then call the chosen tool with use_tool, \
          its name as query and arguments matching its schema as params. If nothing fits, search \
          again with other words; never guess a tool name.""",
          """
          {"type": "object",
           "properties": {
             "query": {"type": "string",
               "description": "What you need to do, in plain words; must not be empty."},
             "limit": {"type": "integer", "minimum": 1, "maximum": %d, "default": %d,
               "description": "How many tools to return."},
             "format": {"type": "string", "enum": ["mcp", "openai", "anthropic"],
               "description": "Schema format of the returned tools; defaults to this API's own."}},
           "required": ["query"]}
          """
              .formatted(SearchRequest.MAX_LIMIT, SearchRequest.DEFAULT_LIMIT),
          READ_ONLY);

  private static final ToolDefinition USE_TOOL_DEF =
      define(
          USE_TOOL,
          "Use a tool",
          """
          Find and call a tool in one step. Put the name of a tool returned by find_tools (or a \
          plain description of the task) in query and the arguments in params; the best match \
          whose parameters schema accepts params is called. Returns {"ok": true, "result": ...} \
          or {"ok": false, "error": {"code", "message", "details"}}; on invalid_arguments fix \
          params and call again.""",
          """
          {"type": "object",
           "properties": {
             "query": {"type": "string",
               "description": "The tool's name as returned by find_tools, or what you need to do."},
             "params": {"type": "object",
               "description": "The arguments, matching the tool's parameters schema."}},
           "required": ["query", "params"]}
          """,
          ToolAnnotations.NONE);

  private MetaTools() {}

  private static ToolDefinition define(
      String name, String title, String description, String schema, ToolAnnotations hints) {
    return ToolDefinition.builder(name, Json.parseObject(schema, name + " parameters"))
        .title(title)
        .description(description)
        .source(SOURCE)
        .tags(List.of("meta"))
        .annotations(hints)
        .build();
  }

  /** The two meta-tools of {@code profile}, search first. */
  public static List<ToolDefinition> of(Profile profile) {
    return switch (profile) {
      case SPICE -> List.of(TOOL_SEARCH_DEF, TOOL_INVOKE_DEF);
      case RFC -> List.of(FIND_TOOLS_DEF, USE_TOOL_DEF);
    };
  }

  /** The meta-tool called {@code name}, of either profile. */
  public static Optional<ToolDefinition> get(String name) {
    return switch (name) {
      case TOOL_SEARCH -> Optional.of(TOOL_SEARCH_DEF);
      case TOOL_INVOKE -> Optional.of(TOOL_INVOKE_DEF);
      case FIND_TOOLS -> Optional.of(FIND_TOOLS_DEF);
      case USE_TOOL -> Optional.of(USE_TOOL_DEF);
      default -> Optional.empty();
    };
  }

  /** Whether {@code name} is one of the four meta-tool names ({@link ToolNames#RESERVED}). */
  public static boolean isMetaTool(String name) {
    return ToolNames.isReserved(name);
  }

  /** The four reserved names. */
  public static Set<String> names() {
    return ToolNames.RESERVED;
  }
}
