package io.toolgate.server.chat;

import io.toolgate.json.Json;
import java.util.Map;
import java.util.Objects;
import tools.jackson.databind.node.ObjectNode;

/**
 * A complete HTTP answer of the chat proxy: status, JSON body and extra headers.
 *
 * <p>Errors use OpenAI's shape, so OpenAI SDKs raise them as usual:
 *
 * <pre>{@code
 * {"error": {"message": "model 'gpt-5' is not configured; known models: assistant",
 *            "type": "invalid_request_error", "param": "model", "code": "model_not_found"}}
 * }</pre>
 *
 * @param status the HTTP status
 * @param body the JSON body
 * @param headers extra response headers, e.g. {@code X-Toolgate-Tool-Tokens-Sent}
 */
public record ChatReply(int status, ObjectNode body, Map<String, String> headers) {
  public ChatReply {
    if (status < 100 || status > 599) {
      throw new IllegalArgumentException("illegal HTTP status " + status + ", must be 100-599");
    }
    Objects.requireNonNull(body, "body");
    headers = Map.copyOf(headers);
  }

  /** An OpenAI-style error. */
  public static ChatReply error(int status, String type, String message) {
    return new ChatReply(status, errorBody(type, message, null, null), Map.of());
  }

  /** An OpenAI-style error naming the request field at fault and a machine-readable code. */
  public static ChatReply error(
      int status, String type, String message, String param, String code) {
    return new ChatReply(status, errorBody(type, message, param, code), Map.of());
  }

  /**
   * {@code {"error": {message, type, param, code}}}; without a code of its own, {@code code} is the
   * type without {@code _error} ({@code invalid_request}, {@code server}).
   */
  static ObjectNode errorBody(String type, String message, String param, String code) {
    ObjectNode out = Json.object();
    ObjectNode error = out.putObject("error");
    error.put("message", message);
    error.put("type", type);
    if (param == null) {
      error.putNull("param");
    } else {
      error.put("param", param);
    }
    // Never null: every Toolgate error names a code (the type, for errors without their own).
    error.put("code", code != null ? code : type.replaceFirst("_error$", ""));
    return out;
  }

  /** Whether the status is 2xx. */
  public boolean ok() {
    return status / 100 == 2;
  }
}
