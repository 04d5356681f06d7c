package io.toolgate.server;

import io.toolgate.server.auth.Scope;
import io.toolgate.server.console.ConsoleAssets;
import io.toolgate.server.rest.AdminApi;
import io.toolgate.server.rest.OpsApi;
import io.toolgate.server.rest.ToolsApi;
import java.util.List;

/**
 * Which handler answers which path of the server, and the {@link Scope} a key needs for it ({@code
 * null}: public): operations, the REST API under {@code /v1}, the console, then the extra {@link
 * RouteModule}s. {@code /mcp} is a servlet beside these ({@link JavalinSetup}). Stateless.
 */
final class RouteTable {
  private RouteTable() {}

  /** Adds every built-in route to {@code r}, the console's when {@code console}, then modules'. */
  static void install(
      ServerRoutes r,
      ToolsApi tools,
      AdminApi admin,
      OpsApi ops,
      boolean console,
      List<RouteModule> modules) {
    r.get("/healthz", null, ops::health);
    r.get("/readyz", null, ops::ready);
    r.get("/metrics", Scope.ADMIN, ops::metrics);
    r.get("/v1/openapi.json", null, ops::openApi);
    r.get("/v1/capabilities", Scope.SEARCH, ops::capabilities);
    r.get("/v1/sandboxes", Scope.SEARCH, ops::sandboxes);
    r.get("/v1/sources", Scope.SEARCH, ops::sources);
    r.get("/v1/tools", Scope.SEARCH, tools::list);
    r.get("/v1/tools/{name}", Scope.SEARCH, tools::get);
    r.get("/v1/tools/{name}/render", Scope.SEARCH, tools::render);
    r.post("/v1/tools:search", Scope.SEARCH, tools::search);
    r.post("/v1/tool_invoke", Scope.INVOKE, tools::toolInvoke);
    r.post("/v1/tools/{call}", Scope.INVOKE, ctx -> RequestPipeline.invokeByPath(ctx, tools));
    r.post("/v1/tools", Scope.ADMIN, admin::create);
    r.put("/v1/tools/{name}", Scope.ADMIN, admin::replace);
    r.delete("/v1/tools/{name}", Scope.ADMIN, admin::delete);
    if (console) {
      ConsoleAssets assets = new ConsoleAssets();
      r.get("/", null, assets::index);
      r.get("/console/{file}", null, assets::file);
    }
    for (RouteModule module : modules) {
      module.register(r);
    }
  }
}
