package io.toolgate.mcp.server;

import static io.toolgate.mcp.server.JsonRpcErrors.INVALID_PARAMS;
import static io.toolgate.mcp.server.JsonRpcErrors.INVALID_REQUEST;
import static io.toolgate.mcp.server.JsonRpcErrors.METHOD_NOT_FOUND;
import static io.toolgate.mcp.server.JsonRpcErrors.PARSE_ERROR;

import io.toolgate.json.Json;
import io.toolgate.json.JsonSyntax;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.node.ObjectNode;

/**
 * The check every inbound JSON-RPC message passes before the MCP SDK sees it, on stdio and on
 * streamable HTTP: the SDK's transports answer a malformed message with a serialized exception
 * (HTTP) or stop reading for good (stdio), so only messages they handle reach them.
 *
 * <p>A message is forwarded when it is UTF-8 JSON, an object, {@code "jsonrpc": "2.0"}, with an
 * {@code id} that is a string or a 64-bit integer, and is either a request or notification ({@code
 * method} a string, {@code params} an object) or a response (exactly one of {@code result} and an
 * {@code error} object). Requests of a method this server does not answer get -32601, and the
 * parameters of the methods it answers are checked ({@link McpParams}) so that a bad one is a
 * -32602 naming the field, not an SDK failure. Notifications of unknown methods are dropped, as
 * JSON-RPC wants no answer to a notification, and so are well-formed responses: this server sends
 * clients no requests, so none is awaited. Immutable and thread-safe.
 */
final class InboundMessages {
  /** One JSON value and nothing after it: {@code {…} junk} is not a message. */
  private static final ObjectReader STRICT =
      Json.mapper().reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private final Set<String> requests;
  private final Set<String> notifications;
  private final McpParams params;

  /**
   * @param requests the request methods the server answers, {@code initialize} included
   * @param notifications the notifications it handles
   */
  InboundMessages(Set<String> requests, Set<String> notifications, McpParams params) {
    this.requests = new TreeSet<>(requests);
    this.notifications = Set.copyOf(notifications);
    this.params = params;
  }

  /** What to do with one message. */
  sealed interface Verdict {}

  /** Hand it to the SDK. */
  record Forward(String method, boolean request) implements Verdict {
    boolean initialize() {
      return "initialize".equals(method);
    }
  }

  /** Send this JSON-RPC error instead. */
  record Answer(JsonNode id, int code, String message) implements Verdict {
    ObjectNode response() {
      return JsonRpcErrors.response(id, code, message);
    }

    /** Whether the message was not a usable JSON-RPC message at all (-32700, -32600). */
    boolean malformed() {
      return code == PARSE_ERROR || code == INVALID_REQUEST;
    }
  }

  /** Nothing to do: a notification this server does not handle, or a response. */
  record Drop(String method) implements Verdict {}

  /** Checks one message, as received (UTF-8 bytes). */
  Verdict check(byte[] bytes) {
    JsonNode node;
    try {
      node = parse(bytes);
    } catch (IllegalArgumentException e) {
      return new Answer(null, PARSE_ERROR, e.getMessage());
    }
    if (!(node instanceof ObjectNode message)) {
      return new Answer(null, INVALID_REQUEST, notAnObject(node));
    }
    JsonNode id = message.get("id");
    String idProblem = idProblem(id);
    if (idProblem != null) {
      return new Answer(null, INVALID_REQUEST, idProblem);
    }
    JsonNode version = message.get("jsonrpc");
    if (version == null || !version.isString() || !version.asString().equals("2.0")) {
      return new Answer(
          id,
          INVALID_REQUEST,
          "\"jsonrpc\" must be \"2.0\", got " + (version == null ? "nothing" : shortText(version)));
    }
    return message.has("method") ? call(message, id) : response(message, id);
  }

