package io.toolgate.mcp.server;

import io.toolgate.json.Json;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one error shape of every MCP transport (stdio, streamable HTTP, and what sits in front of
 * it): a JSON-RPC 2.0 error response {@code {"jsonrpc": "2.0", "id": …, "error": {"code",
 * "message", "data"?}}} with the standard codes.
 *
 * <pre>{@code
 * {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"not valid JSON: …"}}
 * }</pre>
 *
 * <p>{@code id} is the request's id when it could be read, else {@code null}. Messages never carry
 * exception text; an unexpected failure carries an incident id instead ({@link
 * io.toolgate.Incidents}).
 */
public final class JsonRpcErrors {
  /** Invalid JSON was received. */
  public static final int PARSE_ERROR = -32700;

  /** The JSON is not a valid JSON-RPC message (or the transport refused the request). */
  public static final int INVALID_REQUEST = -32600;

  /** The method does not exist or is not available. */
  public static final int METHOD_NOT_FOUND = -32601;

  /** Invalid method parameters. */
  public static final int INVALID_PARAMS = -32602;

  /** An internal error: a bug, logged under an incident id. */
  public static final int INTERNAL_ERROR = -32603;

  private JsonRpcErrors() {}

  /** The error response to the request {@code id} ({@code null} when unknown). */
  public static ObjectNode response(JsonNode id, int code, String message) {
    ObjectNode out = Json.object();
    out.put("jsonrpc", "2.0");
    out.set("id", id == null || id.isMissingNode() ? NullNode.getInstance() : id);
    out.putObject("error").put("code", code).put("message", message);
    return out;
  }

  /**
   * An error response carrying the HTTP refusal's {@code reason} (e.g. {@code unauthorized}, {@code
   * rate_limited}) as {@code error.data.code}, so a client can tell refusals apart.
   */
  public static ObjectNode refusal(int httpStatus, String reason, String message) {
    int code = httpStatus >= 500 && httpStatus != 505 ? INTERNAL_ERROR : INVALID_REQUEST;
    ObjectNode out = response(null, code, message);
    ((ObjectNode) out.get("error")).putObject("data").put("code", reason);
    return out;
  }

  /** {@code response} serialized, for a transport that writes bytes. */
  public static byte[] bytes(ObjectNode response) {
    return Json.write(response).getBytes(StandardCharsets.UTF_8);
  }
}
