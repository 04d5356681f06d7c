package io.toolgate.server;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.security.RouteRole;
import io.toolgate.Toolgate;
import io.toolgate.server.auth.Caller;
import io.toolgate.server.auth.Scope;
import io.toolgate.server.http.JsonBodies;
import io.toolgate.server.http.Requests;
import io.toolgate.server.http.Responses;
import java.util.Objects;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Where a {@link RouteModule} adds its routes, and the helpers its handlers use.
 *
 * <p>Each route declares the {@link Scope} a key needs; {@code null} makes it public. Handlers are
 * Javalin handlers running on virtual threads; they may block. Throw {@link ApiException} for a
 * refused request.
 */
public final class ServerRoutes {
  /** The route role carrying the scope a route needs; public routes carry {@link #PUBLIC}. */
  record Needs(Scope scope) implements RouteRole {}

  static final RouteRole PUBLIC = new RouteRole() {};

  private final RoutesConfig routes;
  private final Toolgate gate;
  private final ServerSettings settings;

  ServerRoutes(RoutesConfig routes, Toolgate gate, ServerSettings settings) {
    this.routes = routes;
    this.gate = gate;
    this.settings = settings;
  }

  /** The gateway. */
  public Toolgate toolgate() {
    return gate;
  }

  /** The server's settings (limits included). */
  public ServerSettings settings() {
    return settings;
  }

  public ServerRoutes get(String path, Scope scope, Handler handler) {
    routes.get(path, handler, role(scope));
    return this;
  }

  public ServerRoutes post(String path, Scope scope, Handler handler) {
    routes.post(path, handler, role(scope));
    return this;
  }

  public ServerRoutes put(String path, Scope scope, Handler handler) {
    routes.put(path, handler, role(scope));
    return this;
  }

  public ServerRoutes delete(String path, Scope scope, Handler handler) {
    routes.delete(path, handler, role(scope));
    return this;
  }

  private static RouteRole role(Scope scope) {
    return scope == null ? PUBLIC : new Needs(scope);
  }

  /** Who made the request (a key, or the anonymous caller of an open server). */
  public static Caller caller(Context ctx) {
    return Requests.caller(ctx);
  }

  /**
   * The request body as a JSON object, after the content-type and size checks.
   *
   * @throws ApiException 415, 413 or 400
   */
  public ObjectNode jsonObject(Context ctx, String what) {
    Objects.requireNonNull(what, "what");
    return JsonBodies.object(ctx, settings.limits().maxBodyBytes(), what);
  }

  /** Sends {@code body} as JSON. */
  public static void json(Context ctx, int status, JsonNode body) {
    Responses.json(ctx, status, body);
  }
}
