package io.toolgate.server;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.router.Endpoint;
import io.javalin.security.RouteRole;
import io.toolgate.Incidents;
import io.toolgate.server.auth.AccessControl;
import io.toolgate.server.auth.Caller;
import io.toolgate.server.auth.Scope;
import io.toolgate.server.http.OriginGuard;
import io.toolgate.server.http.Requests;
import io.toolgate.server.http.Responses;
import io.toolgate.server.metrics.Telemetry;
import io.toolgate.server.rest.ToolsApi;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * What happens around every request of the Javalin routes, in order: Host/Origin check and CORS
 * headers (and preflights), then, once a route matched, authentication for the route's scope and
 * the caller's rate limit; after the handler, the request metric. Exceptions and unmatched routes
 * become the JSON error shape here.
 */
final class RequestPipeline {
  private static final Logger LOG = LoggerFactory.getLogger(ToolgateServer.class);

  private final OriginGuard guard;
  private final AccessControl access;
  private final Telemetry telemetry;

  RequestPipeline(OriginGuard guard, AccessControl access, Telemetry telemetry) {
    this.guard = guard;
    this.access = access;
    this.telemetry = telemetry;
  }

  void install(RoutesConfig routes) {
    routes.before(this::beforeAll);
    routes.beforeMatched(this::authorize);
    routes.after(this::afterAll);
    routes.exception(ApiException.class, (e, ctx) -> Responses.error(ctx, e));
    routes.exception(HttpResponseException.class, this::frameworkError);
    routes.exception(Exception.class, this::unexpected);
    routes.error(404, this::notFound);
    routes.error(405, this::methodNotAllowed);
  }

  /** {@code POST /v1/tools/{name}:invoke}; tool names never contain ':'. */
  static void invokeByPath(Context ctx, ToolsApi tools) {
    String call = ctx.pathParam("call");
    int colon = call.lastIndexOf(':');
    if (colon < 0 || !call.substring(colon + 1).equals("invoke")) {
      throw new ApiException(
          404,
          "not_found",
          "no route POST "
              + ctx.path()
              + "; to call a tool, POST /v1/tools/"
              + (colon < 0 ? call : call.substring(0, colon))
              + ":invoke");
    }
    tools.invoke(ctx, call.substring(0, colon));
  }

  private void beforeAll(Context ctx) {
    ctx.attribute(Requests.STARTED, System.nanoTime());
    String origin = ctx.header("Origin");
    if (origin != null && guard.corsAllowed(origin)) {
      ctx.header("Access-Control-Allow-Origin", origin);
      ctx.header("Vary", "Origin");
      ctx.header("Access-Control-Allow-Headers", "Authorization, Content-Type, X-API-Key");
      ctx.header("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS");
      ctx.header("Access-Control-Max-Age", "600");
    }
    guard.check(ctx.header("Host"), origin);
    if (ctx.method().name().equals("OPTIONS") && origin != null) {
      // A CORS preflight: answered here, before routing, for any path.
      ctx.status(204);
      ctx.skipRemainingHandlers();
    }
  }

  private void authorize(Context ctx) {
    Scope needed = null;
    boolean declared = false;
    for (RouteRole role : ctx.routeRoles()) {
      if (role instanceof ServerRoutes.Needs n) {
        needed = n.scope();
        declared = true;
      } else if (role == ServerRoutes.PUBLIC) {
        declared = true;
      }
    }
    if (!declared) {
      return; // not one of ours (e.g. a framework handler)
    }
    Supplier<String> what = () -> ctx.method().name() + " " + matchedPath(ctx);
    Caller caller =
        access.authenticate(ctx.header("Authorization"), ctx.header("X-API-Key"), needed, what);
    ctx.attribute(Requests.CALLER, caller);
    MDC.put("caller", caller.id());
    if (needed != null) {
      access.rateLimit(caller);
    }
  }

  private void afterAll(Context ctx) {
    Long started = ctx.attribute(Requests.STARTED);
    if (started != null) {
      telemetry.recordRequest(
          ctx.method().name(), matchedPath(ctx), ctx.statusCode(), System.nanoTime() - started);
    }
    MDC.clear();
  }

  private static String matchedPath(Context ctx) {
    try {
      Endpoint e = ctx.endpoints().matchedHttpEndpoint();
      return e == null ? "unmatched" : e.path;
    } catch (RuntimeException e) {
      return "unmatched";
    }
  }

  private void frameworkError(HttpResponseException e, Context ctx) {
    int status = e.getStatus();
    if (status == 404) {
      notFound(ctx);
      return;
    }
    if (status == 405) {
      methodNotAllowed(ctx);
      return;
    }
    if (status >= 500) {
      unexpected(e, ctx);
      return;
    }
    String code =
        switch (status) {
          case 400 -> "invalid_request";
          case 404 -> "not_found";
          case 405 -> "method_not_allowed";
          case 413 -> "too_large";
          case 415 -> "unsupported_media_type";
          default -> "invalid_request";
        };
    Responses.error(ctx, status, code, e.getMessage());
  }

  private void unexpected(Exception e, Context ctx) {
    String incident = Incidents.report(LOG, ctx.method() + " " + ctx.path(), e);
    Responses.error(ctx, 500, "internal_error", Incidents.message(incident));
  }

  private void notFound(Context ctx) {
    if (Boolean.TRUE.equals(ctx.attribute(Responses.ERROR_WRITTEN))) {
      return;
    }
    Responses.error(
        ctx,
        404,
        "not_found",
        "no route "
            + ctx.method().name()
            + " "
            + ctx.path()
            + "; the API is described at /v1/openapi.json");
  }

  private void methodNotAllowed(Context ctx) {
    if (Boolean.TRUE.equals(ctx.attribute(Responses.ERROR_WRITTEN))) {
      return;
    }
    Responses.error(
        ctx,
        405,
        "method_not_allowed",
        ctx.method().name()
            + " is not allowed on "
            + ctx.path()
            + "; the API is described at /v1/openapi.json");
  }
}
