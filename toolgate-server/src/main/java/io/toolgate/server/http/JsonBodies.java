package io.toolgate.server.http;

import io.javalin.http.Context;
import io.toolgate.json.Json;
import io.toolgate.json.JsonContentType;
import io.toolgate.json.JsonSyntax;
import io.toolgate.server.ApiException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads request bodies: the content type must be JSON, the size is capped, and malformed JSON is a
 * 400 that says where it broke.
 */
public final class JsonBodies {
  private JsonBodies() {}

  /**
   * The body as a JSON object.
   *
   * @param what names the body in errors, e.g. {@code the search request}
   * @throws ApiException 415 for another content type, 413 over {@code maxBytes}, 400 for bad JSON
   *     or a non-object
   */
  public static ObjectNode object(Context ctx, long maxBytes, String what) {
    JsonNode node = parse(ctx, maxBytes, what);
    if (!(node instanceof ObjectNode object)) {
      throw ApiException.badRequest(
          what
              + " must be a JSON object, got "
              + node.getNodeType().name().toLowerCase(Locale.ROOT));
    }
    return object;
  }

  /** The body parsed as JSON of any type. */
  public static JsonNode parse(Context ctx, long maxBytes, String what) {
    requireJsonContentType(ctx);
    byte[] bytes = read(ctx, maxBytes);
    if (bytes.length == 0) {
      throw ApiException.badRequest(what + " is empty; send a JSON object");
    }
    try {
      return Json.mapper().readTree(bytes);
    } catch (JacksonException e) {
      throw ApiException.badRequest(what + " is not valid JSON: " + JsonSyntax.describe(e));
    }
  }

  /**
   * Rejects a body that is not declared as JSON, or declared in a charset other than UTF-8. The raw
   * header is parsed here: the servlet API throws on a charset name it cannot look up.
   */
  public static void requireJsonContentType(Context ctx) {
    JsonContentType.problem(ctx.header("Content-Type"))
        .ifPresent(
            problem -> {
              throw new ApiException(415, "unsupported_media_type", problem);
            });
  }

  /** The raw body, at most {@code maxBytes}. */
  public static byte[] read(Context ctx, long maxBytes) {
    long declared = ctx.req().getContentLengthLong();
    if (declared > maxBytes) {
      throw tooLarge(declared, maxBytes);
    }
    try (InputStream in = ctx.req().getInputStream()) {
      byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
      if (bytes.length > maxBytes) {
        throw tooLarge(-1, maxBytes);
      }
      return bytes;
    } catch (IOException e) {
      throw new ApiException(
          400,
          "invalid_request",
          "the request body could not be read in full: the connection ended early or its"
              + " chunked encoding is malformed");
    }
  }

  /** Rejects keys other than {@code known}, listing them. */
  public static void knownKeys(ObjectNode body, Set<String> known, String what) {
    for (String key : body.propertyNames()) {
      if (!known.contains(key)) {
        throw ApiException.badRequest(
            what + ": unknown field '" + key + "'; known fields: " + new TreeSet<>(known));
      }
    }
  }

  static ApiException tooLarge(long declared, long maxBytes) {
    return new ApiException(
        413,
        "too_large",
        "the request body"
            + (declared > 0 ? " (" + declared + " bytes)" : "")
            + " is over the limit of "
            + maxBytes
            + " bytes (server.limits.max_body_bytes)");
  }
}
