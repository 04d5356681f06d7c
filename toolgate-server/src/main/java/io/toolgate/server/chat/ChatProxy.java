package io.toolgate.server.chat;

import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolNames;
import io.toolgate.exposure.ExposedTools;
import io.toolgate.exposure.ExposureException;
import io.toolgate.format.NameRule;
import io.toolgate.format.ProviderNames;
import io.toolgate.json.Json;
import io.toolgate.schema.ArgumentValidator;
import io.toolgate.search.SearchSettings;
import io.toolgate.server.chat.RegistryCalls.Call;
import io.toolgate.server.chat.RegistryCalls.Outcome;
import io.toolgate.tokens.TokenEncoding;
import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OpenAI-compatible chat proxy: gives any model the registry by changing one base URL.
 *
 * <pre>{@code
 * ChatProxy proxy = ChatProxy.builder(gate)
 *     .models(ModelConfig.parseAll(config.raw().get("models"), embeddingNames))
 *     .build();                                   // fails on a reserved-name clash, a missing key…
 * ChatReply reply = proxy.complete(requestJson, ChatContext.DEFAULT);   // stream: false
 * proxy.stream(requestJson, ChatContext.DEFAULT, sseSink);              // stream: true
 * }</pre>
 *
 * <p>For each request the proxy looks up the model by name, shows it the tools of its mode ({@code
 * tools: auto | all | search_registry | names}, pinned tools, then the client's own tools, then
 * tools this conversation has retrieved), renders them for OpenAI with names it accepts, and calls
 * the upstream. When the model calls registry tools, the proxy runs them (search for {@code
 * tool_search}/{@code find_tools}, a call for {@code tool_invoke}/{@code use_tool}, any other name
 * as that tool), appends the assistant message and {@code role: tool} results, and calls again,
 * until the model answers or {@code tool_recursion_limit} rounds have run. Then:
 *
 * <ul>
 *   <li>an answer is returned as the upstream gave it ({@code finish_reason} {@code stop}, …);
 *   <li>past the limit, the model's last message is returned without its unrun tool calls and with
 *       {@code finish_reason: "tool_recursion_limit"} ({@code toolgate.not_run} lists the calls);
 *   <li>calls of tools the client sent in {@code tools} are never run: the message goes back with
 *       {@code finish_reason: "tool_calls"}. In a mixed message (client and registry calls) the
 *       registry calls run now, the client gets only its own calls, and the registry calls with
 *       their results are put back into the history when the client continues the conversation.
 * </ul>
 *
 * <p>Every response carries a {@code toolgate} object: effective mode, session, rounds, upstream
 * calls, {@code tool_tokens_sent} (tool-definition tokens sent upstream, summed over the calls),
 * {@code tool_tokens_all} (what the whole visible catalog would have cost over the same calls),
 * each tool call run and any warnings; non-streaming responses also carry them as {@code
 * X-Toolgate-*} headers. {@code usage} is summed over the upstream calls.
 *
 * <p>Sessions: the conversation is named by the {@value ChatContext#SESSION_HEADER} header, else a
 * {@code session} field in the body (removed before forwarding), else the OpenAI {@code user}
 * field, else a hash of the model and the conversation's first system and user messages.
 *
 * <p>Thread-safe; requests run concurrently, each on its caller's thread (tool calls of one round
 * run in parallel on virtual threads).
 */
public final class ChatProxy {
  private static final Logger LOG = LoggerFactory.getLogger(ChatProxy.class);

  private final Toolgate gate;
  private final Map<String, ModelRoute> routes;
  private final RegistryCalls calls;
  private final ToolTokens tokens;
  private final DeferredCalls deferred;
  private final long created = Instant.now().getEpochSecond();
  private volatile NameTable nameTable;

  private record NameTable(long version, ProviderNames names) {}

