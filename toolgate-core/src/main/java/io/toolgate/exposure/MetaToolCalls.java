package io.toolgate.exposure;

import io.toolgate.ErrorCode;
import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.format.Format;
import io.toolgate.format.ProviderNames;
import io.toolgate.invoke.CallOptions;
import io.toolgate.invoke.ToolError;
import io.toolgate.invoke.ToolResult;
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
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs the four meta-tools for a surface that shows them (the MCP server, the chat proxy), so every
 * surface answers {@code tool_search}, {@code tool_invoke}, {@code find_tools} and {@code use_tool}
 * the same way.
 *
 * <pre>{@code
 * MetaToolCalls meta = new MetaToolCalls(gate, new ArgumentValidator(), Format.MCP);
 * switch (meta.call("tool_search", args, options, names)) {
 *   case MetaToolCalls.Found found -> reply(found.json());          // the tool_search JSON
 *   case MetaToolCalls.Ran ran -> reply(ToolResultJson.toJson(ran.result()));
 * }
 * }</pre>
 *
 * <p>Arguments are checked against the meta-tool's schema first; a violation is an {@code
 * invalid_arguments} result that names the meta-tool and the field. Searches see only the tools
 * {@link CallOptions#allow} permits; calls go through the invoker with the same options, so a
 * caller limited to some tools cannot reach the others ({@code unknown_tool}, as for a name that
 * does not exist); tools hidden from models ({@code as_tool: false}) are neither found nor called,
 * and a caller's {@link CallOptions#searchEmbedder()} picks the embedder searches use. A bad search
 * request is {@code invalid_arguments}, a failing search {@code unavailable}: every outcome is an
 * answer the model can read, never an exception. Whether a name means the meta-tool at all (a
 * catalog tool may take a meta-tool name outside registry mode) is the surface's decision.
 * Thread-safe.
 */
public final class MetaToolCalls {
  /** What came of a meta-tool call. */
  public sealed interface Answer permits Found, Ran {}

  /**
   * A search ({@code tool_search}, {@code find_tools}) that ran.
   *
   * @param response the hits
   * @param json what the model reads: the {@code tool_search} response, or {@code find_tools}'
   *     tools rendered in a provider format
   */
  public record Found(SearchResponse response, ObjectNode json) implements Answer {
    public Found {
      Objects.requireNonNull(response, "response");
      Objects.requireNonNull(json, "json");
    }

    /** The catalog names of the hits, best first. */
    public List<String> toolNames() {
      return response.tools().stream().map(SearchHit::tool).map(ToolDefinition::name).toList();
    }
  }

  /**
   * A call ({@code tool_invoke}, {@code use_tool}), or a meta-tool call that failed before it could
   * search or call (bad arguments, a bad or failing search).
   *
   * @param result the called tool's result ({@code tool_id} names the tool that ran), or the
   *     meta-tool's own error
   */
  public record Ran(ToolResult result) implements Answer {
    public Ran {
      Objects.requireNonNull(result, "result");
    }
  }

  /**
   * How the surface names tools to the model: {@code find_tools} renders under these names, and
   * {@code tool_invoke} reads a {@code tool_id} back through them.
   */
  public interface Names {
    /** The name table for {@code format}; one of another rule is replaced by the hits' own. */
    ProviderNames table(Format format);

    /** The catalog tool a name the model was shown stands for, if it is a mapped name. */
    Optional<String> toolName(String shownName);
  }

  private final Toolgate gate;
  private final ArgumentValidator validator;
  private final UseTool useTool;
  private final Format findToolsFormat;

  /**
   * @param gate searches and calls
   * @param validator checks meta-tool arguments and {@code use_tool} candidates (share the
   *     invoker's to reuse compiled schemas)
   * @param findToolsFormat the format {@code find_tools} answers in when the call names none: the
   *     surface's own ({@code mcp} for MCP, {@code openai} for the chat proxy)
   */
  public MetaToolCalls(Toolgate gate, ArgumentValidator validator, Format findToolsFormat) {
    this.gate = Objects.requireNonNull(gate, "gate");
    this.validator = Objects.requireNonNull(validator, "validator");
    this.findToolsFormat = Objects.requireNonNull(findToolsFormat, "findToolsFormat");
    this.useTool =
        new UseTool(gate.searcher(), gate.invoker(), validator, SearchRequest.DEFAULT_LIMIT);
  }

  /**
   * Runs the meta-tool {@code metaTool}.
   *
   * @param metaTool one of {@link MetaTools#names()}
   * @param args the call's arguments
   * @param options who calls: searches are filtered and calls checked with its {@code allow}
   * @param names the names the model was shown
   * @throws IllegalArgumentException when {@code metaTool} is not a meta-tool name
   */
  public Answer call(String metaTool, ObjectNode args, CallOptions caller, Names names) {
    // Meta-tools are a model's door to the catalog: tools hidden from models stay out of it.
    CallOptions options = caller.forModels();
    ToolDefinition meta =
        MetaTools.get(metaTool)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "'" + metaTool + "' is not a meta-tool; one of " + MetaTools.names()));
    Optional<Ran> invalid = invalidArguments(validator, meta, args);
    if (invalid.isPresent()) {
      return invalid.get();
    }
    return switch (metaTool) {
      case MetaTools.TOOL_SEARCH, MetaTools.FIND_TOOLS -> search(metaTool, args, options, names);
      case MetaTools.TOOL_INVOKE -> {
        String toolId = args.path("tool_id").asString("");
        String target =
            gate.registry().contains(toolId) ? toolId : names.toolName(toolId).orElse(toolId);
        yield new Ran(gate.invoke(target, object(args, "arguments"), options));
      }
      default ->
          new Ran(useTool.use(args.path("query").asString(""), object(args, "params"), options));
    };
  }

  /**
   * The {@code invalid_arguments} answer when {@code args} break {@code meta}'s schema, naming the
   * meta-tool and each field; empty when they fit.
   */
  static Optional<Ran> invalidArguments(
      ArgumentValidator validator, ToolDefinition meta, ObjectNode args) {
    String metaTool = meta.name();
    List<Violation> problems = validator.validate("meta:" + metaTool, meta.parameters(), args);
    if (problems.isEmpty()) {
      return Optional.empty();
    }
    String message =
        metaTool
            + ": "
            + problems.stream().map(Violation::toString).collect(Collectors.joining("; "))
            + " (see its schema)";
    return Optional.of(
        new Ran(
            ToolResult.failure(
                metaTool,
                new ToolError(ErrorCode.INVALID_ARGUMENTS, message, problems, List.of()),
                0)));
  }

  private Answer search(String metaTool, ObjectNode args, CallOptions options, Names names) {
    SearchResponse response;
    Format format;
    try {
      ObjectNode fields = args.deepCopy();
      fields.remove("format"); // find_tools' own argument, not part of the search
      SearchRequest request = SearchJson.requestFromJson(fields, SearchRequest.DEFAULT_LIMIT);
      format = Format.parse(args.path("format").asString(findToolsFormat.id()));
      response =
          gate.search(
              request
                  .withFilter(request.filter().and(options.allow()))
                  .withEmbedder(options.searchEmbedder().or(request::embedder)));
    } catch (InvalidSearchException | IllegalArgumentException e) {
      return failed(metaTool, ErrorCode.INVALID_ARGUMENTS, metaTool + ": " + e.getMessage());
    } catch (RuntimeException e) {
      return failed(
          metaTool, ErrorCode.UNAVAILABLE, metaTool + ": search failed: " + e.getMessage());
    }
    ObjectNode json =
        metaTool.equals(MetaTools.FIND_TOOLS)
            ? findToolsJson(response, format, names.table(format))
            : SearchJson.toJson(response);
    return new Found(response, json);
  }

  /**
   * What the model reads after {@code find_tools} (RFC 0001): {@code {query, search_mode, fallback,
   * format, tools: [...], hint?}}, the tools rendered in {@code format} under {@code names} when
   * its rule is the format's (so the model can call them as they appear), else under the hits' own
   * names. With no hit, the hint says to search again in other words.
   */
  public static ObjectNode findToolsJson(
      SearchResponse response, Format format, ProviderNames names) {
    ObjectNode out = SearchJson.toJson(response);
    out.remove(List.of("keywords", "tools", "hint"));
    out.put("format", format.id());
    List<ToolDefinition> tools = response.tools().stream().map(SearchHit::tool).toList();
    ProviderNames table = names.rule() == format.nameRule() ? names : format.namesFor(tools);
    out.set("tools", format.render(tools, table).json().orElseThrow());
    if (tools.isEmpty()) {
      out.put("hint", response.hint().orElse("no tool matched; describe the task in other words"));
    } else {
      response.hint().ifPresent(h -> out.put("hint", h));
    }
    return out;
  }

  private static Ran failed(String metaTool, ErrorCode code, String message) {
    return new Ran(ToolResult.failure(metaTool, code, message, 0));
  }

  private static JsonNode object(ObjectNode args, String field) {
    return args.get(field) instanceof ObjectNode o ? o : Json.object();
  }
}
