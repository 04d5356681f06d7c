package io.toolgate.server.chat;

import io.toolgate.Toolgate;
import io.toolgate.exposure.ExposureException;
import io.toolgate.json.Json;
import io.toolgate.schema.ArgumentValidator;
import io.toolgate.tokens.TokenEncoding;
import java.io.IOException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
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
 *     .models(ModelConfig.fromConfig(config))
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
 * run in parallel on virtual threads). Close it when the server stops.
 */
public final class ChatProxy implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ChatProxy.class);

  private final Toolgate gate;
  private final Map<String, ModelRoute> routes;
  private final RequestReader reader;
  private final ToolLoop loop;
  private final long created = Instant.now().getEpochSecond();
  private final List<HttpClient> ownClients = new ArrayList<>();

  private ChatProxy(Builder b) {
    this.gate = b.gate;
    Map<String, ModelRoute> byName = new LinkedHashMap<>();
    int deferredEntries = 1000;
    Duration deferredTtl = SessionCacheConfig.DEFAULTS.ttl();
    for (ModelConfig model : b.models) {
      if (byName.containsKey(model.name())) {
        throw new ModelConfigException("models: model '" + model.name() + "' is configured twice");
      }
      Optional<String> key = apiKey(model, b.env);
      HttpClient client = b.httpClient;
      if (client == null) {
        client = httpClient(model);
        ownClients.add(client);
      }
      byName.put(model.name(), new ModelRoute(model, new Upstream(model, key, client), b.nanoTime));
      deferredEntries = Math.max(deferredEntries, model.sessionCache().maxSessions());
      if (model.sessionCache().ttl().compareTo(deferredTtl) > 0) {
        deferredTtl = model.sessionCache().ttl();
      }
    }
    this.routes = Collections.unmodifiableMap(byName);
    DeferredCalls deferred = new DeferredCalls(deferredEntries, deferredTtl, b.nanoTime);
    this.reader = new RequestReader(gate, routes, new ToolTokens(b.encoding), deferred);
    this.loop = new ToolLoop(new RegistryCalls(gate, new ArgumentValidator()), deferred);
    for (ModelRoute route : routes.values()) {
      check(route);
    }
    if (!routes.isEmpty()) {
      // The tokenizer's vocabulary takes a moment to load; not on the first request's time.
      TokenEncoding encoding = b.encoding;
      Thread.ofVirtual().name("toolgate-chat-tokenizer").start(() -> encoding.count("warm up"));
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
      Turn turn = reader.read(request, context);
      ToolLoop.Ending end =
          loop.run(
              turn, false, body -> ToolLoop.Reply.of(turn.route.upstream.complete(body)), o -> {});
      ObjectNode body = end.reply().raw().orElseThrow().deepCopy();
      body.put("model", turn.clientModel);
      ArrayNode choices = body.putArray("choices");
      ObjectNode choice = choices.addObject();
      choice.put("index", 0);
      choice.set("message", end.message());
      JsonNode logprobs = end.reply().raw().get().path("choices").path(0).get("logprobs");
      if (logprobs != null) {
        choice.set("logprobs", logprobs);
      }
      choice.put("finish_reason", end.finishReason());
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
      turn = reader.read(request, context);
    } catch (ChatFailure e) {
      sink.fail(e.reply());
      return;
    }
    StreamRelay relay = new StreamRelay(turn, sink, includeUsage(request));
    try {
      ToolLoop.Ending end =
          loop.run(
              turn,
              true,
              body -> {
                relay.beginRound();
                MessageAccumulator acc = new MessageAccumulator();
                turn.route.upstream.stream(body, chunk -> relay.forward(acc, chunk));
                return ToolLoop.Reply.of(acc);
              },
              relay::toolRan);
      relay.finish(end.message(), end.finishReason(), turn.report(), turn.usage());
    } catch (ChatFailure e) {
      relay.failed(e.reply());
    } catch (Upstream.SinkClosed e) {
      LOG.debug("client left during a stream of model {}", turn.clientModel);
    } catch (RuntimeException e) {
      // The response may already be committed: the error must travel in the stream.
      String incident = UUID.randomUUID().toString().substring(0, 8);
      LOG.error("incident {}: a stream of model {} failed", incident, turn.clientModel, e);
      relay.failed(
          ChatReply.error(
              500,
              "server_error",
              "the proxy failed on this request (incident " + incident + "; see the server log)"));
    }
  }

  private static boolean includeUsage(JsonNode request) {
    return request.path("stream_options").path("include_usage").asBoolean(false);
  }

  /**
   * Stops the HTTP clients the proxy created (not one passed to {@link Builder#httpClient}),
   * aborting requests still running upstream.
   */
  @Override
  public void close() {
    ownClients.forEach(HttpClient::shutdownNow);
  }

  /** Fails at start for what would fail every request: a reserved-name clash, unknown tools. */
  private void check(ModelRoute route) {
    try {
      route
          .exposure(reader.embedderAvailable(route), route.config.pinned())
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
