package io.toolgate.invoke;

import io.toolgate.ErrorCode;
import io.toolgate.json.Json;
import io.toolgate.schema.Violation;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The wire form of a {@link ToolResult}, the same on every surface (CLI, REST, MCP, chat proxy).
 *
 * <pre>{@code
 * {"ok": true, "tool_id": "time_now", "result": {…}, "metrics": {"latency_ms": 3.2}}
 * {"ok": false, "tool_id": "time_now",
 *  "error": {"code": "invalid_arguments", "message": "time_now: /tz: …",
 *            "details": [{"pointer": "/tz", "message": "…"}]},
 *  "metrics": {"latency_ms": 0.4}}
 * {"ok": false, "tool_id": "time_nwo",
 *  "error": {"code": "unknown_tool", "message": "unknown tool 'time_nwo'; did you mean: time_now?",
 *            "details": [], "suggestions": ["time_now"]}, "metrics": {…}}
 * }</pre>
 *
 * <p>{@code error.details} is always present (often empty); {@code error.suggestions} only when
 * there are some. {@code latency_ms} is rounded to microseconds. Stateless and thread-safe.
 */
public final class ToolResultJson {
  private ToolResultJson() {}

  /** The JSON object of {@code result}. */
  public static ObjectNode toJson(ToolResult result) {
    ObjectNode out = Json.object();
    out.put("ok", result.ok());
    out.put("tool_id", result.toolId());
    result.result().ifPresent(r -> out.set("result", r));
    result.error().ifPresent(e -> out.set("error", errorJson(e)));
    out.putObject("metrics").put("latency_ms", Math.round(result.latencyMs() * 1000) / 1000.0);
    return out;
  }

  /** The JSON object of an error: {@code {code, message, details, suggestions?}}. */
  public static ObjectNode errorJson(ToolError error) {
    ObjectNode out = Json.object();
    out.put("code", error.code().wire());
    out.put("message", error.message());
    ArrayNode details = out.putArray("details");
    for (Violation v : error.details()) {
      details.addObject().put("pointer", v.pointer()).put("message", v.message());
    }
    if (!error.suggestions().isEmpty()) {
      ArrayNode suggestions = out.putArray("suggestions");
      error.suggestions().forEach(suggestions::add);
    }
    return out;
  }

  /**
   * Reads the JSON form back, e.g. a result an upstream gateway returned.
   *
   * @throws IllegalArgumentException when {@code json} is not a ToolResult object
   */
  public static ToolResult fromJson(JsonNode json) {
    if (json == null || !json.isObject() || !json.path("tool_id").isString()) {
      throw new IllegalArgumentException("a ToolResult is an object with ok and tool_id");
    }
    String toolId = json.get("tool_id").asString();
    double latency = json.path("metrics").path("latency_ms").asDouble(0);
    JsonNode error = json.get("error");
    if (json.path("ok").asBoolean(false) || error == null || !error.isObject()) {
      JsonNode result = json.get("result");
      return ToolResult.success(toolId, result == null ? Json.object() : result, latency);
    }
    List<Violation> details = new ArrayList<>();
    for (JsonNode d : error.path("details")) {
      details.add(new Violation(d.path("pointer").asString(""), d.path("message").asString("")));
    }
    List<String> suggestions = new ArrayList<>();
    error.path("suggestions").forEach(s -> suggestions.add(s.asString()));
    ErrorCode code;
    try {
      code = ErrorCode.fromWire(error.path("code").asString("execution_failed"));
    } catch (IllegalArgumentException e) {
      code = ErrorCode.EXECUTION_FAILED;
    }
    return ToolResult.failure(
        toolId,
        new ToolError(code, error.path("message").asString(""), details, suggestions),
        latency);
  }

  /** Compact JSON text of {@code result}. */
  public static String write(ToolResult result) {
    return Json.write(toJson(result));
  }
}
