package io.toolgate.server.rest;

import io.javalin.http.Context;
import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.format.Format;
import io.toolgate.json.Json;
import io.toolgate.mcp.client.McpFederation;
import io.toolgate.mcp.client.SourceState;
import io.toolgate.sandbox.SandboxStatus;
import io.toolgate.sandbox.Sandboxes;
import io.toolgate.search.SearchCapabilities;
import io.toolgate.server.ServerSettings;
import io.toolgate.server.auth.Caller;
import io.toolgate.server.auth.Scope;
import io.toolgate.server.http.Requests;
import io.toolgate.server.http.Responses;
import io.toolgate.server.metrics.Telemetry;
import io.toolgate.store.StoreStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Operational endpoints: {@code /healthz}, {@code /readyz}, {@code /metrics}, {@code
 * /v1/capabilities}, {@code /v1/sandboxes}, {@code /v1/sources} and {@code /v1/openapi.json}.
 */
public final class OpsApi {
  private final Toolgate gate;
  private final ServerSettings settings;
  private final Telemetry telemetry;
  private final BooleanSupplier ready;
  private final Map<String, Object> features;
  private final byte[] openApi;
  private final Optional<Sandboxes> sandboxes;
  private final Optional<McpFederation> federation;
  private Optional<Supplier<StoreStatus>> storeStatus = Optional.empty();

  /**
   * @param ready whether the catalog is loaded and registrations restored
   * @param features facts for the capabilities document: {@code auth}, {@code mcp}, {@code
   *     registrations}
   * @param sandboxes the sandbox manager, for build status; without it sandboxes are derived from
   *     the tools' declarations
   * @param federation the upstream MCP servers, for their connection states
   */
  public OpsApi(
      Toolgate gate,
      ServerSettings settings,
      Telemetry telemetry,
      BooleanSupplier ready,
      Map<String, Object> features,
      Optional<Sandboxes> sandboxes,
      Optional<McpFederation> federation) {
    this.gate = Objects.requireNonNull(gate, "gate");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.telemetry = Objects.requireNonNull(telemetry, "telemetry");
    this.ready = Objects.requireNonNull(ready, "ready");
    this.features = Map.copyOf(features);
    this.openApi = resource("openapi.json");
    this.sandboxes = Objects.requireNonNull(sandboxes, "sandboxes");
    this.federation = Objects.requireNonNull(federation, "federation");
  }

  /**
   * Makes {@code /readyz} report how current this replica's view of the store is (for replicas
   * sharing one); returns this.
   */
  public OpsApi withStoreStatus(Optional<Supplier<StoreStatus>> status) {
    this.storeStatus = Objects.requireNonNull(status, "status");
    return this;
  }

  /** {@code GET /healthz}: 200 while the process serves requests. */
  public void health(Context ctx) {
    Responses.json(ctx, 200, Json.object().put("status", "ok"));
  }

  /**
   * {@code GET /readyz}: 200 once the catalog is loaded and registrations are restored, else 503;
   * says whether tool vectors are ready (hybrid search) or search is lexical for now.
   */
  public void ready(Context ctx) {
    boolean isReady = ready.getAsBoolean();
    SearchCapabilities caps = gate.capabilities();
    ObjectNode out = Json.object();
    out.put("status", isReady ? "ready" : "starting");
    out.put("tools", gate.registry().size());
    out.put("vectors_ready", caps.vectorsReady());
    out.put("search_mode", WireJson.searchMode(caps));
    storeStatus.ifPresent(s -> out.set("store", storeJson(s.get())));
    Responses.json(ctx, isReady ? 200 : 503, out);
  }

  /**
   * The store part of {@code /readyz}: {@code behind} is how many changes other replicas committed
   * that this one has not applied yet; {@code disconnected_ms} how long it has been unable to hear
   * of them (it serves from memory meanwhile, and catches up when the store is back).
   */
  private static ObjectNode storeJson(StoreStatus s) {
    ObjectNode out = Json.object();
    out.put("kind", s.kind());
    out.put("shared", s.shared());
    out.put("connected", s.connected());
    out.put("applied_seq", s.appliedSeq());
    out.put("head_seq", s.headSeq());
    out.put("behind", s.behind());
    s.disconnectedFor().ifPresent(d -> out.put("disconnected_ms", d.toMillis()));
    return out;
  }

  /** {@code GET /metrics}: Prometheus text format. */
  public void metrics(Context ctx) {
    ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(telemetry.scrape());
  }

