package io.toolgate.server.chat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.exposure.ExposedTools;
import io.toolgate.format.Format;
import io.toolgate.format.ProviderNames;
import io.toolgate.json.Json;
import io.toolgate.server.chat.RegistryCalls.Call;
import io.toolgate.server.chat.RegistryCalls.Outcome;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One chat request on its way through the proxy: the conversation so far, the tools the model is
 * shown, and what happened (rounds, tool calls, tokens). Built by {@link ChatProxy}; used by one
 * thread, except that tool outcomes of one round are recorded after their parallel run.
 */
final class Turn {
  final ModelRoute route;
  final String clientModel;
  final ChatContext context;
  final ExposedTools exposed;
  final ProviderNames names;
  final String session;
  private final ObjectNode request;
  private final List<ObjectNode> messages;
  private final List<ObjectNode> clientTools;
  private final Set<String> clientNames;
  private final ArrayNode shownTools;
  private final ToolRegistry registry;
  private final Predicate<ToolDefinition> allow;
  private final ToolTokens tokens;
  private final int allToolsTokens;
  private final List<String> warnings = new ArrayList<>();

  private int rounds;
  private int upstreamCalls;
  private long tokensSent;
  private long tokensAll;
  private List<String> lastOffered = List.of();
  private final ArrayNode callLog = Json.array();
  private final ArrayNode unexecuted = Json.array();
  private ObjectNode usage;

  Turn(
      ModelRoute route,
      String clientModel,
      ChatContext context,
      ObjectNode request,
      List<ObjectNode> messages,
      List<ObjectNode> clientTools,
      ExposedTools exposed,
      ProviderNames names,
      String session,
      ToolRegistry registry,
      List<ToolDefinition> visibleCatalog,
      ToolTokens tokens) {
    this.route = route;
    this.clientModel = clientModel;
    this.context = context;
    this.request = request;
    this.messages = new ArrayList<>(messages);
    this.clientTools = List.copyOf(clientTools);
    this.clientNames = new HashSet<>();
    for (ObjectNode tool : clientTools) {
      JsonNode name = tool.path("function").path("name");
      if (name.isString()) {
        clientNames.add(name.asString());
      }
    }
    this.exposed = exposed;
    this.names = names;
    this.session = session;
    this.registry = registry;
    this.allow = context.options().allow();
    this.tokens = tokens;
    this.warnings.addAll(exposed.warnings());
    List<ToolDefinition> shown = new ArrayList<>();
    for (ToolDefinition tool : exposed.tools()) {
      if (clientNames.contains(names.providerName(tool.name()))) {
        warnings.add(
            "the request defines a tool named '"
                + names.providerName(tool.name())
                + "'; it replaces the registry's tool of that name");
      } else {
        shown.add(tool);
      }
    }
    this.shownTools = Format.OPENAI.render(shown, names).json().orElseThrow();
    ArrayNode client = Json.array();
    clientTools.forEach(client::add);
    this.allToolsTokens =
        tokens.catalog(visibleCatalog, names, registry.version()) + tokens.count(client);
  }

  /** Whether the model's call goes back to the client (a tool from the request's own list). */
  boolean isClientCall(Call call) {
    return clientNames.contains(call.name());
  }

  int recursionLimit() {
    return route.config.toolRecursionLimit();
  }

  /** The request to send upstream for round {@code round} (0 for the first call). */
  ObjectNode upstreamBody(boolean stream, int round) {
    ObjectNode body = request.deepCopy();
    body.remove("session");
    body.put("model", route.config.upstreamModel());
    ArrayNode array = body.putArray("messages");
    messages.forEach(array::add);
    ArrayNode tools = toolsArray();
    if (tools.isEmpty()) {
      body.remove(List.of("tools", "tool_choice", "parallel_tool_calls"));
    } else {
      body.set("tools", tools);
      toolChoice(body, round);
    }
    if (stream) {
      body.put("stream", true);
    } else {
      body.remove(List.of("stream", "stream_options"));
    }
    upstreamCalls++;
    tokensSent += tokens.count(tools);
    tokensAll += allToolsTokens;
    List<String> offered = new ArrayList<>();
    tools.forEach(
        t -> offered.add(t.path("function").path("name").asString(t.path("name").asString(""))));
    lastOffered = offered;
    return body;
  }

