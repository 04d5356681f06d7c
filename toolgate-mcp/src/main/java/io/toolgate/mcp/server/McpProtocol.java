package io.toolgate.mcp.server;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpAsyncServerExchange;
import io.modelcontextprotocol.server.McpNotificationHandler;
import io.modelcontextprotocol.server.McpRequestHandler;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.toolgate.Incidents;
import io.toolgate.Toolgate;
import io.toolgate.exposure.ExposedTools;
import io.toolgate.exposure.Exposure;
import io.toolgate.exposure.MetaTools;
import io.toolgate.exposure.Profile;
import io.toolgate.invoke.CallOptions;
import io.toolgate.json.Json;
import io.toolgate.search.SearchJson;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The MCP methods Toolgate answers, as handlers the SDK's sessions dispatch to: {@code initialize},
 * {@code ping}, {@code tools/list}, {@code tools/call}, {@code resources/list}, {@code
 * resources/read}, {@code resources/templates/list}.
 *
 * <p>Toolgate does not use the SDK's own server, whose tool list is a fixed set of handlers: here
 * {@code tools/list} pages over a catalog that changes, and {@code tools/call} reaches tools that
 * are not listed. Blocking work (search, calls) runs on virtual threads.
 */
final class McpProtocol {
  static final String CAPABILITIES_URI = "toolgate://capabilities";

  /** The key of the caller's {@link CallOptions} in an exchange's transport context. */
  static final String CALL_OPTIONS = "toolgate.callOptions";

  private static final Logger LOG = LoggerFactory.getLogger(McpProtocol.class);

  private final Toolgate gate;
  private final McpJsonMapper mapper;
  private final ToolsListing listing;
  private final ToolCalls calls;
  private final Exposure exposure;
  private final McpSchema.Implementation serverInfo;
  private final String instructions;
  private final Scheduler blocking;

  McpProtocol(
      Toolgate gate,
      McpJsonMapper mapper,
      ToolsListing listing,
      Exposure exposure,
      McpSchema.Implementation serverInfo,
      Scheduler blocking) {
    this.gate = gate;
    this.mapper = mapper;
    this.listing = listing;
    this.calls = new ToolCalls(gate, listing, exposure.profile());
    this.exposure = exposure;
    this.serverInfo = serverInfo;
    this.blocking = blocking;
    Profile profile = exposure.profile();
    this.instructions =
        "Toolgate holds a searchable catalog of tools. If the tool you need is not listed, call "
            + profile.searchTool()
            + " with a plain description of the task to get matching tools and their schemas,"
            + " then call a tool directly by its name (or through "
            + profile.invokeTool()
            + ").";
  }

  McpSchema.ServerCapabilities capabilities() {
    return McpSchema.ServerCapabilities.builder().tools(true).resources(false, false).build();
  }

  /** Answers {@code initialize}: the client's revision when supported, else our newest. */
  Mono<McpSchema.InitializeResult> initialize(
      McpSchema.InitializeRequest request, List<String> supported) {
    String version = supported.get(supported.size() - 1);
    if (supported.contains(request.protocolVersion())) {
      version = request.protocolVersion();
    } else {
      LOG.info(
          "client {} asked for protocol {}; offering {}",
          request.clientInfo() == null ? "?" : request.clientInfo().name(),
          request.protocolVersion(),
          version);
    }
    return Mono.just(
        McpSchema.InitializeResult.builder(version, capabilities(), serverInfo)
            .instructions(instructions)
            .build());
  }

  /** The check of inbound messages for the methods these handlers answer. */
  InboundMessages inboundMessages(McpJsonMapper jsonMapper) {
    Set<String> requests = new HashSet<>(requestHandlers().keySet());
    requests.add(McpSchema.METHOD_INITIALIZE);
    return new InboundMessages(
        requests, notificationHandlers().keySet(), new McpParams(jsonMapper));
  }

  /**
   * The request handlers, each guarded: a failure that is not already an MCP error (a bug) becomes
   * -32603 with an incident id, so exception text never reaches the client.
   */
  Map<String, McpRequestHandler<?>> requestHandlers() {
    Map<String, McpRequestHandler<?>> handlers = handlers();
    handlers.replaceAll(McpProtocol::guarded);
    return handlers;
  }

