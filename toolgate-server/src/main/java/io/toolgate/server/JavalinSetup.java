package io.toolgate.server;

import io.javalin.config.JavalinConfig;
import io.toolgate.json.Json;
import io.toolgate.mcp.server.JsonErrorHandler;
import io.toolgate.server.auth.AccessControl;
import io.toolgate.server.http.JavalinJson;
import io.toolgate.server.http.OriginGuard;
import io.toolgate.server.http.Responses;
import io.toolgate.server.metrics.Telemetry;
import jakarta.servlet.http.HttpServlet;
import java.util.Optional;
import org.eclipse.jetty.ee10.servlet.ServletHolder;

/**
 * How the server's Javalin app and its Jetty are set up: host, port, body cap, virtual threads,
 * Jetty's own refusals as JSON instead of HTML pages, the MCP servlet at {@code /mcp} behind {@link
 * McpGate}, and the {@link RequestPipeline} around every route. The routes themselves are in {@link
 * RouteTable}.
 */
final class JavalinSetup {
  private final ServerSettings settings;
  private final Optional<HttpServlet> mcp;
  private final OriginGuard guard;
  private final AccessControl access;
  private final Telemetry telemetry;

  JavalinSetup(
      ServerSettings settings,
      Optional<HttpServlet> mcp,
      OriginGuard guard,
      AccessControl access,
      Telemetry telemetry) {
    this.settings = settings;
    this.mcp = mcp;
    this.guard = guard;
    this.access = access;
    this.telemetry = telemetry;
  }

  /** Applies everything but the routes to {@code config}. */
  void apply(JavalinConfig config) {
    config.startup.showJavalinBanner = false;
    config.startup.showOldJavalinVersionWarning = false;
    config.concurrency.useVirtualThreads = true;
    config.jetty.host = settings.host();
    config.jetty.port = settings.port();
    config.jsonMapper(new JavalinJson());
    config.http.maxRequestSize = settings.limits().maxBodyBytes();
    config.http.prefer405over404 = true;
    config.http.generateEtags = false;
    config.router.ignoreTrailingSlashes = true;
    jsonErrorPages(config);
    mcp.ifPresent(servlet -> mountMcp(config, servlet));
    new RequestPipeline(guard, access, telemetry).install(config.routes);
  }

  /**
   * Jetty's own refusals (a malformed request line, HTTP/0.9, an absolute-form target for another
   * host, sendError) in the REST error shape instead of its HTML pages.
   */
  private static void jsonErrorPages(JavalinConfig config) {
    JsonErrorHandler errors =
        new JsonErrorHandler(
            (status, code, message) ->
                Json.mapper().writeValueAsBytes(Responses.errorBody(code, message)));
    config.jetty.modifyServer(server -> server.setErrorHandler(errors));
    config.jetty.modifyServletContextHandler(handler -> handler.setErrorHandler(errors));
    config.jetty.modifyHttpConfiguration(
        http -> http.addCustomizer(JsonErrorHandler.closeOnUpgrade()));
  }

  private void mountMcp(JavalinConfig config, HttpServlet servlet) {
    config.jetty.modifyServletContextHandler(
        handler -> {
          McpGate gate =
              new McpGate(servlet, guard, access, telemetry, settings.limits().maxBodyBytes());
          ServletHolder holder = new ServletHolder("mcp", gate);
          holder.setAsyncSupported(true);
          handler.addServlet(holder, "/mcp");
        });
  }
}
