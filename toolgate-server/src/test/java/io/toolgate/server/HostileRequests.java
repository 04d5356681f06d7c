package io.toolgate.server;

import io.toolgate.testing.Hostile;
import io.toolgate.testing.HostileRpc;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hostile HTTP requests for the fuzz suite, as raw bytes: every REST route, the chat proxy and the
 * console with wrong methods, odd paths and queries, lying or illegal headers and hostile bodies;
 * {@code /mcp} with hostile JSON-RPC; and requests broken at the protocol level.
 */
final class HostileRequests {
  /** One request: the bytes sent, and what the answer must look like. */
  record Case(String label, byte[] bytes, boolean head, boolean mcp, boolean upgrade) {}

  private record Route(String method, String path, Map<String, String> body) {}

  private static final List<String> CONTENT_TYPES =
      List.of(
          "",
          "text/plain",
          "application/json; charset=\"\u00ff\"",
          "application/json; charset=utf-16",
          "application/json;charset=",
          "application/json; charset=\"utf-8\"",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/json;;;",
          "*/*",
          "application/vnd.api+json",
          "application/json; charset=\u00e9\u00e8");

  private final Hostile h;
  private final HostileRpc rpc;
  private final List<Route> routes;
  private long ids;

  HostileRequests(Hostile h) {
    this.h = h;
    this.rpc = new HostileRpc(h);
    this.routes = routes();
  }

  private static List<Route> routes() {
    Map<String, String> search = new LinkedHashMap<>();
    search.put("query", "\"send an email\"");
    search.put("keywords", "[\"mail\"]");
    search.put("limit", "3");
    search.put("min_score", "0.1");
    search.put("filter", "{\"tags\":[\"email\"],\"sources\":[\"builtin\"]}");
    search.put("mode", "\"lexical\"");
    Map<String, String> toolInvoke = new LinkedHashMap<>();
    toolInvoke.put("tool_id", "\"echo\"");
    toolInvoke.put("arguments", "{\"text\":\"hi\"}");
    toolInvoke.put("context", "{}");
    toolInvoke.put("trace", "{\"flow_id\":\"f-1\"}");
    Map<String, String> invoke = new LinkedHashMap<>();
    invoke.put("schema_version", "\"0.1.0\"");
    invoke.put("args", "{\"text\":\"hi\",\"city\":\"Lisbon\"}");
    invoke.put("context", "{}");
    invoke.put("trace", "{\"step_id\":\"s-1\"}");
    Map<String, String> register = new LinkedHashMap<>();
    register.put("name", "\"fuzz_tool\"");
    register.put("description", "\"A tool the fuzz run registers.\"");
    register.put(
        "parameters", "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}");
    register.put("http", "{\"method\":\"GET\",\"url\":\"http://127.0.0.1:1/x?q={q}\"}");
    Map<String, String> chat = new LinkedHashMap<>();
    chat.put("model", "\"assistant\"");
    chat.put("messages", "[{\"role\":\"user\",\"content\":\"hi\"}]");
    chat.put("stream", "false");
    chat.put("max_tokens", "16");
    Map<String, String> none = Map.of();
    return List.of(
        new Route("POST", "/v1/tools:search", search),
        new Route("POST", "/v1/tools:search", search),
        new Route("POST", "/v1/tool_invoke", toolInvoke),
        new Route("POST", "/v1/tools/echo:invoke", invoke),
        new Route("POST", "/v1/tools/weather_current:invoke", invoke),
        new Route("POST", "/v1/tools/explode:invoke", invoke),
        new Route("POST", "/v1/tools", register),
        new Route("PUT", "/v1/tools/fuzz_tool", register),
        new Route("DELETE", "/v1/tools/fuzz_tool", none),
        new Route("POST", "/v1/chat/completions", chat),
        new Route("GET", "/v1/tools?limit=2&view=full", none),
        new Route("GET", "/v1/tools/echo", none),
        new Route("GET", "/v1/tools/echo/render?format=openai", none),
        new Route("GET", "/v1/capabilities", none),
        new Route("GET", "/v1/sandboxes", none),
        new Route("GET", "/v1/sources", none),
        new Route("GET", "/v1/models", none),
        new Route("GET", "/healthz", none),
        new Route("GET", "/readyz", none),
        new Route("GET", "/metrics", none),
        new Route("GET", "/v1/openapi.json", none),
        new Route("GET", "/", none),
        new Route("GET", "/console/app.js", none));
  }

