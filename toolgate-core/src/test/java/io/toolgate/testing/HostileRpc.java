package io.toolgate.testing;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hostile MCP messages: JSON-RPC requests, notifications and responses of the methods an MCP server
 * answers (and some it does not), with fields dropped, retyped and added, or plain junk. Used by
 * the stdio and the streamable-HTTP fuzz suites.
 */
public final class HostileRpc {
  private static final List<String> METHODS =
      List.of(
          "initialize",
          "ping",
          "tools/list",
          "tools/call",
          "tools/call",
          "tools/call",
          "resources/list",
          "resources/read",
          "resources/templates/list",
          "prompts/list",
          "logging/setLevel",
          "completion/complete",
          "notifications/initialized",
          "notifications/cancelled",
          "notifications/progress",
          "",
          "rpc.discover");

  private final Hostile h;

  public HostileRpc(Hostile h) {
    this.h = h;
  }

  /** One message (no newline inside), {@code id} when it carries one. */
  public byte[] message(long id) {
    int kind = h.nextInt(20);
    if (kind < 4) {
      return h.junk();
    }
    String text = kind < 6 ? response(id) : h.mutate(call(id));
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private Map<String, String> call(long id) {
    String method = h.chance(0.1) ? h.word() : h.pick(METHODS);
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("jsonrpc", h.chance(0.9) ? "\"2.0\"" : h.pick("\"1.0\"", "2.0", "\"2\"", "null"));
    if (!method.startsWith("notifications/")) {
      fields.put("id", h.chance(0.5) ? Long.toString(id) : "\"r-" + id + "\"");
    }
    fields.put("method", "\"" + method + "\"");
    Map<String, String> params = params(method);
    fields.put("params", h.chance(0.5) ? h.mutate(params) : Hostile.objectText(params));
    return fields;
  }

  private Map<String, String> params(String method) {
    Map<String, String> p = new LinkedHashMap<>();
    switch (method) {
      case "initialize" -> {
        p.put("protocolVersion", h.pick("\"2025-06-18\"", "\"2024-11-05\"", "\"1999-01-01\""));
        p.put("capabilities", h.chance(0.5) ? "{}" : "{\"roots\":{\"listChanged\":true}}");
        p.put("clientInfo", "{\"name\":\"fuzz\",\"version\":\"1\"}");
      }
      case "tools/call" -> {
        p.put(
            "name", "\"" + h.pick("echo", "tool_search", "tool_invoke", "nope", "explode") + "\"");
        Map<String, String> args = new LinkedHashMap<>();
        args.put("text", h.string());
        args.put("query", h.string());
        args.put("tool_id", "\"echo\"");
        args.put("arguments", "{\"text\":\"hi\"}");
        args.put("limit", h.pick("1", "3", "0", "-1", "1e999", "123456789012345678901234567890"));
        p.put("arguments", h.chance(0.5) ? h.mutate(args) : Hostile.objectText(args));
      }
      case "tools/list", "resources/list" -> {
        if (h.chance(0.5)) {
          p.put("cursor", h.string());
        }
      }
      case "resources/read" -> p.put("uri", h.pick("\"toolgate://capabilities\"", h.string()));
      case "notifications/cancelled" -> {
        p.put("requestId", h.value(0));
        p.put("reason", h.string());
      }
      default -> {
        if (h.chance(0.3)) {
          p.put(h.word(), h.value(1));
        }
      }
    }
    if (h.chance(0.1)) {
      p.put("_meta", h.value(1));
    }
    return p;
  }

  private String response(long id) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("jsonrpc", "\"2.0\"");
    fields.put("id", Long.toString(id));
    if (h.chance(0.5)) {
      fields.put("result", h.value(2));
    } else {
      fields.put(
          "error", "{\"code\":" + h.pick("-32000", "1e999", "\"x\"") + ",\"message\":\"no\"}");
    }
    return h.mutate(fields);
  }
}