  private static <T> McpRequestHandler<T> guarded(String method, McpRequestHandler<T> handler) {
    return (exchange, params) ->
        Mono.defer(() -> handler.handle(exchange, params))
            .onErrorMap(
                e -> !(e instanceof McpError),
                e ->
                    McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR)
                        .message(Incidents.message(Incidents.report(LOG, "MCP " + method, e)))
                        .build());
  }

  private Map<String, McpRequestHandler<?>> handlers() {
    Map<String, McpRequestHandler<?>> handlers = new HashMap<>();
    handlers.put(McpSchema.METHOD_PING, (exchange, params) -> Mono.just(Map.of()));
    handlers.put(
        McpSchema.METHOD_TOOLS_LIST,
        (exchange, params) -> {
          McpSchema.PaginatedRequest request =
              params == null
                  ? new McpSchema.PaginatedRequest()
                  : mapper.convertValue(params, McpSchema.PaginatedRequest.class);
          CallOptions options = callOptions(exchange);
          return run(() -> listing.page(request.cursor(), options.allow()));
        });
    handlers.put(
        McpSchema.METHOD_TOOLS_CALL,
        (exchange, params) -> {
          McpSchema.CallToolRequest request =
              mapper.convertValue(params, McpSchema.CallToolRequest.class);
          CallOptions options = callOptions(exchange);
          return run(
              () -> calls.call(request.name(), McpWire.arguments(request.arguments()), options));
        });
    handlers.put(
        McpSchema.METHOD_RESOURCES_LIST,
        (exchange, params) ->
            Mono.just(
                McpSchema.ListResourcesResult.builder(List.of(capabilitiesResource())).build()));
    handlers.put(
        McpSchema.METHOD_RESOURCES_TEMPLATES_LIST,
        (exchange, params) ->
            Mono.just(McpSchema.ListResourceTemplatesResult.builder(List.of()).build()));
    handlers.put(
        McpSchema.METHOD_RESOURCES_READ,
        (exchange, params) -> {
          McpSchema.ReadResourceRequest request =
              mapper.convertValue(params, McpSchema.ReadResourceRequest.class);
          if (!CAPABILITIES_URI.equals(request.uri())) {
            return Mono.error(
                McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
                    .message(
                        "no resource '" + request.uri() + "'; this server has " + CAPABILITIES_URI)
                    .data(Map.of("uri", String.valueOf(request.uri())))
                    .build());
          }
          CallOptions options = callOptions(exchange);
          return run(
              () ->
                  McpSchema.ReadResourceResult.builder(
                          List.of(
                              McpSchema.TextResourceContents.builder(
                                      CAPABILITIES_URI, Json.write(capabilitiesDocument(options)))
                                  .mimeType("application/json")
                                  .build()))
                      .build());
        });
    return handlers;
  }

  Map<String, McpNotificationHandler> notificationHandlers() {
    Map<String, McpNotificationHandler> handlers = new HashMap<>();
    McpNotificationHandler ignore = (exchange, params) -> Mono.empty();
    handlers.put(McpSchema.METHOD_NOTIFICATION_INITIALIZED, ignore);
    handlers.put(McpSchema.METHOD_NOTIFICATION_ROOTS_LIST_CHANGED, ignore);
    handlers.put("notifications/cancelled", ignore);
    return handlers;
  }

  private McpSchema.Resource capabilitiesResource() {
    return McpSchema.Resource.builder(CAPABILITIES_URI, "capabilities")
        .title("Toolgate capabilities")
        .description(
            "Which search backends are active (keyword always, vector when an embedder is"
                + " loaded), how many tools the catalog holds and how they are exposed.")
        .mimeType("application/json")
        .build();
  }

  /**
   * The capabilities document: search backends, catalog size, mode and meta-tools; the counts are
   * of the tools the caller may see.
   */
  ObjectNode capabilitiesDocument(CallOptions options) {
    ObjectNode doc = Json.object();
    doc.set("search", SearchJson.capabilitiesJson(gate.capabilities()));
    doc.put("tools", gate.registry().definitions().stream().filter(options.allow()).count());
    ExposedTools exposed = listing.exposed();
    doc.put("mode", exposure.mode().wire());
    doc.put("effective_mode", exposed.effective().wire());
    doc.put("listed_tools", listing.listed(options.allow()).size());
    doc.put("profile", exposure.profile().id());
    ArrayNode meta = doc.putArray("meta_tools");
    exposure.profile().toolNames().forEach(meta::add);
    ArrayNode formats = doc.putArray("find_tools_formats");
    MetaTools.FIND_TOOLS_FORMATS.forEach(formats::add);
    return doc;
  }

  /**
   * Who is calling: the {@link CallOptions} the transport put in the request's context (the HTTP
   * servlet takes them from the request attribute {@value
   * ToolgateMcpServer#CALL_OPTIONS_ATTRIBUTE}), else anyone, any tool (stdio, or HTTP with nothing
   * in front).
   */
  static CallOptions callOptions(McpAsyncServerExchange exchange) {
    McpTransportContext context = exchange == null ? null : exchange.transportContext();
    CallOptions caller =
        context != null && context.get(CALL_OPTIONS) instanceof CallOptions options
            ? options
            : CallOptions.DEFAULT;
    // MCP clients are model hosts: tools hidden from models are neither listed nor callable.
    return caller.forModels();
  }

  /**
   * Runs blocking work on a virtual thread; an IllegalArgumentException is an invalid-params error.
   */
  private <T> Mono<T> run(Callable<T> work) {
    return Mono.fromCallable(work)
        .subscribeOn(blocking)
        .onErrorMap(
            IllegalArgumentException.class,
            e ->
                McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                    .message(e.getMessage())
                    .build());
  }
}
