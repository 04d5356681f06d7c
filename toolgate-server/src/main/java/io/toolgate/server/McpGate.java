package io.toolgate.server;

import io.toolgate.mcp.server.JsonRpcErrors;
import io.toolgate.mcp.server.ToolgateMcpServer;
import io.toolgate.server.auth.AccessControl;
import io.toolgate.server.auth.Caller;
import io.toolgate.server.auth.Scope;
import io.toolgate.server.http.OriginGuard;
import io.toolgate.server.metrics.Telemetry;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;

/**
 * Puts the MCP streamable-HTTP servlet behind the same protections as the REST API: Host and Origin
 * checks (DNS rebinding), API key with scope {@code invoke}, rate limit and body cap.
 *
 * <p>The caller's restrictions are handed to the MCP layer as the request attribute {@value
 * ToolgateMcpServer#CALL_OPTIONS_ATTRIBUTE}: a {@link io.toolgate.invoke.CallOptions} with the
 * key's principal and tool filter, which the MCP server applies to {@code tools/list}, searches and
 * calls, so {@code /mcp} obeys the same key as the REST API.
 *
 * <p>A refusal is a JSON-RPC error object with the HTTP status, the reason in {@code
 * error.data.code} ({@code unauthorized}, {@code forbidden}, {@code rate_limited}, {@code
 * host_not_allowed}, …): {@code {"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message":
 * "…", "data": {"code": "unauthorized"}}}}.
 */
final class McpGate extends HttpServlet {
  private static final long serialVersionUID = 1L;

  private final transient HttpServlet delegate;
  private final transient OriginGuard guard;
  private final transient AccessControl access;
  private final transient Telemetry telemetry;
  private final long maxBodyBytes;

  McpGate(
      HttpServlet delegate,
      OriginGuard guard,
      AccessControl access,
      Telemetry telemetry,
      long maxBodyBytes) {
    this.delegate = delegate;
    this.guard = guard;
    this.access = access;
    this.telemetry = telemetry;
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  public void init(ServletConfig config) throws ServletException {
    super.init(config);
    delegate.init(config);
  }

  @Override
  public void destroy() {
    delegate.destroy();
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse resp)
      throws ServletException, IOException {
    long start = System.nanoTime();
    try {
      guard.check(req.getHeader("Host"), req.getHeader("Origin"));
      Caller caller =
          access.authenticate(
              req.getHeader("Authorization"),
              req.getHeader("X-API-Key"),
              Scope.INVOKE,
              () -> "/mcp");
      access.rateLimit(caller);
      if (req.getContentLengthLong() > maxBodyBytes) {
        throw new ApiException(
            413,
            "too_large",
            "the request body is over the limit of "
                + maxBodyBytes
                + " bytes (server.limits.max_body_bytes)");
      }
      req.setAttribute(
          ToolgateMcpServer.CALL_OPTIONS_ATTRIBUTE, caller.callOptions(Map.of(), Map.of()));
      delegate.service(req, resp);
    } catch (ApiException e) {
      e.headers().forEach(resp::setHeader);
      resp.setStatus(e.status());
      resp.setContentType("application/json");
      resp.getOutputStream()
          .write(JsonRpcErrors.bytes(JsonRpcErrors.refusal(e.status(), e.code(), e.getMessage())));
    } finally {
      telemetry.recordRequest(req.getMethod(), "/mcp", resp.getStatus(), System.nanoTime() - start);
    }
  }
}
