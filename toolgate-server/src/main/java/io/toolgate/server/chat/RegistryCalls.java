package io.toolgate.server.chat;

import io.toolgate.ErrorCode;
import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.exposure.ExposedTools;
import io.toolgate.exposure.MetaTools;
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
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs one tool call the model made against the registry: the meta-tools by their role ({@code
 * tool_search} / {@code find_tools} search, {@code tool_invoke} / {@code use_tool} call), any other
 * name as a catalog tool. Never throws for a failed call: the model reads the error (a ToolResult
 * JSON with {@code ok: false}) and may retry. Thread-safe.
 */
final class RegistryCalls {
  private static final Logger LOG = LoggerFactory.getLogger(RegistryCalls.class);

  /** What the proxy runs for each kind of call. */
  enum Kind {
    SEARCH,
    INVOKE,
    TOOL;

    String wire() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** A call as the model made it. */
  record Call(String id, String name, String arguments) {}

  /**
   * What came of a call.
   *
   * @param call the call
   * @param tool the catalog or meta-tool name it resolved to
   * @param kind search, invoke (through a meta-tool) or tool (called by name)
   * @param content what the model reads, as the {@code role: tool} message
   * @param ok whether it succeeded
   * @param errorCode the error's code, when it failed
   * @param invoked the catalog tool that ran, for invoke and tool calls
   * @param retrieved the catalog tools the call showed or ran, for the session cache
   * @param latencyMs time spent in the gateway
   */
  record Outcome(
      Call call,
      String tool,
      Kind kind,
      String content,
      boolean ok,
      Optional<String> errorCode,
      Optional<String> invoked,
      List<String> retrieved,
      double latencyMs) {}

  private final Toolgate gate;
  private final ArgumentValidator validator;
  private final UseTool useTool;

  RegistryCalls(Toolgate gate, ArgumentValidator validator) {
    this.gate = gate;
    this.validator = validator;
    this.useTool =
        new UseTool(gate.searcher(), gate.invoker(), validator, SearchRequest.DEFAULT_LIMIT);
  }

  /**
   * Runs {@code call}.
   *
   * @param exposed what the model was shown: decides whether a meta-tool name means the meta-tool
   * @param names the conversation's provider name table, to read mapped names back
   */
  Outcome run(Call call, ExposedTools exposed, ProviderNames names, CallOptions options) {
    long start = System.nanoTime();
    String tool = names.toolName(call.name()).orElse(call.name());
    try {
      return run(call, tool, exposed, names, options, start);
    } catch (RuntimeException e) {
      // A bug, not a tool failure: the model still gets an answer and the loop goes on.
      LOG.error("running {} for the chat proxy failed", tool, e);
      return failed(
          call,
          tool,
          exposed.isMetaTool(tool) ? kindOf(tool) : Kind.TOOL,
          ErrorCode.EXECUTION_FAILED,
          tool + ": the gateway failed to run this call (see its log)",
          start);
    }
  }

  private Outcome run(
      Call call,
      String tool,
      ExposedTools exposed,
      ProviderNames names,
      CallOptions options,
      long start) {
    ObjectNode args;
    try {
      args = arguments(call.arguments());
    } catch (IllegalArgumentException e) {
      Kind kind = exposed.isMetaTool(tool) ? kindOf(tool) : Kind.TOOL;
      return failed(
          call, tool, kind, ErrorCode.INVALID_ARGUMENTS, tool + ": " + e.getMessage(), start);
    }
    if (!exposed.isMetaTool(tool)) {
      ToolResult result = gate.invoke(tool, args, options);
      return invoked(call, tool, Kind.TOOL, result, start);
    }
    ToolDefinition meta = MetaTools.get(tool).orElseThrow();
    List<Violation> problems = validator.validate("meta:" + tool, meta.parameters(), args);
    if (!problems.isEmpty()) {
      String message =
          tool
              + ": "
              + problems.stream().map(Violation::toString).collect(Collectors.joining("; "))
              + " (see its parameters)";
      ToolResult result =
          ToolResult.failure(
              tool,
              new ToolError(ErrorCode.INVALID_ARGUMENTS, message, problems, List.of()),
              millisSince(start));
      return outcome(call, tool, kindOf(tool), result, Optional.empty(), List.of());
    }
    return switch (tool) {
      case MetaTools.TOOL_SEARCH, MetaTools.FIND_TOOLS ->
          search(call, tool, args, names, options, start);
      case MetaTools.TOOL_INVOKE -> {
        String target = resolve(args.path("tool_id").asString(""), names);
        JsonNode arguments = args.get("arguments") instanceof ObjectNode o ? o : Json.object();
        yield invoked(call, tool, Kind.INVOKE, gate.invoke(target, arguments, options), start);
      }
      default -> {
        JsonNode params = args.get("params") instanceof ObjectNode o ? o : Json.object();
        ToolResult result = useTool.use(args.path("query").asString(""), params, options);
        yield invoked(call, tool, Kind.INVOKE, result, start);
      }
    };
  }

