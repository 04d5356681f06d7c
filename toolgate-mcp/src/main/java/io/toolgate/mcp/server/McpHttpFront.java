package io.toolgate.mcp.server;

import static io.toolgate.mcp.server.JsonRpcErrors.INTERNAL_ERROR;
import static io.toolgate.mcp.server.JsonRpcErrors.INVALID_REQUEST;

import io.toolgate.Incidents;
import io.toolgate.json.JsonContentType;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The MCP streamable-HTTP endpoint as clients see it: checks each request (method, headers, body
 * size, the JSON-RPC message) and answers what is wrong with a JSON-RPC error, then hands only
 * well-formed requests to the SDK's servlet; the SDK's own error answers (a serialized Java
 * exception) are replaced by the same JSON-RPC error shape.
 *
 * <table>
 *   <caption>Refusals</caption>
 *   <tr><th>HTTP</th><th>JSON-RPC code</th><th>when</th></tr>
 *   <tr><td>400</td><td>-32700</td><td>not UTF-8 JSON</td></tr>
 *   <tr><td>400</td><td>-32600</td><td>not a JSON-RPC 2.0 object; no {@code Mcp-Session-Id}</td></tr>
 *   <tr><td>200</td><td>-32601, -32602</td><td>unknown method; bad params (the JSON-RPC answer to
 *       the request, session or not)</td></tr>
 *   <tr><td>404</td><td>-32600</td><td>an unknown or expired session</td></tr>
 *   <tr><td>405</td><td>-32600</td><td>a method other than POST, GET, DELETE</td></tr>
 *   <tr><td>406</td><td>-32600</td><td>{@code Accept} without the types MCP requires</td></tr>
 *   <tr><td>413</td><td>-32600</td><td>a body over the limit</td></tr>
 *   <tr><td>415</td><td>-32600</td><td>a body not sent as UTF-8 {@code application/json}</td></tr>
 *   <tr><td>500</td><td>-32603</td><td>a bug: the message has an incident id for the log</td></tr>
 * </table>
 */
