package io.toolgate.server.rest;

import io.javalin.http.Context;
import io.toolgate.ErrorCode;
import io.toolgate.Toolgate;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.Strings;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolDefinitionCodec;
import io.toolgate.format.Format;
import io.toolgate.invoke.CallEvent;
import io.toolgate.invoke.CallObserver;
import io.toolgate.invoke.ToolError;
import io.toolgate.invoke.ToolResult;
import io.toolgate.invoke.ToolResultJson;
import io.toolgate.json.Json;
import io.toolgate.search.InvalidSearchException;
import io.toolgate.search.SearchJson;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import io.toolgate.server.ApiException;
import io.toolgate.server.ServerSettings;
import io.toolgate.server.auth.Caller;
import io.toolgate.server.http.JsonBodies;
import io.toolgate.server.http.Requests;
import io.toolgate.server.http.Responses;
import io.toolgate.server.metrics.AuditLog;
import io.toolgate.server.metrics.Telemetry;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.MDC;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Discovery, search and invocation: {@code GET /v1/tools}, {@code GET /v1/tools/{name}}, {@code GET
 * /v1/tools/{name}/render}, {@code POST /v1/tools/{name}:invoke}, {@code POST /v1/tools:search},
 * {@code POST /v1/tool_invoke}.
 *
 * <p>Every answer is narrowed to the caller's tools: hidden tools are absent from listings and
 * searches, read as unknown, and cannot be called. A call always answers 200 with a ToolResult (ok
 * or not); 4xx statuses are for requests that never became a call (malformed, unauthorized, too
 * large).
 */
public final class ToolsApi {
  private static final Set<String> INVOKE_FIELDS =
      Set.of("schema_version", "args", "context", "trace");
  private static final Set<String> TOOL_INVOKE_FIELDS =
      Set.of("tool_id", "arguments", "context", "trace");
  private static final int MAX_PAGE = 1000;

  private final Toolgate gate;
  private final ServerSettings settings;
  private final Telemetry telemetry;
  private final CallObserver fallback;

  /**
   * @param fallback told about calls made here when the pipeline's own observer is not installed
   *     ({@link CallObserver#NONE} when it is), so REST calls are measured either way
   */
  public ToolsApi(
      Toolgate gate, ServerSettings settings, Telemetry telemetry, CallObserver fallback) {
    this.gate = Objects.requireNonNull(gate, "gate");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.telemetry = Objects.requireNonNull(telemetry, "telemetry");
    this.fallback = Objects.requireNonNull(fallback, "fallback");
  }

  /**
   * {@code GET /v1/tools[?view=planner|full][&tag=…][&source=…][&limit=N&cursor=NAME]}: the planner
   * view {@code {name, description}} of every visible tool, sorted by name. Tools hidden from
   * models ({@code as_tool: false}) appear in the operator's {@code view=full} only.
   */
  public void list(Context ctx) {
    Caller caller = Requests.caller(ctx);
    String view = ctx.queryParam("view") == null ? "planner" : ctx.queryParam("view");
    if (!view.equals("planner") && !view.equals("full")) {
      throw ApiException.badRequest("view must be planner or full, got '" + view + "'");
    }
    String tag = ctx.queryParam("tag");
    String source = ctx.queryParam("source");
    String cursor = ctx.queryParam("cursor");
    int limit = pageLimit(ctx.queryParam("limit"));
    ObjectNode out = Json.object();
    ArrayNode tools = out.putArray("tools");
    int total = 0;
    String last = null;
    boolean more = false;
    for (ToolDefinition def : gate.registry().definitions()) {
      if (!caller.allows(def)
          || (!def.asTool() && view.equals("planner")) // as_tool: false stays out of planners
          || (tag != null && !def.tags().contains(tag))
          || (source != null && !def.source().equals(source))) {
        continue;
      }
      total++;
      if (cursor != null && def.name().compareTo(cursor) <= 0) {
        continue;
      }
      if (tools.size() == limit) {
        more = true;
        continue;
      }
      tools.add(view.equals("full") ? ToolDefinitionCodec.toJson(def) : WireJson.plannerView(def));
      last = def.name();
    }
    out.put("total", total);
    if (more) {
      out.put("next_cursor", last);
    }
    Responses.json(ctx, 200, out);
  }