  /** {@code GET /v1/capabilities}: what this gateway can do right now. */
  public void capabilities(Context ctx) {
    Caller caller = Requests.caller(ctx);
    SearchCapabilities caps = gate.capabilities();
    ObjectNode out = Json.object();
    out.put("schema_version", ToolDefinition.SCHEMA_VERSION);
    ArrayNode backends = out.putArray("backends");
    caps.backends().forEach(backends::add);
    out.set("search", WireJson.capabilities(caps));
    out.put("tools", gate.registry().definitions().stream().filter(caller::allows).count());
    ArrayNode formats = out.putArray("formats");
    for (Format f : Format.values()) {
      formats.add(f.id());
    }
    features.forEach((k, v) -> out.set(k, Json.tree(v)));
    ObjectNode you = out.putObject("caller");
    you.put("id", caller.id());
    ArrayNode scopes = you.putArray("scopes");
    for (Scope s : Scope.values()) {
      if (caller.has(s)) {
        scopes.add(s.wire());
      }
    }
    ObjectNode limits = out.putObject("limits");
    limits.put("max_body_bytes", settings.limits().maxBodyBytes());
    limits.put("max_argument_bytes", settings.limits().maxArgumentBytes());
    limits.put("max_result_bytes", settings.limits().maxResultBytes());
    limits.put("search_limit_max", io.toolgate.search.SearchRequest.MAX_LIMIT);
    Responses.json(ctx, 200, out);
  }

  /**
   * {@code GET /v1/sandboxes}: each sandbox with its tools, aggregated dependencies (deduplicated,
   * sorted), secrets, checksum and build state ({@code up_to_date}, {@code reasons}). A key sees
   * only the sandboxes of its tools, and only its tools in them.
   */
  public void sandboxes(Context ctx) {
    Caller caller = Requests.caller(ctx);
    java.util.Set<String> visible = new java.util.HashSet<>();
    for (ToolDefinition def : gate.registry().definitions()) {
      if (caller.allows(def)) {
        visible.add(def.name());
      }
    }
    ObjectNode out = Json.object();
    ArrayNode list = out.putArray("sandboxes");
    if (sandboxes.isPresent()) {
      for (SandboxStatus status : sandboxes.get().statuses()) {
        List<String> tools = status.tools().stream().filter(visible::contains).toList();
        if (!caller.tools().isAll() && tools.isEmpty()) {
          continue;
        }
        ObjectNode s = status.toJson();
        s.set("tools", Json.tree(tools));
        list.add(s);
      }
    } else {
      derivedSandboxes(caller, list);
    }
    Responses.json(ctx, 200, out);
  }

  private void derivedSandboxes(Caller caller, ArrayNode list) {
    Map<String, List<ToolDefinition>> bySandbox = new TreeMap<>();
    for (ToolDefinition def : gate.registry().definitions()) {
      if (caller.allows(def)) {
        bySandbox.computeIfAbsent(def.sandbox(), k -> new java.util.ArrayList<>()).add(def);
      }
    }
    bySandbox.forEach(
        (name, tools) -> {
          ObjectNode s = list.addObject();
          s.put("name", name);
          TreeSet<String> deps = new TreeSet<>();
          TreeSet<String> secrets = new TreeSet<>();
          ArrayNode names = s.putArray("tools");
          for (ToolDefinition t : tools) {
            names.add(t.name());
            deps.addAll(t.dependencies());
            secrets.addAll(t.secrets());
          }
          ArrayNode d = s.putArray("dependencies");
          deps.forEach(d::add);
          ArrayNode sec = s.putArray("secrets");
          secrets.forEach(sec::add);
        });
  }

  /**
   * {@code GET /v1/sources}: each source with its number of tools and its state; upstream MCP
   * servers add their status ({@code connecting}, {@code connected}, {@code down}), transport,
   * restarts and last error, and are listed even while none of their tools is in the catalog.
   */
  public void sources(Context ctx) {
    Caller caller = Requests.caller(ctx);
    Map<String, Integer> counts = new TreeMap<>();
    for (ToolDefinition def : gate.registry().definitions()) {
      if (caller.allows(def)) {
        counts.merge(def.source(), 1, Integer::sum);
      }
    }
    Map<String, SourceState> upstream = new TreeMap<>();
    federation.ifPresent(f -> f.states().forEach(st -> upstream.put(st.source(), st)));
    java.util.TreeSet<String> names = new java.util.TreeSet<>(counts.keySet());
    if (caller.tools().isAll()) {
      names.addAll(upstream.keySet());
    }
    ObjectNode out = Json.object();
    ArrayNode list = out.putArray("sources");
    for (String source : names) {
      ObjectNode s = list.addObject();
      s.put("source", source);
      s.put("tools", counts.getOrDefault(source, 0));
      SourceState st = upstream.get(source);
      if (st == null) {
        s.put("state", "loaded");
        continue;
      }
      s.put("state", st.status().wire());
      s.put("server", st.server());
      s.put("transport", st.transport());
      s.put("since", st.since().toString());
      s.put("restarts", st.restarts());
      st.lastError().ifPresent(e -> s.put("last_error", e));
    }
    Responses.json(ctx, 200, out);
  }

  /** {@code GET /v1/openapi.json}: the OpenAPI 3.1 description of this API. */
  public void openApi(Context ctx) {
    Responses.json(ctx, 200, openApi);
  }

  private static byte[] resource(String name) {
    try (InputStream in = OpsApi.class.getResourceAsStream(name)) {
      if (in == null) {
        return "{}".getBytes(StandardCharsets.UTF_8);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