  private ChatProxy(Builder b) {
    this.gate = b.gate;
    this.tokens = new ToolTokens(b.encoding);
    this.calls = new RegistryCalls(gate, new ArgumentValidator());
    Map<String, ModelRoute> byName = new LinkedHashMap<>();
    int deferredEntries = 1000;
    java.time.Duration deferredTtl = SessionCacheConfig.DEFAULTS.ttl();
    for (ModelConfig model : b.models) {
      if (byName.containsKey(model.name())) {
        throw new ModelConfigException("models: model '" + model.name() + "' is configured twice");
      }
      Optional<String> key = apiKey(model, b.env);
      HttpClient client = b.httpClient != null ? b.httpClient : httpClient(model);
      byName.put(model.name(), new ModelRoute(model, new Upstream(model, key, client), b.nanoTime));
      deferredEntries = Math.max(deferredEntries, model.sessionCache().maxSessions());
      if (model.sessionCache().ttl().compareTo(deferredTtl) > 0) {
        deferredTtl = model.sessionCache().ttl();
      }
    }
    this.routes = java.util.Collections.unmodifiableMap(byName);
    this.deferred = new DeferredCalls(deferredEntries, deferredTtl, b.nanoTime);
    for (ModelRoute route : routes.values()) {
      check(route);
    }
  }

  /** Starts a proxy over {@code gate}'s registry, search and invoker. */
  public static Builder builder(Toolgate gate) {
    return new Builder(gate);
  }

  /** The models served, in config order. */
  public List<ModelConfig> models() {
    return routes.values().stream().map(r -> r.config).toList();
  }

  /** {@code GET /v1/models}: {@code {"object": "list", "data": [{"id", "object": "model", …}]}}. */
  public ObjectNode listModels() {
    ObjectNode out = Json.object();
    out.put("object", "list");
    ArrayNode data = out.putArray("data");
    for (ModelRoute route : routes.values()) {
      ObjectNode m = data.addObject();
      m.put("id", route.config.name());
      m.put("object", "model");
      m.put("created", created);
      m.put("owned_by", "toolgate");
      ObjectNode tg = m.putObject("toolgate");
      tg.put("tools", route.config.tools().wire());
      tg.put("meta_tools", route.config.metaTools().id());
      tg.put("tool_recursion_limit", route.config.toolRecursionLimit());
      tg.put("session_cache", route.config.sessionCache().enabled());
    }
    return out;
  }

  /** Whether the request asks for a stream ({@code "stream": true}). */
  public static boolean isStream(JsonNode request) {
    return request != null && request.path("stream").asBoolean(false);
  }

  /**
   * Runs a non-streaming chat completion.
   *
   * @return the completion with its {@code toolgate} report, or an OpenAI-style error
   */
  public ChatReply complete(JsonNode request, ChatContext context) {
    try {
      Turn turn = prepare(request, context);
      Ending end = loop(turn, false, body -> Reply.of(turn.route.upstream.complete(body)), o -> {});
      ObjectNode body = end.reply.raw().orElseThrow().deepCopy();
      body.put("model", turn.clientModel);
      ArrayNode choices = body.putArray("choices");
      ObjectNode choice = choices.addObject();
      choice.put("index", 0);
      choice.set("message", end.message);
      JsonNode logprobs = end.reply.raw().get().path("choices").path(0).get("logprobs");
      if (logprobs != null) {
        choice.set("logprobs", logprobs);
      }
      choice.put("finish_reason", end.finishReason);
      turn.usage().ifPresent(u -> body.set("usage", u));
      body.set("toolgate", turn.report());
      return new ChatReply(200, body, turn.headers());
    } catch (ChatFailure e) {
      return e.reply();
    }
  }

  /**
   * Runs a streaming chat completion into {@code sink}: the final answer's chunks as the upstream
   * sends them, tool rounds run in between and reported as SSE comments ({@code : toolgate …}), the
   * last chunk carrying {@code finish_reason} and the {@code toolgate} report, then {@code data:
   * [DONE]}. A failure before the first frame goes to {@link SseSink#fail}; a later one is an
   * {@code error} frame. Returns when the stream is complete or the client has gone.
   *
   * @throws IOException when {@link SseSink#fail} cannot write
   */
  public void stream(JsonNode request, ChatContext context, SseSink sink) throws IOException {
    Turn turn;
    try {
      turn = prepare(request, context);
    } catch (ChatFailure e) {
      sink.fail(e.reply());
      return;
    }
    StreamRelay relay = new StreamRelay(turn, sink, includeUsage(request));
    try {
      Ending end =
          loop(
              turn,
              true,
              body -> {
                relay.beginRound();
                MessageAccumulator acc = new MessageAccumulator();
                turn.route.upstream.stream(body, chunk -> relay.forward(acc, chunk));
                return Reply.of(acc);
              },
              relay::toolRan);
      relay.finish(end.message, end.finishReason, turn.report(), turn.usage());
    } catch (ChatFailure e) {
      relay.failed(e.reply());
    } catch (Upstream.SinkClosed e) {
      LOG.debug("client left during a stream of model {}", turn.clientModel);
    }
  }

