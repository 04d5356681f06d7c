package io.toolgate.server.rest;

import io.javalin.http.Context;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolDefinitionCodec;
import io.toolgate.json.Json;
import io.toolgate.server.ApiException;
import io.toolgate.server.ServerSettings;
import io.toolgate.server.admin.RuntimeTools;
import io.toolgate.server.auth.Caller;
import io.toolgate.server.http.JsonBodies;
import io.toolgate.server.http.Requests;
import io.toolgate.server.http.Responses;
import io.toolgate.server.metrics.AuditLog;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Run-time registration (scope {@code admin}): {@code POST /v1/tools} creates (201, 409 when the
 * name is taken), {@code PUT /v1/tools/{name}} creates or replaces (201 or 200), {@code DELETE
 * /v1/tools/{name}} removes (204). The body is a tool definition in the catalog-file JSON shape
 * with {@code http} or {@code command}. A success means the change is on disk. A key with a tool
 * filter works only inside it: a tool outside is refused (403) when registered or replaced, and is
 * unknown (404) when deleted, as if it did not exist.
 */
public final class AdminApi {
  private final RuntimeTools tools;
  private final ServerSettings settings;
  private final Optional<AuditLog> audit;

  public AdminApi(RuntimeTools tools, ServerSettings settings, Optional<AuditLog> audit) {
    this.tools = Objects.requireNonNull(tools, "tools");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.audit = Objects.requireNonNull(audit, "audit");
  }

  /** {@code POST /v1/tools}. */
  public void create(Context ctx) {
    ObjectNode body = definition(ctx);
    String who = Requests.caller(ctx).id();
    ToolDefinition def = tools.create(body, principal(ctx));
    audit.ifPresent(a -> a.change("register", who, def.name()));
    ctx.header("Location", "/v1/tools/" + def.name());
    Responses.json(ctx, 201, ToolDefinitionCodec.toJson(def));
  }

  /** {@code PUT /v1/tools/{name}}. */
  public void replace(Context ctx) {
    String name = ctx.pathParam("name");
    ObjectNode body = definition(ctx);
    String who = Requests.caller(ctx).id();
    boolean replaced = tools.replace(name, body, principal(ctx));
    audit.ifPresent(a -> a.change(replaced ? "replace" : "register", who, name));
    Responses.json(
        ctx, replaced ? 200 : 201, Json.object().put("name", name).put("replaced", replaced));
  }

  /** {@code DELETE /v1/tools/{name}}. */
  public void delete(Context ctx) {
    String name = ctx.pathParam("name");
    tools.delete(name, principal(ctx));
    audit.ifPresent(a -> a.change("delete", Requests.caller(ctx).id(), name));
    ctx.status(204);
  }

  /** The caller, limited to the tools its key's filter lets it see. */
  private static RuntimeTools.Principal principal(Context ctx) {
    Caller caller = Requests.caller(ctx);
    return new RuntimeTools.Principal(caller.id(), caller::allows);
  }

  private ObjectNode definition(Context ctx) {
    JsonNode body = JsonBodies.parse(ctx, settings.limits().maxBodyBytes(), "the tool definition");
    if (!(body instanceof ObjectNode object)) {
      throw ApiException.badRequest(
          "the tool definition must be a JSON object with name, description, parameters and"
              + " http or command");
    }
    return object;
  }
}
