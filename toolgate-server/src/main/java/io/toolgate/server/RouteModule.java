package io.toolgate.server;

/**
 * A group of extra routes served next to the REST API, such as the chat proxy ({@code POST
 * /v1/chat/completions}).
 *
 * <pre>{@code
 * RouteModule chat = routes -> routes
 *     .post("/v1/chat/completions", Scope.INVOKE, ctx -> proxy.complete(ctx))
 *     .get("/v1/models", Scope.SEARCH, ctx -> proxy.models(ctx));
 * ToolgateServer.builder(gate, settings).routes(chat)…
 * }</pre>
 *
 * <p>Routes added this way get everything the built-in ones get: Host/Origin checks, API-key
 * authentication for the declared scope, rate limits, structured JSON errors, request metrics and
 * access to the caller ({@link ServerRoutes#caller}).
 */
@FunctionalInterface
public interface RouteModule {
  /** Adds this module's routes. Called once, before the server starts. */
  void register(ServerRoutes routes);
}