  private static boolean includeUsage(JsonNode request) {
    return request.path("stream_options").path("include_usage").asBoolean(false);
  }

  /** One upstream answer: the assistant message, why it ended, usage, and the whole response. */
  record Reply(
      ObjectNode message, String finishReason, Optional<JsonNode> usage, Optional<ObjectNode> raw) {
    static Reply of(ObjectNode completion) {
      JsonNode choice = completion.path("choices").path(0);
      ObjectNode message = choice.get("message") instanceof ObjectNode m ? m : Json.object();
      return new Reply(
          message,
          choice.path("finish_reason").asString("stop"),
          Optional.ofNullable(completion.get("usage")).filter(JsonNode::isObject),
          Optional.of(completion));
    }

    static Reply of(MessageAccumulator acc) {
      return new Reply(
          acc.message(), acc.finishReason().orElse("stop"), acc.usage(), Optional.empty());
    }
  }

  /** How a request ends: the reply, the message to return, and the finish reason. */
  private record Ending(Reply reply, ObjectNode message, String finishReason) {}

  private Ending loop(
      Turn turn,
      boolean stream,
      Function<ObjectNode, Reply> upstream,
      Consumer<Outcome> onOutcome) {
    for (int round = 0; ; round++) {
      Reply reply = upstream.apply(turn.upstreamBody(stream, round));
      turn.usage(reply.usage());
      List<Call> all = Turn.calls(reply.message());
      if (all.isEmpty()) {
        return new Ending(reply, reply.message(), reply.finishReason());
      }
      List<Call> client = all.stream().filter(turn::isClientCall).toList();
      List<Call> registry = all.stream().filter(c -> !turn.isClientCall(c)).toList();
      boolean mayRun = round < turn.recursionLimit();
      if (!client.isEmpty()) {
        if (!registry.isEmpty() && mayRun) {
          List<Outcome> outcomes = run(turn, registry, round + 1, onOutcome);
          defer(client, outcomes);
        } else {
          turn.notRun(registry);
        }
        return new Ending(reply, Turn.withCalls(reply.message(), client), "tool_calls");
      }
      if (!mayRun) {
        turn.notRun(registry);
        return new Ending(
            reply, Turn.withCalls(reply.message(), List.of()), "tool_recursion_limit");
      }
      turn.appendRound(reply.message(), run(turn, registry, round + 1, onOutcome));
    }
  }