  /**
   * {@code GET /v1/tools/{name}}: the full definition, with {@code ETag: "<checksum>"}; a request
   * whose {@code If-None-Match} holds that tag gets {@code 304 Not Modified} and no body, so a
   * client can tell whether the schema it cached is stale (search hits carry the same {@code
   * checksum}).
   */
  public void get(Context ctx) {
    ToolDefinition def = visible(ctx, ctx.pathParam("name"));
    String etag = "\"" + def.checksum() + "\"";
    ctx.header("ETag", etag);
    if (matches(ctx.header("If-None-Match"), def.checksum())) {
      ctx.status(304);
      return;
    }
    Responses.json(ctx, 200, ToolDefinitionCodec.toJson(def));
  }

  /**
   * Whether an {@code If-None-Match} value names {@code checksum}: {@code *}, or a comma-separated
   * list of entity tags compared weakly (RFC 9110: {@code W/"x"} matches {@code "x"}).
   */
  static boolean matches(String ifNoneMatch, String checksum) {
    if (ifNoneMatch == null || ifNoneMatch.isBlank()) {
      return false;
    }
    for (String tag : ifNoneMatch.split(",")) {
      String t = tag.strip();
      if (t.equals("*")) {
        return true;
      }
      if (t.startsWith("W/")) {
        t = t.substring(2);
      }
      if (t.equals("\"" + checksum + "\"")) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code GET /v1/tools/{name}/render?format=openai|openai_responses|anthropic|gemini|mcp|xml}:
   * the tool as that provider receives it; without {@code format}, every rendering at once.
   */
  public void render(Context ctx) {
    ToolDefinition def = visible(ctx, ctx.pathParam("name"));
    String format = ctx.queryParam("format");
    ObjectNode out = Json.object();
    out.put("tool", def.name());
    if (format != null) {
      Format f;
      try {
        f = Format.parse(format);
      } catch (IllegalArgumentException e) {
        throw ApiException.badRequest(e.getMessage());
      }
      rendering(out.putObject("renderings"), f, def);
    } else {
      ObjectNode all = out.putObject("renderings");
      for (Format f : Format.values()) {
        rendering(all, f, def);
      }
    }
    Responses.json(ctx, 200, out);
  }

  private static void rendering(ObjectNode into, Format f, ToolDefinition def) {
    if (f.isJson()) {
      into.set(f.id(), f.render(List.of(def)).json().orElseThrow().get(0));
    } else {
      into.put(f.id(), f.renderOne(def));
    }
  }

  /** {@code POST /v1/tools/{name}:invoke} with {@code {schema_version, args, context?, trace?}}. */
  public void invoke(Context ctx, String name) {
    ObjectNode body =
        JsonBodies.object(ctx, settings.limits().maxBodyBytes(), "the invoke request");
    JsonBodies.knownKeys(body, INVOKE_FIELDS, "the invoke request");
    JsonNode version = body.get("schema_version");
    if (version != null && !(version.isString() && version.asString().startsWith("0.1"))) {
      throw new ApiException(
          400,
          "unsupported_schema_version",
          "schema_version "
              + version
              + " is not supported; this server speaks "
              + ToolDefinition.SCHEMA_VERSION);
    }
    JsonNode args = body.get("args");
    if (args == null || !args.isObject()) {
      throw ApiException.badRequest(
          "the invoke request needs 'args', the tool's arguments as an object (use {} for none)");
    }
    call(ctx, name, args, body.get("context"), body.get("trace"));
  }

  /** {@code POST /v1/tool_invoke} with {@code {tool_id, arguments}}, the meta-tool's shape. */
  public void toolInvoke(Context ctx) {
    ObjectNode body = JsonBodies.object(ctx, settings.limits().maxBodyBytes(), "tool_invoke");
    JsonBodies.knownKeys(body, TOOL_INVOKE_FIELDS, "tool_invoke");
    JsonNode toolId = body.get("tool_id");
    if (toolId == null || !toolId.isString() || toolId.asString().isBlank()) {
      throw ApiException.badRequest("tool_invoke needs 'tool_id', the name returned by a search");
    }
    JsonNode args = body.get("arguments");
    if (args != null && !args.isNull() && !args.isObject()) {
      throw ApiException.badRequest("'arguments' must be an object of the tool's arguments");
    }
    call(
        ctx,
        toolId.asString(),
        args == null || args.isNull() ? Json.object() : args,
        body.get("context"),
        body.get("trace"));
  }

  private void call(Context ctx, String name, JsonNode args, JsonNode context, JsonNode traceNode) {
    Caller caller = Requests.caller(ctx);
    if (context != null && !context.isNull() && !context.isObject()) {
      throw ApiException.badRequest("'context' must be an object");
    }
    if (context != null) {
      for (Map.Entry<String, JsonNode> e : context.properties()) {
        if (e.getValue().isNull()) {
          throw ApiException.badRequest(
              "context." + e.getKey() + " is null; leave the key out or give it a value");
        }
      }
    }
    Map<String, Object> contextMap =
        context == null || context.isNull() ? Map.of() : Json.toMap(context);
    Map<String, String> trace = Requests.trace(traceNode);
    trace.forEach(MDC::put);
    ToolResult result =
        AuditLog.withArguments(
            args,
            () -> {
              ToolResult r = gate.invoke(name, args, caller.callOptions(contextMap, trace));
              fallback.onCall(
                  new CallEvent(
                      r.toolId(),
                      Optional.of(caller.id()),
                      trace,
                      r.error().map(ToolError::code),
                      r.latencyMs(),
                      Instant.now()));
              return r;
            });
    byte[] bytes = Json.mapper().writeValueAsBytes(ToolResultJson.toJson(result));
    long cap = settings.limits().maxResultBytes();
    if (result.ok() && bytes.length > cap) {
      ToolResult tooLarge =
          ToolResult.failure(
              result.toolId(),
              ErrorCode.TOO_LARGE,
              result.toolId()
                  + ": the result is "
                  + bytes.length
                  + " bytes, over the server's limit of "
                  + cap
                  + " (server.limits.max_result_bytes)",
              result.latencyMs());
      bytes = Json.mapper().writeValueAsBytes(ToolResultJson.toJson(tooLarge));
    }
    Responses.json(ctx, 200, bytes);
  }

  /** {@code POST /v1/tools:search}: the {@code tool_search} request and response. */
  public void search(Context ctx) {
    ObjectNode body =
        JsonBodies.object(ctx, settings.limits().maxBodyBytes(), "the search request");
    Caller caller = Requests.caller(ctx);
    SearchRequest request;
    try {
      request = SearchJson.requestFromJson(body, SearchRequest.DEFAULT_LIMIT);
      request = request.withFilter(caller.searchFilter(request.filter()));
    } catch (InvalidSearchException e) {
      throw ApiException.badRequest(e.getMessage());
    }
    long start = System.nanoTime();
    SearchResponse response;
    try {
      response = gate.search(request);
    } catch (InvalidSearchException e) {
      throw ApiException.badRequest(e.getMessage());
    }
    telemetry.recordSearch(response.searchMode(), System.nanoTime() - start);
    Responses.json(ctx, 200, SearchJson.toJson(response));
  }

  /** The visible tool called {@code name}, or 404 with close names the caller may see. */
  private ToolDefinition visible(Context ctx, String name) {
    Caller caller = Requests.caller(ctx);
    return gate.registry()
        .get(name)
        .map(RegisteredTool::definition)
        .filter(caller::allows)
        .orElseThrow(
            () -> {
              List<String> close =
                  Strings.closest(
                      name,
                      gate.registry().definitions().stream()
                          .filter(caller::allows)
                          .map(ToolDefinition::name)
                          .toList(),
                      5);
              return new ApiException(
                  404,
                  "unknown_tool",
                  "unknown tool '"
                      + name
                      + "'"
                      + (close.isEmpty()
                          ? ""
                          : "; did you mean: " + String.join(", ", close) + "?"));
            });
  }

  private static int pageLimit(String text) {
    if (text == null) {
      return Integer.MAX_VALUE;
    }
    try {
      int n = Integer.parseInt(text);
      if (n >= 1 && n <= MAX_PAGE) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw ApiException.badRequest(
        "limit must be a whole number from 1 to " + MAX_PAGE + ", got " + text);
  }
}