  /** A hostile REST, chat or console request (one in 20 broken at the protocol level). */
  Case rest(int port) {
    if (h.nextInt(20) == 0) {
      return protocol(port);
    }
    Route r = h.pick(routes);
    String method =
        h.chance(0.85)
            ? r.method()
            : h.pick(
                "GET",
                "POST",
                "PUT",
                "DELETE",
                "PATCH",
                "OPTIONS",
                "HEAD",
                "TRACE",
                "PROPFIND",
                "get");
    String path = h.chance(0.75) ? r.path() : oddPath(r.path());
    byte[] body;
    if (r.body().isEmpty() && h.chance(0.7)) {
      body = new byte[0];
    } else {
      body = h.chance(0.3) ? h.junk() : h.mutate(r.body()).getBytes(StandardCharsets.UTF_8);
    }
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", h.chance(0.7) ? "application/json" : h.pick(CONTENT_TYPES));
    extraHeaders(headers);
    return request(method + " " + path, port, headers, body, false);
  }

  /** A hostile MCP request to {@code /mcp}; {@code session} is a live session id. */
  Case mcp(int port, String session) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", h.chance(0.85) ? "application/json" : h.pick(CONTENT_TYPES));
    headers.put(
        "Accept",
        h.chance(0.85)
            ? "application/json, text/event-stream"
            : h.pick("", "text/html", "*/*", "application/json", "text/event-stream"));
    int s = h.nextInt(10);
    if (s < 8) {
      headers.put("Mcp-Session-Id", session);
    } else if (s < 9) {
      headers.put("Mcp-Session-Id", h.pick("nope", "", "\u00ff\u00fe", "x".repeat(300)));
    }
    if (h.chance(0.03)) {
      headers.put("Authorization", h.pick("Bearer x", "Basic ???", ""));
    }
    if (h.nextInt(12) == 0) {
      String method = h.pick("GET", "DELETE", "PUT", "PATCH", "OPTIONS", "HEAD");
      if (method.equals("GET") || method.equals("DELETE")) {
        // never the live session: a GET on it is a stream that does not end, a DELETE ends it
        headers.put("Mcp-Session-Id", "fuzz-" + h.word());
      }
      return request(method + " /mcp", port, headers, new byte[0], true);
    }
    byte[] body = rpc.message(++ids);
    return request("POST " + (h.chance(0.97) ? "/mcp" : "/mcp/x"), port, headers, body, true);
  }

  private Case request(
      String line, int port, Map<String, String> headers, byte[] body, boolean mcp) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(
        (line + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n")
            .getBytes(StandardCharsets.ISO_8859_1));
    headers.forEach(
        (k, v) -> {
          if (!v.isEmpty() || !k.equals("Content-Type")) {
            b.writeBytes((k + ": " + v + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
          }
        });
    if (body.length > 0 || line.startsWith("POST") || line.startsWith("PUT")) {
      b.writeBytes(("Content-Length: " + body.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
    }
    b.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
    b.writeBytes(body);
    return new Case(line, b.toByteArray(), line.startsWith("HEAD "), mcp, false);
  }

  private void extraHeaders(Map<String, String> headers) {
    if (h.chance(0.05)) {
      headers.put("Authorization", h.pick("Bearer x", "Basic ???", "Bearer", "\u00ff"));
    }
    if (h.chance(0.05)) {
      headers.put("X-API-Key", h.pick("", "tgk_x", "x".repeat(5000)));
    }
    if (h.chance(0.05)) {
      headers.put("Origin", h.pick("https://evil.example", "null", "http://127.0.0.1", "::"));
    }
    if (h.chance(0.03)) {
      headers.put("Accept", h.pick("text/html", "*/*;q=0", "application/xml"));
    }
    if (h.chance(0.03)) {
      headers.put("X-Junk", "v".repeat(10_000));
    }
    if (h.chance(0.03)) {
      headers.put("X-Toolgate-Session", h.pick("", "s-1", "\u00ff"));
    }
  }

  private String oddPath(String path) {
    return switch (h.nextInt(10)) {
      case 0 -> path + "%zz";
      case 1 -> path + "%00";
      case 2 -> path + "/..%2f..%2fetc%2fpasswd";
      case 3 -> "/" + path;
      case 4 ->
          path
              + (path.contains("?") ? "&" : "?")
              + "limit="
              + h.pick("-1", "0", "99999999999999999999", "1e3", "x", "%ff");
      case 5 -> path + (path.contains("?") ? "&" : "?") + "view=" + h.word() + "&cursor=%ff%fe";
      case 6 -> path + ";jsessionid=" + h.word();
      case 7 -> "/v1/tools/" + "a".repeat(1 + h.nextInt(3000)) + ":invoke";
      case 8 -> path.replace("/v1/", "/v1//");
      default -> "/v1/tools/" + h.pick("%ff%fe", "..", "%2e%2e", "t%20x", "\u00e9") + "/render";
    };
  }

  /** A request broken at the protocol level; the connection is closed after it. */
  private Case protocol(int port) {
    String host = "Host: 127.0.0.1:" + port + "\r\n";
    String close = "Connection: close\r\n";
    int kind = h.nextInt(12);
    String text =
        switch (kind) {
          case 0 -> "GET /v1/tools\r\n\r\n";
          case 1 -> "GET http://other.example/v1/tools HTTP/1.1\r\n" + host + close + "\r\n";
          case 2 -> "GET /v1/tools HTTP/9.9\r\n" + host + close + "\r\n";
          case 3 -> "GET /v1/tools HTTP/1.1\r\n" + close + "\r\n";
          case 4 -> "GET /v1/tools HTTP/1.1\r\n" + host + "Host: other\r\n" + close + "\r\n";
          case 5 -> "GET /healthz HTTP/1.1\r\n" + host + "Broken header line\r\n" + close + "\r\n";
          case 6 ->
              "GET /healthz HTTP/1.1\r\n"
                  + host
                  + "X-Big: "
                  + "b".repeat(70_000)
                  + "\r\n"
                  + close
                  + "\r\n";
          case 7 ->
              "POST /v1/tools:search HTTP/1.1\r\n"
                  + host
                  + "Content-Type: application/json\r\n"
                  + "Content-Length: 2\r\nContent-Length: 3\r\n"
                  + close
                  + "\r\n{}";
          case 8 ->
              "POST /v1/tools:search HTTP/1.1\r\n"
                  + host
                  + "Content-Type: application/json\r\n"
                  + "Transfer-Encoding: chunked\r\n"
                  + close
                  + "\r\nzz\r\n{}\r\n0\r\n\r\n";
          case 9 ->
              "GET /healthz HTTP/1.1\r\n"
                  + host
                  + "Connection: Upgrade\r\nUpgrade: "
                  + h.pick("websocket", "h2c")
                  + "\r\n\r\n";
          case 10 -> "GET  /healthz  HTTP/1.1\r\n" + host + close + "\r\n";
          default ->
              new String(h.bytes(1 + h.nextInt(200)), StandardCharsets.ISO_8859_1) + "\r\n\r\n";
        };
    return new Case(
        "protocol " + kind, text.getBytes(StandardCharsets.ISO_8859_1), false, false, kind == 9);
  }
}
