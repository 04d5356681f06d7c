package io.toolgate.mcp.server;

import io.toolgate.Incidents;
import java.nio.ByteBuffer;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Jetty's own error answers in a JSON shape instead of its HTML pages: requests Jetty refuses
 * before any servlet runs (a malformed request line, HTTP/0.9, an absolute-form target whose
 * authority is not the {@code Host}, headers or a URI too large) and errors sent with {@code
 * sendError}. The message is this server's text for the status, plus Jetty's reason when it is a
 * short protocol phrase ({@code Authority!=Host}); never exception text. A 5xx is logged under an
 * incident id that the message names.
 *
 * <pre>{@code
 * server.setErrorHandler(new JsonErrorHandler((status, code, message) ->
 *     JsonRpcErrors.bytes(JsonRpcErrors.refusal(status, code, message))));
 * }</pre>
 */
public class JsonErrorHandler extends ErrorHandler {
  private static final Logger LOG = LoggerFactory.getLogger(JsonErrorHandler.class);
  private static final Pattern SAFE_REASON = Pattern.compile("[A-Za-z0-9 !=:/._,'()-]{1,80}");

  /** Renders the body of an error: HTTP status, a lower-case code and the message. */
  @FunctionalInterface
  public interface Body {
    byte[] render(int status, String code, String message);
  }

  private final Body body;

  public JsonErrorHandler(Body body) {
    this.body = body;
  }

  /**
   * A connection customizer that closes the connection after answering a request that asked to
   * switch protocols ({@code Upgrade}): this server speaks no other protocol, and without it the
   * client would wait on an idle connection for the idle timeout.
   */
  public static HttpConfiguration.Customizer closeOnUpgrade() {
    return (request, responseHeaders) -> {
      if (request.getHeaders().contains(HttpHeader.UPGRADE)) {
        responseHeaders.put(HttpHeader.CONNECTION, "close");
      }
      return request;
    };
  }

  @Override
  public boolean errorPageForMethod(String method) {
    return true;
  }

  @Override
  protected void generateResponse(
      Request request,
      Response response,
      int code,
      String message,
      Throwable cause,
      Callback callback) {
    if (code >= 500 && code != 505 && code != 503) {
      String id =
          Incidents.report(
              LOG,
              request.getMethod() + " " + request.getHttpURI().getPath() + " (HTTP " + code + ")",
              cause);
      message = Incidents.message(id);
    } else {
      message = text(code, cause == null || cause instanceof HttpException ? message : null);
    }
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    response.write(true, ByteBuffer.wrap(body.render(code, code(code), message)), callback);
  }

  /** The error code of the JSON shapes for an HTTP status. */
  public static String code(int status) {
    return switch (status) {
      case 404 -> "not_found";
      case 405 -> "method_not_allowed";
      case 408 -> "timeout";
      case 413, 414, 431 -> "too_large";
      case 415 -> "unsupported_media_type";
      case 505 -> "unsupported_http_version";
      default -> status >= 500 ? "internal_error" : "invalid_request";
    };
  }

  private static String text(int status, String reason) {
    String text =
        switch (status) {
          case 400 ->
              "Authority!=Host".equals(reason)
                  ? "the request target names another host than the Host header; send the path"
                      + " only (GET /v1/tools) with the Host header of this server"
                  : "malformed HTTP request";
          case 404 -> "no such resource";
          case 405 -> "method not allowed";
          case 408 -> "the request took too long to arrive";
          case 413 -> "the request body is too large";
          case 414 -> "the request URI is too long";
          case 431 -> "the request headers are too large";
          case 505 -> "this HTTP version is not supported; send HTTP/1.1";
          default -> HttpStatus.getMessage(status);
        };
    boolean safe =
        reason != null
            && SAFE_REASON.matcher(reason).matches()
            && !reason.contains("Exception")
            && !reason.equals("Authority!=Host")
            && !reason.equalsIgnoreCase(HttpStatus.getMessage(status));
    return safe ? text + " (" + reason + ")" : text;
  }
}
