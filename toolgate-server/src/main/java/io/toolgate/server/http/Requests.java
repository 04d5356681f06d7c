package io.toolgate.server.http;

import io.javalin.http.Context;
import io.toolgate.server.ApiException;
import io.toolgate.server.auth.Caller;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Per-request state the server attaches to a {@link Context}, and small request readers. */
public final class Requests {
  /** Attribute holding the authenticated {@link Caller}. */
  public static final String CALLER = "toolgate.caller";

  /** Attribute holding the request's start, from {@link System#nanoTime()}. */
  public static final String STARTED = "toolgate.started";

  private static final int MAX_TRACE_ENTRIES = 8;
  private static final int MAX_TRACE_CHARS = 128;

  private Requests() {}

  /** The caller of this request; set by the server before any handler runs. */
  public static Caller caller(Context ctx) {
    Caller caller = ctx.attribute(CALLER);
    if (caller == null) {
      throw new IllegalStateException("no caller on a request to " + ctx.path());
    }
    return caller;
  }

  /**
   * Reads a {@code trace} object ({@code flow_id}, {@code step_id} and other short string ids).
   *
   * @throws ApiException 400 when it is not an object of at most 8 short strings
   */
  public static Map<String, String> trace(JsonNode node) {
    if (node == null || node.isNull()) {
      return Map.of();
    }
    if (!node.isObject()) {
      throw ApiException.badRequest(
          "trace must be an object such as {\"flow_id\": \"f-1\", \"step_id\": \"s-2\"}");
    }
    if (node.size() > MAX_TRACE_ENTRIES) {
      throw ApiException.badRequest("trace has " + node.size() + " entries; at most 8 are kept");
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : node.properties()) {
      JsonNode v = e.getValue();
      if (!v.isValueNode() || v.isNull() || v.asString().length() > MAX_TRACE_CHARS) {
        throw ApiException.badRequest(
            "trace." + e.getKey() + " must be a string of at most 128 characters");
      }
      out.put(e.getKey(), v.asString());
    }
    return out;
  }
}
