package io.toolgate.server.http;

import io.javalin.http.Context;
import io.toolgate.json.Json;
import io.toolgate.server.ApiException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Writes JSON responses and the one error shape {@code {"error": {"code", "message"}}}. */
public final class Responses {
  /** Request attribute set once an error body has been written, so nothing overwrites it. */
  public static final String ERROR_WRITTEN = "toolgate.error-written";

  private static final String JSON = "application/json";

  private Responses() {}

  /** Sends {@code body} as JSON with {@code status}. */
  public static void json(Context ctx, int status, JsonNode body) {
    ctx.status(status).contentType(JSON).result(Json.mapper().writeValueAsBytes(body));
  }

  /** Sends already serialized JSON. */
  public static void json(Context ctx, int status, byte[] body) {
    ctx.status(status).contentType(JSON).result(body);
  }

  /** The error body. */
  public static ObjectNode errorBody(String code, String message) {
    ObjectNode body = Json.object();
    body.putObject("error").put("code", code).put("message", message);
    return body;
  }

  /** Sends an error response. */
  public static void error(Context ctx, int status, String code, String message) {
    ctx.attribute(ERROR_WRITTEN, Boolean.TRUE);
    json(ctx, status, errorBody(code, message));
  }

  /** Sends the response for {@code e}, with its headers. */
  public static void error(Context ctx, ApiException e) {
    e.headers().forEach(ctx::header);
    error(ctx, e.status(), e.code(), e.getMessage());
  }
}