  /** Runs one round's registry calls, in parallel when there are several. */
  private List<Outcome> run(Turn turn, List<Call> round, int number, Consumer<Outcome> onOutcome) {
    List<Outcome> outcomes = new ArrayList<>();
    if (round.size() == 1) {
      outcomes.add(calls.run(round.getFirst(), turn.exposed, turn.names, turn.context.options()));
    } else {
      try (ExecutorService pool =
          Executors.newThreadPerTaskExecutor(
              Thread.ofVirtual().name("toolgate-chat-call-", 0).factory())) {
        List<Future<Outcome>> futures = new ArrayList<>();
        for (Call call : round) {
          futures.add(
              pool.submit(() -> calls.run(call, turn.exposed, turn.names, turn.context.options())));
        }
        for (Future<Outcome> f : futures) {
          outcomes.add(f.get());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ChatFailure(
            ChatReply.error(503, "server_error", "interrupted while running tools"),
            "interrupted",
            e);
      } catch (ExecutionException e) {
        throw new IllegalStateException("a registry call threw", e.getCause());
      }
    }
    turn.recorded(number, outcomes);
    outcomes.forEach(onOutcome);
    return outcomes;
  }

  private void defer(List<Call> client, List<Outcome> outcomes) {
    List<ObjectNode> callJson = new ArrayList<>();
    List<ObjectNode> results = new ArrayList<>();
    for (Outcome o : outcomes) {
      ObjectNode call = Json.object();
      call.put("id", o.call().id());
      call.put("type", "function");
      call.putObject("function")
          .put("name", o.call().name())
          .put("arguments", o.call().arguments());
      callJson.add(call);
      results.add(Turn.toolMessage(o));
    }
    deferred.put(
        client.stream().map(Call::id).toList(), new DeferredCalls.Deferred(callJson, results));
  }

  private Turn prepare(JsonNode json, ChatContext context) {
    if (!(json instanceof ObjectNode request)) {
      throw ChatFailure.badRequest("the request body must be a JSON object", null);
    }
    String model = request.path("model").asString("");
    if (model.isBlank()) {
      throw ChatFailure.badRequest(
          "model is required; one of: " + String.join(", ", routes.keySet()), "model");
    }
    ModelRoute route = routes.get(model);
    if (route == null) {
      String known =
          routes.isEmpty()
              ? "none are configured (add models: to the config)"
              : "known models: " + String.join(", ", routes.keySet());
      String message = "model '" + model + "' is not configured; " + known;
      throw new ChatFailure(
          ChatReply.error(404, "invalid_request_error", message, "model", "model_not_found"),
          message,
          null);
    }
    if (request.path("n").asInt(1) != 1) {
      throw ChatFailure.badRequest(
          "n must be 1: the proxy runs tool calls for a single choice", "n");
    }
    List<ObjectNode> messages = messages(request);
    List<ObjectNode> clientTools = clientTools(request);
    List<ToolDefinition> visible =
        gate.registry().definitions().stream().filter(context.options().allow()).toList();
    List<String> visibleNames = visible.stream().map(ToolDefinition::name).toList();
    List<String> pinned = route.config.pinned().stream().filter(visibleNames::contains).toList();
    ExposedTools exposed;
    try {
      exposed = route.exposure(embedderAvailable(route), pinned).apply(visible);
    } catch (ExposureException e) {
      String message = "model '" + model + "': " + e.getMessage();
      throw new ChatFailure(
          ChatReply.error(500, "server_error", message, null, "tool_exposure"), message, e);
    }
    String session = session(route, request, context, messages);
    return new Turn(
        route,
        model,
        context,
        request,
        deferred.splice(messages),
        clientTools,
        exposed,
        names(),
        session,
        gate.registry(),
        visible,
        tokens);
  }

  private static List<ObjectNode> messages(ObjectNode request) {
    JsonNode messages = request.get("messages");
    if (messages == null || !messages.isArray() || messages.isEmpty()) {
      throw ChatFailure.badRequest(
          "messages must be a non-empty array of chat messages", "messages");
    }
    List<ObjectNode> out = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      if (!(messages.get(i) instanceof ObjectNode m) || !m.path("role").isString()) {
        throw ChatFailure.badRequest(
            "messages[" + i + "] must be an object with a role", "messages");
      }
      out.add(m);
    }
    return out;
  }

  private static List<ObjectNode> clientTools(ObjectNode request) {
    JsonNode tools = request.get("tools");
    if (tools == null || tools.isNull()) {
      return List.of();
    }
    if (!tools.isArray()) {
      throw ChatFailure.badRequest("tools must be an array of tool definitions", "tools");
    }
    List<ObjectNode> out = new ArrayList<>();
    for (int i = 0; i < tools.size(); i++) {
      if (!(tools.get(i) instanceof ObjectNode t)) {
        throw ChatFailure.badRequest("tools[" + i + "] must be an object", "tools");
      }
      out.add(t);
    }
    return out;
  }

  /** The model may use the registry's vector channel: it has an embedder and search loaded one. */
  private boolean embedderAvailable(ModelRoute route) {
    return route.config.embedder().isPresent()
        && gate.capabilities().backends().contains(SearchSettings.VECTOR);
  }

  private static String session(
      ModelRoute route, ObjectNode request, ChatContext context, List<ObjectNode> messages) {
    Optional<String> named =
        context
            .session()
            .or(() -> text(request, "session"))
            .or(() -> text(request, "user").map(u -> "user:" + u));
    if (named.isPresent()) {
      return named.get();
    }
    StringBuilder seed = new StringBuilder(route.config.name());
    for (String role : List.of("system", "user")) {
      messages.stream()
          .filter(m -> role.equals(m.path("role").asString("")))
          .findFirst()
          .ifPresent(m -> seed.append('\n').append(Json.canonical(m.path("content"))));
    }
    return "conv-" + sha256(seed.toString()).substring(0, 16);
  }