  private Verdict call(ObjectNode message, JsonNode id) {
    JsonNode method = message.get("method");
    if (!method.isString() || method.asString().isEmpty()) {
      return new Answer(
          id, INVALID_REQUEST, "\"method\" must be a non-empty string, got " + shortText(method));
    }
    if (message.has("result") || message.has("error")) {
      return new Answer(
          id, INVALID_REQUEST, "a message is a request (method) or a response (result or error)");
    }
    String name = method.asString();
    JsonNode p = message.get("params");
    if (id == null) {
      boolean usable = notifications.contains(name) && (p == null || p.isObject());
      return usable ? new Forward(name, false) : new Drop(name);
    }
    if (!requests.contains(name)) {
      return new Answer(
          id,
          METHOD_NOT_FOUND,
          "method '" + clip(name) + "' is not supported; this server answers " + requests);
    }
    if (p != null && !p.isNull() && !p.isObject()) {
      return new Answer(
          id, INVALID_PARAMS, name + ": \"params\" must be an object, got " + shortText(p));
    }
    String problem = params.problem(name, p == null || p.isNull() ? Json.object() : p);
    return problem == null ? new Forward(name, true) : new Answer(id, INVALID_PARAMS, problem);
  }

  private static Verdict response(ObjectNode message, JsonNode id) {
    boolean result = message.has("result");
    JsonNode error = message.get("error");
    if (result == (error != null)) {
      return new Answer(
          id,
          INVALID_REQUEST,
          "a JSON-RPC message needs \"method\" (a request or notification) or exactly one of"
              + " \"result\" and \"error\" (a response)");
    }
    if (id == null) {
      return new Answer(null, INVALID_REQUEST, "a response needs the \"id\" of its request");
    }
    if (error != null && !errorObject(error)) {
      return new Answer(
          id,
          INVALID_REQUEST,
          "\"error\" must be an object with an integer \"code\" (32-bit) and a string"
              + " \"message\"");
    }
    // Toolgate sends clients no requests, so no response can be awaited: the SDK would answer
    // "unknown id" with an HTTP 500 on streamable HTTP. Accepted and dropped instead.
    return new Drop("(a response)");
  }

  private static boolean errorObject(JsonNode error) {
    JsonNode code = error.get("code");
    JsonNode message = error.get("message");
    return error.isObject()
        && code != null
        && code.isIntegralNumber()
        && code.canConvertToInt()
        && message != null
        && message.isString();
  }

  /** Null when {@code id} is absent, a string, or an integer that fits in 64 bits. */
  private static String idProblem(JsonNode id) {
    if (id == null || id.isString() || (id.isIntegralNumber() && id.canConvertToLong())) {
      return null;
    }
    return "\"id\" must be a string or an integer from "
        + Long.MIN_VALUE
        + " to "
        + Long.MAX_VALUE
        + ", got "
        + shortText(id);
  }

  private static JsonNode parse(byte[] bytes) {
    String text;
    try {
      CharBuffer chars =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes));
      text = chars.toString();
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("the message is not valid UTF-8; send UTF-8 JSON", e);
    }
    if (text.isBlank()) {
      throw new IllegalArgumentException("the message is empty; send one JSON-RPC object");
    }
    try {
      return STRICT.readTree(text);
    } catch (JacksonException e) {
      throw new IllegalArgumentException("not valid JSON: " + JsonSyntax.describe(e), e);
    }
  }

  private static String notAnObject(JsonNode node) {
    if (node.isArray()) {
      return "batches (JSON arrays) are not supported: send each JSON-RPC message as one JSON object";
    }
    return "a JSON-RPC message must be a JSON object, got "
        + node.getNodeType().name().toLowerCase(Locale.ROOT);
  }

  /** A value for an error message: its JSON type, and its text when short. */
  static String shortText(JsonNode node) {
    if (node.isNull()) {
      return "null";
    }
    if (node.isContainer()) {
      return node.isArray() ? "an array" : "an object";
    }
    return node.getNodeType().name().toLowerCase(Locale.ROOT) + " " + clip(Json.write(node));
  }

  private static String clip(String s) {
    return s.length() <= 64 ? s : s.substring(0, 61) + "...";
  }
}
