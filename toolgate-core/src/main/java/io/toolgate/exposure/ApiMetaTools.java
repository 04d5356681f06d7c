package io.toolgate.exposure;

import io.toolgate.ErrorCode;
import io.toolgate.ToolgateApi;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.exposure.MetaToolCalls.Answer;
import io.toolgate.exposure.MetaToolCalls.Found;
import io.toolgate.exposure.MetaToolCalls.Ran;
import io.toolgate.invoke.ToolResult;
import io.toolgate.invoke.ToolResultJson;
import io.toolgate.json.Json;
import io.toolgate.schema.ArgumentValidator;
import io.toolgate.search.InvalidSearchException;
import io.toolgate.search.SearchJson;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs {@code tool_search} and {@code tool_invoke} over a {@link ToolgateApi}, in process or
 * remote: what an agent framework's tool executors call when the model is given the two meta-tools.
 *
 * <pre>{@code
 * ApiMetaTools meta = new ApiMetaTools(api);
 * meta.definitions();                                     // tool_search, tool_invoke
 * String json = meta.callText("tool_search", "{\"query\": \"convert miles to km\"}");
 * }</pre>
 *
 * <p>Answers are the same JSON the MCP server and the chat proxy give ({@link MetaToolCalls}): the
 * {@code tool_search} response, or a ToolResult. Every outcome is an answer the model can read:
 * arguments that are not JSON or break the meta-tool's schema are {@code invalid_arguments}, a bad
 * search request {@code invalid_arguments}, a search or call the gateway could not take (e.g. the
 * remote gateway is down) {@code unavailable}. Thread-safe.
 */
public final class ApiMetaTools {
  private final ToolgateApi api;
  private final ArgumentValidator validator = new ArgumentValidator();

  public ApiMetaTools(ToolgateApi api) {
    this.api = Objects.requireNonNull(api, "api");
  }

  /** {@code tool_search} and {@code tool_invoke}, search first. */
  public List<ToolDefinition> definitions() {
    return MetaTools.of(Profile.SPICE);
  }

  /** Whether {@code name} is one of {@link #definitions()}. */
  public boolean handles(String name) {
    return MetaTools.TOOL_SEARCH.equals(name) || MetaTools.TOOL_INVOKE.equals(name);
  }

  /**
   * Runs {@code metaTool} with arguments as the model wrote them (JSON text) and returns the JSON
   * text the model reads next.
   *
   * @throws IllegalArgumentException when {@code metaTool} is not {@code tool_search} or {@code
   *     tool_invoke}
   */
  public String callText(String metaTool, String argumentsJson) {
    return switch (call(metaTool, argumentsJson)) {
      case Found found -> Json.write(found.json());
      case Ran ran -> ToolResultJson.write(ran.result());
    };
  }

  /**
   * Runs {@code metaTool} with arguments as the model wrote them (JSON text; blank means {@code
   * {}}).
   *
   * @throws IllegalArgumentException when {@code metaTool} is not {@code tool_search} or {@code
   *     tool_invoke}
   */
  public Answer call(String metaTool, String argumentsJson) {
    if (!handles(metaTool)) {
      throw new IllegalArgumentException(
          "'" + metaTool + "' is not tool_search or tool_invoke, the meta-tools this API runs");
    }
    Object parsed = parseArguments(metaTool, argumentsJson);
    return parsed instanceof ObjectNode args ? call(metaTool, args) : new Ran((ToolResult) parsed);
  }

  /**
   * Calls the catalog tool {@code toolId} with arguments as the model wrote them (JSON text; blank
   * means {@code {}}) and returns the ToolResult JSON text: what a framework's executor for a tool
   * shown directly to the model answers. Never throws for a failed call.
   */
  public String invokeText(String toolId, String argumentsJson) {
    Object parsed = parseArguments(toolId, argumentsJson);
    ToolResult result =
        parsed instanceof ObjectNode args ? invoke(toolId, args) : (ToolResult) parsed;
    return ToolResultJson.write(result);
  }

  /** The arguments object, or the invalid_arguments ToolResult that says why there is none. */
  private static Object parseArguments(String toolId, String argumentsJson) {
    JsonNode args;
    try {
      args =
          argumentsJson == null || argumentsJson.isBlank()
              ? Json.object()
              : Json.parse(argumentsJson);
    } catch (JacksonException e) {
      return ToolResult.failure(
          toolId,
          ErrorCode.INVALID_ARGUMENTS,
          toolId + ": arguments are not valid JSON (" + e.getOriginalMessage() + ")",
          0);
    }
    if (!(args instanceof ObjectNode object)) {
      return ToolResult.failure(
          toolId,
          ErrorCode.INVALID_ARGUMENTS,
          toolId + ": arguments must be a JSON object, got " + args,
          0);
    }
    return object;
  }

  private ToolResult invoke(String toolId, JsonNode arguments) {
    try {
      return api.invoke(toolId, arguments);
    } catch (RuntimeException e) {
      return ToolResult.failure(
          toolId, ErrorCode.UNAVAILABLE, toolId + ": call failed: " + e.getMessage(), 0);
    }
  }

  /** Runs {@code metaTool} with parsed arguments. */
  public Answer call(String metaTool, ObjectNode args) {
    ToolDefinition meta =
        MetaTools.get(metaTool)
            .filter(d -> handles(d.name()))
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "'" + metaTool + "' is not tool_search or tool_invoke"));
    Optional<Ran> invalid = MetaToolCalls.invalidArguments(validator, meta, args);
    if (invalid.isPresent()) {
      return invalid.get();
    }
    if (MetaTools.TOOL_INVOKE.equals(metaTool)) {
      JsonNode arguments = args.get("arguments") instanceof ObjectNode o ? o : Json.object();
      return new Ran(invoke(args.path("tool_id").asString(""), arguments));
    }
    SearchResponse response;
    try {
      SearchRequest request = SearchJson.requestFromJson(args, SearchRequest.DEFAULT_LIMIT);
      response = api.search(request);
    } catch (InvalidSearchException e) {
      return failed(metaTool, ErrorCode.INVALID_ARGUMENTS, metaTool + ": " + e.getMessage());
    } catch (RuntimeException e) {
      return failed(
          metaTool, ErrorCode.UNAVAILABLE, metaTool + ": search failed: " + e.getMessage());
    }
    return new Found(response, SearchJson.toJson(response));
  }

  private static Ran failed(String metaTool, ErrorCode code, String message) {
    return new Ran(ToolResult.failure(metaTool, code, message, 0));
  }
}