  /** Shown tools, then the client's, then the session's retrieved tools: a stable prefix. */
  private ArrayNode toolsArray() {
    ArrayNode tools = shownTools.deepCopy();
    clientTools.forEach(tools::add);
    List<ToolDefinition> retrieved = new ArrayList<>();
    if (route.config.sessionCache().enabled()) {
      for (String name : route.sessions.tools(session)) {
        Optional<ToolDefinition> tool = registry.get(name).map(t -> t.definition());
        // a tool registered after this turn's name table was built waits for the next turn
        if (tool.isPresent()
            && names.table().containsKey(name)
            && allow.test(tool.get())
            && !exposed.shows(name)
            && !clientNames.contains(names.providerName(name))) {
          retrieved.add(tool.get());
        }
      }
    }
    if (!retrieved.isEmpty()) {
      Format.OPENAI.render(retrieved, names).json().orElseThrow().forEach(tools::add);
    }
    return tools;
  }

  private String providerName(String tool) {
    return names.table().containsKey(tool) ? names.providerName(tool) : tool;
  }

  /**
   * {@code required} or a named function would force a tool call in every round; after the first
   * the model chooses. A named registry tool is sent under its provider name.
   */
  private void toolChoice(ObjectNode body, int round) {
    JsonNode choice = body.get("tool_choice");
    if (choice == null || choice.isNull()) {
      return;
    }
    boolean forcing = choice.isObject() || "required".equals(choice.asString(""));
    if (round > 0 && forcing) {
      body.put("tool_choice", "auto");
      return;
    }
    JsonNode name = choice.path("function").path("name");
    if (choice.isObject() && name.isString() && !clientNames.contains(name.asString())) {
      String tool = name.asString();
      if (registry.contains(tool) || exposed.shows(tool)) {
        ((ObjectNode) body.get("tool_choice").get("function")).put("name", providerName(tool));
      }
    }
  }

  /** The tool calls of an assistant message. */
  static List<Call> calls(ObjectNode message) {
    List<Call> out = new ArrayList<>();
    int i = 0;
    for (JsonNode call : message.path("tool_calls")) {
      JsonNode function = call.path("function");
      JsonNode arguments = function.path("arguments");
      String text = arguments.isString() ? arguments.asString() : Json.write(arguments);
      String id = call.path("id").asString("");
      out.add(
          new Call(
              id.isEmpty() ? "call_toolgate_" + i : id, function.path("name").asString(""), text));
      i++;
    }
    return out;
  }

  /** A copy of {@code message} whose {@code tool_calls} hold only {@code keep} (none: removed). */
  static ObjectNode withCalls(ObjectNode message, List<Call> keep) {
    ObjectNode out = message.deepCopy();
    out.remove("tool_calls");
    if (!keep.isEmpty()) {
      Set<String> ids = new HashSet<>(keep.stream().map(Call::id).toList());
      ArrayNode kept = out.putArray("tool_calls");
      List<Call> all = calls(message);
      for (int i = 0; i < all.size(); i++) {
        if (ids.contains(all.get(i).id())) {
          ObjectNode original = (ObjectNode) message.get("tool_calls").get(i).deepCopy();
          original.put("id", all.get(i).id());
          kept.add(original);
        }
      }
    }
    if (!out.has("content")) {
      out.putNull("content");
    }
    return out;
  }

  /** Adds the model's message and one {@code role: tool} result per outcome to the history. */
  void appendRound(ObjectNode assistant, List<Outcome> outcomes) {
    List<Call> calls = outcomes.stream().map(Outcome::call).toList();
    messages.add(historyMessage(withCalls(assistant, calls)));
    outcomes.forEach(o -> messages.add(toolMessage(o)));
  }

  /** Only what every OpenAI-compatible server accepts back: role, content, tool calls. */
  static ObjectNode historyMessage(ObjectNode assistant) {
    ObjectNode out = Json.object();
    out.put("role", "assistant");
    JsonNode content = assistant.get("content");
    if (content == null || content.isNull()) {
      out.putNull("content");
    } else {
      out.set("content", content);
    }
    if (assistant.has("tool_calls")) {
      out.set("tool_calls", assistant.get("tool_calls"));
    }
    return out;
  }

