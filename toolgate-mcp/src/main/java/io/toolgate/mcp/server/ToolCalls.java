package io.toolgate.mcp.server;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.toolgate.ErrorCode;
import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.exposure.MetaTools;
import io.toolgate.exposure.Profile;
import io.toolgate.format.Format;
import io.toolgate.format.ProviderNames;
import io.toolgate.invoke.CallOptions;
import io.toolgate.invoke.ToolError;
import io.toolgate.invoke.ToolResult;
import io.toolgate.invoke.ToolResultJson;
import io.toolgate.invoke.UseTool;
import io.toolgate.json.Json;
import io.toolgate.schema.ArgumentValidator;
import io.toolgate.schema.Violation;
import io.toolgate.search.InvalidSearchException;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchJson;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs {@code tools/call}: the four meta-tools by their reserved names, and any catalog tool by its
 * name (the RFC requires direct calls after retrieval, whatever {@code tools/list} shows).
 *
 * <p>Every outcome is a tool result, never a protocol error: bad arguments, an unknown tool and a
 * failed call come back with {@code isError: true}, a text that names the tool and the problem, and
 * the normalized ToolResult JSON as structured content. Thread-safe.
 */
final class ToolCalls {
  private final Toolgate gate;
  private final ToolsListing listing;
  private final Profile profile;
  private final ArgumentValidator validator = new ArgumentValidator(64);
  private final UseTool useTool;
  private final Map<Format, Names> providerNames = new ConcurrentHashMap<>();

  private record Names(long version, ProviderNames names) {}

  ToolCalls(Toolgate gate, ToolsListing listing, Profile profile) {
    this.gate = gate;
    this.listing = listing;
    this.profile = profile;
    this.useTool =
        new UseTool(
            gate.searcher(), gate.invoker(), new ArgumentValidator(), SearchRequest.DEFAULT_LIMIT);
  }

  /** Runs the tool called {@code name}; never throws for a failed call. */
  CallToolResult call(String name, ObjectNode args, CallOptions options) {
    Optional<ToolDefinition> metaTool = MetaTools.get(name);
    // A catalog tool may take a meta-tool name outside registry mode: then it is the one called.
    if (metaTool.isPresent()
        && (!gate.registry().contains(name) || listing.exposed().isMetaTool(name))) {
      ToolDefinition meta = metaTool.get();
      List<Violation> problems = validator.validate(meta.name(), meta.parameters(), args);
      if (!problems.isEmpty()) {
        return failure(
            ToolResult.failure(
                name,
                new ToolError(
                    ErrorCode.INVALID_ARGUMENTS,
                    name + ": " + describe(problems) + " (see its inputSchema)",
                    problems,
                    List.of()),
                0));
      }
      try {
        return switch (name) {
          case "tool_search" -> toolSearch(args, options);
          case "find_tools" -> findTools(args, options);
          case "tool_invoke" ->
              invoked(gate.invoke(text(args, "tool_id"), object(args, "arguments"), options), true);
          default ->
              invoked(useTool.use(text(args, "query"), object(args, "params"), options), true);
        };
      } catch (InvalidSearchException | IllegalArgumentException e) {
        return failure(
            ToolResult.failure(name, ErrorCode.INVALID_ARGUMENTS, name + ": " + e.getMessage(), 0));
      }
    }
    return invoked(gate.invoke(resolve(name), args, options), false);
  }

  private CallToolResult toolSearch(ObjectNode args, CallOptions options) {
    SearchResponse response = gate.search(searchRequest(args, options));
    ObjectNode json = SearchJson.toJson(response);
    return McpWire.result(json, Json.write(json), false);
  }

  private CallToolResult findTools(ObjectNode args, CallOptions options) {
    Format format = Format.parse(args.path("format").asString(Format.MCP.id()));
    SearchResponse response = gate.search(searchRequest(args, options));
    List<ToolDefinition> tools = response.tools().stream().map(SearchHit::tool).toList();
    ObjectNode json = SearchJson.toJson(response);
    json.put("format", format.id());
    json.set("tools", format.render(tools, names(format)).json().orElseThrow());
    if (tools.isEmpty() && !json.has("hint")) {
      json.put("hint", "no tool matched; describe the task with other words");
    }
    return McpWire.result(json, Json.write(json), false);
  }

  /** The search of a meta-tool call; {@code format} belongs to find_tools, not to the search. */
  private static SearchRequest searchRequest(ObjectNode args, CallOptions options) {
    ObjectNode body = args.deepCopy();
    body.remove("format");
    SearchRequest request = SearchJson.requestFromJson(body, SearchRequest.DEFAULT_LIMIT);
    return request.withFilter(request.filter().and(options.allow()));
  }

  /**
   * The catalog name of {@code name}: itself when the catalog has it, else the tool whose OpenAI or
   * Anthropic name it is (find_tools may have handed out a mapped name).
   */
  private String resolve(String name) {
    if (gate.registry().contains(name)) {
      return name;
    }
    for (Format f : List.of(Format.OPENAI, Format.ANTHROPIC)) {
      Optional<String> tool = names(f).toolName(name);
      if (tool.isPresent()) {
        return tool.get();
      }
    }
    return name;
  }

  /** A name table over the whole catalog, so mapped names stay the same across calls. */
  private ProviderNames names(Format format) {
    long version = gate.registry().version();
    Names cached = providerNames.get(format);
    if (cached == null || cached.version != version) {
      cached = new Names(version, format.namesFor(List.copyOf(gate.registry().definitions())));
      providerNames.put(format, cached);
    }
    return cached.names;
  }

  /**
   * A call's result: for a meta-tool the whole ToolResult JSON; for a direct call the tool's own
   * result (an object, or {@code {"result": value}}), which is what its outputSchema describes.
   */
  private CallToolResult invoked(ToolResult result, boolean meta) {
    if (!result.ok()) {
      return failure(result);
    }
    JsonNode value = result.result().orElseThrow();
    String text = value.isString() ? value.asString() : Json.write(value);
    if (meta) {
      return McpWire.result(ToolResultJson.toJson(result), text, false);
    }
    ObjectNode structured;
    if (value instanceof ObjectNode o) {
      structured = o;
    } else {
      structured = Json.object();
      structured.set("result", value);
    }
    return McpWire.result(structured, text, false);
  }

  private CallToolResult failure(ToolResult result) {
    ToolError error = result.error().orElseThrow();
    StringBuilder text = new StringBuilder(error.message());
    for (Violation v : error.details()) {
      text.append("\n- ").append(v);
    }
    if (error.code() == ErrorCode.UNKNOWN_TOOL) {
      text.append("\nDescribe the task to ")
          .append(profile.searchTool())
          .append(" to find the right tool.");
    }
    return McpWire.result(ToolResultJson.toJson(result), text.toString(), true);
  }

  private static String describe(List<Violation> problems) {
    return String.join("; ", problems.stream().map(Violation::toString).toList());
  }

  private static String text(ObjectNode args, String field) {
    return args.path(field).asString("");
  }

  private static ObjectNode object(ObjectNode args, String field) {
    return args.get(field) instanceof ObjectNode o ? o : Json.object();
  }
}