  private static Optional<String> text(ObjectNode request, String field) {
    JsonNode v = request.get(field);
    return v != null && v.isString() && !v.asString().isBlank()
        ? Optional.of(v.asString())
        : Optional.empty();
  }

  /** The OpenAI name table over the whole catalog and the meta-tools, rebuilt when it changes. */
  private ProviderNames names() {
    long version = gate.registry().version();
    NameTable table = nameTable;
    if (table == null || table.version != version) {
      TreeSet<String> all = new TreeSet<>(gate.registry().names());
      all.addAll(ToolNames.RESERVED);
      table = new NameTable(version, ProviderNames.of(NameRule.OPENAI, all));
      nameTable = table;
    }
    return table.names;
  }

  /** Fails at start for what would fail every request: a reserved-name clash, unknown tools. */
  private void check(ModelRoute route) {
    try {
      route
          .exposure(embedderAvailable(route), route.config.pinned())
          .apply(gate.registry().definitions());
    } catch (ExposureException e) {
      throw new ModelConfigException("model '" + route.config.name() + "': " + e.getMessage());
    }
  }

  private static Optional<String> apiKey(ModelConfig model, Function<String, String> env) {
    if (model.apiKeyEnv().isEmpty()) {
      return Optional.empty();
    }
    String name = model.apiKeyEnv().get();
    String value = env.apply(name);
    if (value == null || value.isBlank()) {
      throw new ModelConfigException(
          "model '"
              + model.name()
              + "': api_key_env names "
              + name
              + ", which is not set; export it or remove api_key_env");
    }
    return Optional.of(value.strip());
  }

  private static HttpClient httpClient(ModelConfig model) {
    return HttpClient.newBuilder()
        .connectTimeout(model.connectTimeout())
        .followRedirects(HttpClient.Redirect.NEVER)
        .executor(
            Executors.newThreadPerTaskExecutor(
                Thread.ofVirtual().name("toolgate-upstream-" + model.name() + "-", 0).factory()))
        .build();
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** Settings of a {@link ChatProxy}. Not thread-safe. */
  public static final class Builder {
    private final Toolgate gate;
    private List<ModelConfig> models = List.of();
    private Function<String, String> env = System::getenv;
    private HttpClient httpClient;
    private TokenEncoding encoding = TokenEncoding.O200K_BASE;
    private LongSupplier nanoTime = System::nanoTime;

    private Builder(Toolgate gate) {
      this.gate = Objects.requireNonNull(gate, "gate");
    }

    /** The models to serve, e.g. from {@link ModelConfig#parseAll}. */
    public Builder models(List<ModelConfig> models) {
      this.models = List.copyOf(models);
      return this;
    }

    /** Where {@code api_key_env} is read; {@link System#getenv} by default. */
    public Builder env(Function<String, String> env) {
      this.env = Objects.requireNonNull(env, "env");
      return this;
    }

    /**
     * The HTTP client for every upstream; by default one per model with its {@code
     * connect_timeout}, no redirects, on virtual threads.
     */
    public Builder httpClient(HttpClient httpClient) {
      this.httpClient = Objects.requireNonNull(httpClient, "httpClient");
      return this;
    }

    /** The tokenizer for the token report; {@code o200k_base} (GPT-4o and later) by default. */
    public Builder tokenEncoding(TokenEncoding encoding) {
      this.encoding = Objects.requireNonNull(encoding, "encoding");
      return this;
    }

    /** The clock of the session cache's TTL; {@link System#nanoTime} by default. */
    Builder nanoTime(LongSupplier nanoTime) {
      this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
      return this;
    }

    /**
     * Builds the proxy.
     *
     * @throws ModelConfigException when a model cannot work: its {@code api_key_env} is unset, its
     *     {@code search_registry} clashes with a catalog tool of a reserved name, or it names or
     *     pins a tool the catalog lacks
     */
    public ChatProxy build() {
      return new ChatProxy(this);
    }
  }
}