  static ObjectNode toolMessage(Outcome outcome) {
    ObjectNode out = Json.object();
    out.put("role", "tool");
    out.put("tool_call_id", outcome.call().id());
    out.put("content", outcome.content());
    return out;
  }

  /** Records a round's outcomes: the log, and the tools retrieved for the session cache. */
  void recorded(int round, List<Outcome> outcomes) {
    rounds = Math.max(rounds, round);
    LinkedHashSet<String> retrieved = new LinkedHashSet<>();
    for (Outcome o : outcomes) {
      ObjectNode entry = callLog.addObject();
      entry.put("round", round);
      entry.put("id", o.call().id());
      entry.put("name", o.call().name());
      entry.put("tool", o.tool());
      entry.put("kind", o.kind().wire());
      o.invoked().filter(t -> !t.equals(o.tool())).ifPresent(t -> entry.put("invoked", t));
      entry.put("ok", o.ok());
      o.errorCode().ifPresent(c -> entry.put("error", c));
      if (o.kind() == RegistryCalls.Kind.SEARCH) {
        ArrayNode found = entry.putArray("found");
        o.retrieved().forEach(found::add);
      }
      entry.put("latency_ms", Math.round(o.latencyMs() * 1000) / 1000.0);
      retrieved.addAll(o.retrieved());
    }
    if (route.config.sessionCache().enabled() && !retrieved.isEmpty()) {
      route.sessions.add(session, retrieved);
    }
  }

  /** Notes registry calls the limit kept from running. */
  void notRun(List<Call> calls) {
    for (Call call : calls) {
      unexecuted.addObject().put("id", call.id()).put("name", call.name());
    }
  }

  /** Adds one upstream response's usage to the running sum. */
  void usage(Optional<JsonNode> reported) {
    reported
        .filter(JsonNode::isObject)
        .ifPresent(u -> usage = sum(usage == null ? Json.object() : usage, u));
  }

  Optional<ObjectNode> usage() {
    return Optional.ofNullable(usage);
  }

  private static ObjectNode sum(ObjectNode into, JsonNode add) {
    for (Map.Entry<String, JsonNode> e : add.properties()) {
      JsonNode current = into.get(e.getKey());
      if (e.getValue().isIntegralNumber()) {
        into.put(e.getKey(), (current == null ? 0 : current.asLong()) + e.getValue().asLong());
      } else if (e.getValue().isObject()) {
        into.set(
            e.getKey(), sum(current instanceof ObjectNode o ? o : Json.object(), e.getValue()));
      } else if (current == null) {
        into.set(e.getKey(), e.getValue());
      }
    }
    return into;
  }

  /** The request's history so far (for deferred mixed-turn calls). */
  List<ObjectNode> messages() {
    return List.copyOf(messages);
  }

  /** The {@code toolgate} object of the response. */
  ObjectNode report() {
    ObjectNode out = Json.object();
    out.put("mode", exposed.effective().wire());
    if (!exposed.requested().equals(exposed.effective())) {
      out.put("requested_mode", exposed.requested().wire());
    }
    out.put("session", session);
    out.put("rounds", rounds);
    out.put("upstream_calls", upstreamCalls);
    out.put("tool_tokens_sent", tokensSent);
    out.put("tool_tokens_all", tokensAll);
    out.put("token_encoding", tokens.encoding().id());
    ArrayNode offered = out.putArray("tools_offered");
    lastOffered.forEach(offered::add);
    out.set("tool_calls", callLog);
    if (!unexecuted.isEmpty()) {
      out.set("not_run", unexecuted);
    }
    if (!warnings.isEmpty()) {
      ArrayNode w = out.putArray("warnings");
      warnings.forEach(w::add);
    }
    return out;
  }

  /** Response headers with the same figures. */
  Map<String, String> headers() {
    return Map.of(
        "X-Toolgate-Tool-Tokens-Sent", String.valueOf(tokensSent),
        "X-Toolgate-Tool-Tokens-All", String.valueOf(tokensAll),
        "X-Toolgate-Rounds", String.valueOf(rounds),
        "X-Toolgate-Session", session);
  }
}