final class McpHttpFront extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(McpHttpFront.class);
  private static final String SESSION = "Mcp-Session-Id";
  private static final String ALLOWED = "GET, POST, DELETE";

  private final transient HttpServlet transport;
  private final transient InboundMessages inbound;
  private final long maxBytes;

  McpHttpFront(HttpServlet transport, InboundMessages inbound, long maxBytes) {
    this.transport = transport;
    this.inbound = inbound;
    this.maxBytes = maxBytes;
  }

  /** A refused request: the HTTP status and the JSON-RPC error to answer with. */
  private static final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final transient ObjectNode body;

    Refusal(int status, JsonNode id, int code, String message) {
      super(message, null, false, false);
      this.status = status;
      this.body = JsonRpcErrors.response(id, code, message);
    }
  }

  @Override
  public void init(ServletConfig config) throws ServletException {
    super.init(config);
    transport.init(config);
  }

  @Override
  public void destroy() {
    transport.destroy();
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    try {
      switch (req.getMethod()) {
        case "POST" -> post(req, resp);
        case "GET" -> get(req, resp);
        case "DELETE" -> delete(req, resp);
        default -> {
          resp.setHeader("Allow", ALLOWED);
          throw new Refusal(
              405,
              null,
              INVALID_REQUEST,
              req.getMethod()
                  + " is not allowed on the MCP endpoint; POST a JSON-RPC message, GET an event"
                  + " stream, or DELETE a session");
        }
      }
    } catch (Refusal r) {
      send(resp, r.status, r.body);
    } catch (ServletException | RuntimeException e) {
      String id = Incidents.report(LOG, req.getMethod() + " " + req.getRequestURI(), e);
      send(resp, 500, JsonRpcErrors.response(null, INTERNAL_ERROR, Incidents.message(id)));
    }
  }

  private void post(HttpServletRequest req, HttpServletResponse resp)
      throws Refusal, IOException, ServletException {
    requireJsonBody(req.getHeader("Content-Type"));
    requireAccept(req, true);
    byte[] body = readBody(req);
    InboundMessages.Verdict verdict = inbound.check(body);
    if (verdict instanceof InboundMessages.Answer a && a.malformed()) {
      throw new Refusal(400, a.id(), a.code(), a.message());
    }
    switch (verdict) {
      case InboundMessages.Answer a -> send(resp, 200, a.response());
      case InboundMessages.Drop d -> {
        requireSession(req);
        resp.setStatus(202);
      }
      case InboundMessages.Forward f -> {
        if (!f.initialize()) {
          requireSession(req);
        }
        delegate(new McpHttpWrappers.Replayed(req, body), resp);
      }
    }
  }

  private void get(HttpServletRequest req, HttpServletResponse resp)
      throws Refusal, IOException, ServletException {
    requireAccept(req, false);
    requireSession(req);
    delegate(req, resp);
  }

  private void delete(HttpServletRequest req, HttpServletResponse resp)
      throws Refusal, IOException, ServletException {
    requireSession(req);
    delegate(req, resp);
  }

  /** Runs the SDK's servlet; an error it answers becomes the JSON-RPC error shape. */
  private void delegate(HttpServletRequest req, HttpServletResponse resp)
      throws Refusal, IOException, ServletException {
    McpHttpWrappers.Captured captured = new McpHttpWrappers.Captured(resp);
    transport.service(req, captured);
    int status = captured.errorStatus();
    if (status == 0 || req.isAsyncStarted()) {
      return;
    }
    String session = req.getHeader(SESSION);
    switch (status) {
      case 404 ->
          throw new Refusal(
              404,
              null,
              INVALID_REQUEST,
              "unknown or expired MCP session '"
                  + clip(session)
                  + "'; send initialize (without Mcp-Session-Id) to start a new one");
      case 405 ->
          throw new Refusal(405, null, INVALID_REQUEST, "this server does not end sessions");
      case 503 ->
          throw new Refusal(
              503, null, INTERNAL_ERROR, "the server is shutting down; connect again shortly");
      default -> {
        String id =
            Incidents.report(
                LOG,
                req.getMethod() + " /mcp (the MCP transport answered " + status + ")",
                new IllegalStateException(
                    captured
                        .errorBody()
                        .substring(0, Math.min(400, captured.errorBody().length()))));
        throw new Refusal(
            status >= 500 ? 500 : 400,
            null,
            status >= 500 ? INTERNAL_ERROR : INVALID_REQUEST,
            Incidents.message(id));
      }
    }
  }

  private static void requireJsonBody(String contentType) throws Refusal {
    Optional<String> problem = JsonContentType.problem(contentType);
    if (problem.isPresent()) {
      throw new Refusal(415, null, INVALID_REQUEST, problem.get());
    }
  }

  private static void requireAccept(HttpServletRequest req, boolean post) throws Refusal {
    String accept = req.getHeader("Accept");
    String a = accept == null ? "" : accept.toLowerCase(Locale.ROOT);
    boolean ok = a.contains("text/event-stream") && (!post || a.contains("application/json"));
    if (!ok) {
      throw new Refusal(
          406,
          null,
          INVALID_REQUEST,
          (post
                  ? "a POST must accept both application/json and text/event-stream"
                  : "a GET opens an event stream and must accept text/event-stream")
              + " (MCP streamable HTTP); got Accept: "
              + (accept == null ? "nothing" : "'" + clip(accept) + "'"));
    }
  }

  private static void requireSession(HttpServletRequest req) throws Refusal {
    String session = req.getHeader(SESSION);
    if (session == null || session.isBlank()) {
      throw new Refusal(
          400,
          null,
          INVALID_REQUEST,
          "the Mcp-Session-Id header is required: send initialize first, then repeat the"
              + " Mcp-Session-Id it answered with on every request");
    }
  }

  private byte[] readBody(HttpServletRequest req) throws Refusal {
    long declared = req.getContentLengthLong();
    if (declared > maxBytes) {
      throw tooLarge();
    }
    try (InputStream in = req.getInputStream()) {
      byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
      if (bytes.length > maxBytes) {
        throw tooLarge();
      }
      return bytes;
    } catch (IOException | RuntimeException e) {
      throw new Refusal(
          400, null, JsonRpcErrors.PARSE_ERROR, "the request body could not be read in full");
    }
  }

  private Refusal tooLarge() {
    return new Refusal(
        413, null, INVALID_REQUEST, "the message is over the limit of " + maxBytes + " bytes");
  }

  private static void send(HttpServletResponse resp, int status, ObjectNode body)
      throws IOException {
    if (resp.isCommitted()) {
      return;
    }
    resp.resetBuffer();
    resp.setStatus(status);
    resp.setContentType("application/json");
    resp.getOutputStream().write(JsonRpcErrors.bytes(body));
  }

  private static String clip(String s) {
    return s == null || s.length() <= 80 ? s : s.substring(0, 77) + "...";
  }
}