  private Outcome search(
      Call call,
      String tool,
      ObjectNode args,
      ProviderNames names,
      CallOptions options,
      long start) {
    SearchResponse response;
    try {
      response = gate.search(searchRequest(args, options));
    } catch (InvalidSearchException | IllegalArgumentException e) {
      return failed(
          call,
          tool,
          Kind.SEARCH,
          ErrorCode.INVALID_ARGUMENTS,
          tool + ": " + e.getMessage(),
          start);
    } catch (RuntimeException e) {
      return failed(
          call,
          tool,
          Kind.SEARCH,
          ErrorCode.UNAVAILABLE,
          tool + ": search failed: " + e.getMessage(),
          start);
    }
    ObjectNode json;
    if (tool.equals(MetaTools.FIND_TOOLS)) {
      Format format = Format.parse(args.path("format").asString(Format.OPENAI.id()));
      json = SearchResultJson.findTools(response, format, names);
    } else {
      json = SearchJson.toJson(response);
    }
    List<String> hits =
        response.tools().stream().map(SearchHit::tool).map(ToolDefinition::name).toList();
    return new Outcome(
        call,
        tool,
        Kind.SEARCH,
        Json.write(json),
        true,
        Optional.empty(),
        Optional.empty(),
        hits,
        millisSince(start));
  }

  /** The search the model asked for, limited to the tools the caller may see. */
  private static SearchRequest searchRequest(ObjectNode args, CallOptions options) {
    ObjectNode fields = args.deepCopy();
    fields.remove("format"); // find_tools' own argument
    SearchRequest request = SearchJson.requestFromJson(fields, SearchRequest.DEFAULT_LIMIT);
    return request.withFilter(request.filter().and(options.allow()));
  }

  /** The catalog name for a name the model saw: itself, or the tool a mapped name stands for. */
  private String resolve(String name, ProviderNames names) {
    if (gate.registry().contains(name)) {
      return name;
    }
    return names.toolName(name).orElse(name);
  }

  private Outcome invoked(Call call, String tool, Kind kind, ToolResult result, long start) {
    ToolResult timed =
        new ToolResult(result.toolId(), result.result(), result.error(), millisSince(start));
    boolean known = gate.registry().contains(result.toolId());
    Optional<String> ran = known ? Optional.of(result.toolId()) : Optional.empty();
    return outcome(call, tool, kind, timed, ran, ran.stream().toList());
  }

  private static Outcome outcome(
      Call call,
      String tool,
      Kind kind,
      ToolResult result,
      Optional<String> ran,
      List<String> retrieved) {
    return new Outcome(
        call,
        tool,
        kind,
        ToolResultJson.write(result),
        result.ok(),
        result.error().map(e -> e.code().wire()),
        ran,
        retrieved,
        result.latencyMs());
  }

  private static Outcome failed(
      Call call, String tool, Kind kind, ErrorCode code, String message, long start) {
    ToolResult result = ToolResult.failure(tool, code, message, millisSince(start));
    return outcome(call, tool, kind, result, Optional.empty(), List.of());
  }

  private static Kind kindOf(String metaTool) {
    return switch (metaTool) {
      case MetaTools.TOOL_SEARCH, MetaTools.FIND_TOOLS -> Kind.SEARCH;
      default -> Kind.INVOKE;
    };
  }

  /** The call's arguments text as an object; empty text is {@code {}}. */
  private static ObjectNode arguments(String text) {
    if (text == null || text.isBlank()) {
      return Json.object();
    }
    JsonNode node;
    try {
      node = Json.parse(text);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(
          "the arguments are not valid JSON ("
              + e.getOriginalMessage()
              + "); send one JSON object matching the tool's parameters");
    }
    if (node instanceof ObjectNode o) {
      return o;
    }
    if (node.isNull()) {
      return Json.object();
    }
    throw new IllegalArgumentException(
        "the arguments must be a JSON object matching the tool's parameters, got " + node);
  }

  private static double millisSince(long start) {
    return (System.nanoTime() - start) / 1_000_000.0;
  }
}
