package io.toolgate.server.chat;

import io.toolgate.catalog.ToolNames;
import io.toolgate.config.ConfigException;
import io.toolgate.config.EmbeddingConfig;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One model the chat proxy serves: its name, the OpenAI-compatible endpoint behind it, and how it
 * sees the registry.
 *
 * <pre>{@code
 * # toolgate.yaml
 * models:
 *   - name: assistant                       # what clients put in "model"
 *     base_url: "http://127.0.0.1:11434/v1" # any OpenAI-compatible endpoint
 *     model: qwen2.5:7b                     # the upstream's model name; defaults to name
 *     api_key_env: UPSTREAM_KEY             # sent as "Authorization: Bearer …"; optional
 *     timeout: 120s                         # until the upstream's response headers
 *     connect_timeout: 10s
 *     params:
 *       tools: auto                         # auto | all | search_registry | [names]
 *       tool_embedding_model: local         # optional: search with this embedder only
 *       tool_recursion_limit: 10            # tool rounds run per request
 *       pinned: [time_now]                  # always shown
 *       meta_tools: spice                   # spice (tool_search/tool_invoke) | rfc (find_tools/use_tool)
 *       session_cache: true                 # or {enabled, max_sessions, ttl, max_tools}
 * }</pre>
 *
 * <pre>{@code
 * List<ModelConfig> models = ModelConfig.fromConfig(ToolgateConfig.load(Path.of("toolgate.yaml")));
 * ModelConfig m = ModelConfig.of("assistant", URI.create("http://127.0.0.1:11434/v1"))
 *     .withTools(ToolMode.SEARCH_REGISTRY).withPinned(List.of("time_now"));
 * }</pre>
 *
 * @param name the name clients ask for; 1–128 of {@code [A-Za-z0-9_.:-]}
 * @param baseUrl the upstream's base URL, without a trailing slash; requests go to {@code
 *     <baseUrl>/chat/completions}
 * @param upstreamModel the model name sent upstream
 * @param apiKeyEnv the environment variable holding the upstream's API key, if it needs one
 * @param tools which tools the model sees
 * @param embedder the one embedding model its registry searches with ({@code
 *     tool_embedding_model}); empty for the gateway's whole search (every configured embedder,
 *     fused), which is also what {@code auto} checks: it shows the registry when search has a
 *     vector channel
 * @param toolRecursionLimit how many rounds of tool calls the proxy runs for one request, 0 or more
 * @param pinned tools shown in every mode
 * @param metaTools the names of the registry's two meta-tools
 * @param sessionCache the per-conversation cache of retrieved tools
 * @param connectTimeout how long connecting to the upstream may take
 * @param timeout how long the upstream may take to start answering one request
 */
public record ModelConfig(
    String name,
    URI baseUrl,
    String upstreamModel,
    Optional<String> apiKeyEnv,
    ToolMode tools,
    Optional<String> embedder,
    int toolRecursionLimit,
    List<String> pinned,
    Profile metaTools,
    SessionCacheConfig sessionCache,
    Duration connectTimeout,
    Duration timeout) {
  /** Spice's default number of tool rounds per request. */
  public static final int DEFAULT_RECURSION_LIMIT = 10;

  /** Default time to connect to the upstream. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

  /** Default time for the upstream to start answering. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);

  public ModelConfig {
    Objects.requireNonNull(name, "name");
    if (!name.matches("[A-Za-z0-9_.:\\-]{1,128}")) {
      throw new IllegalArgumentException(
          "illegal model name '" + name + "', must be 1-128 of [A-Za-z0-9_.:-]");
    }
    baseUrl = normalize(Objects.requireNonNull(baseUrl, "baseUrl"));
    Objects.requireNonNull(upstreamModel, "upstreamModel");
    if (upstreamModel.isBlank()) {
      throw new IllegalArgumentException("model '" + name + "': the upstream model is empty");
    }
    apiKeyEnv = apiKeyEnv == null ? Optional.empty() : apiKeyEnv.filter(s -> !s.isBlank());
    Objects.requireNonNull(tools, "tools");
    embedder = embedder == null ? Optional.empty() : embedder;
    if (toolRecursionLimit < 0) {
      throw new IllegalArgumentException(
          "illegal tool_recursion_limit " + toolRecursionLimit + ", must be 0 or more rounds");
    }
    pinned = List.copyOf(pinned);
    pinned.forEach(ToolNames::requireValid);
    Objects.requireNonNull(metaTools, "metaTools");
    Objects.requireNonNull(sessionCache, "sessionCache");
    requirePositive("connect_timeout", connectTimeout);
    requirePositive("timeout", timeout);
  }

  /** A model with the defaults: upstream model = name, no key, {@code auto}, 10 rounds, Spice. */
  public static ModelConfig of(String name, URI baseUrl) {
    return new ModelConfig(
        name,
        baseUrl,
        name,
        Optional.empty(),
        ToolMode.AUTO,
        Optional.empty(),
        DEFAULT_RECURSION_LIMIT,
        List.of(),
        Profile.SPICE,
        SessionCacheConfig.DEFAULTS,
        DEFAULT_CONNECT_TIMEOUT,
        DEFAULT_TIMEOUT);
  }

  /**
   * Reads the raw {@code models} section: a list of entries as in the class example. Unknown keys
   * are errors (with close names), so a typo never silently falls back to a default.
   *
   * @param models the section, or null / missing for none
   * @param embeddings the names of the configured {@code embeddings:}, to resolve {@code
   *     tool_embedding_model}
   * @throws ModelConfigException naming the entry, the key and the fix
   */
  public static List<ModelConfig> parseAll(JsonNode models, List<String> embeddings) {
    return new ModelConfigParser(embeddings, List.of()).parseAll(models);
  }

  /**
   * Like {@link #parseAll(JsonNode, List)}, with tools pinned for every model that sets no {@code
   * pinned} of its own (e.g. {@code search.pinned}).
   */
  public static List<ModelConfig> parseAll(
      JsonNode models, List<String> embeddings, List<String> defaultPinned) {
    return new ModelConfigParser(embeddings, defaultPinned).parseAll(models);
  }

  /**
   * The {@code models:} of a loaded config: {@code ${VAR}} expanded, {@code tool_embedding_model}
   * resolved against its {@code embeddings:}, {@code search.pinned} as the default pinned tools.
   *
   * @throws ConfigException naming the file, line and column of the value at fault
   */
  public static List<ModelConfig> fromConfig(ToolgateConfig config) {
    List<String> embeddings = config.embeddings().stream().map(EmbeddingConfig::name).toList();
    try {
      return parseAll(config.expandedSection("models"), embeddings, config.search().pinned());
    } catch (ModelConfigException e) {
      throw config.error(e);
    }
  }

  /** The endpoint requests go to: {@code <baseUrl>/chat/completions}. */
  public URI chatCompletionsUrl() {
    return URI.create(baseUrl + "/chat/completions");
  }

  public ModelConfig withUpstreamModel(String newUpstreamModel) {
    return new ModelConfig(
        name,
        baseUrl,
        newUpstreamModel,
        apiKeyEnv,
        tools,
        embedder,
        toolRecursionLimit,
        pinned,
        metaTools,
        sessionCache,
        connectTimeout,
        timeout);
  }

  public ModelConfig withApiKeyEnv(String newApiKeyEnv) {
    return new ModelConfig(
        name,
        baseUrl,
        upstreamModel,
        Optional.ofNullable(newApiKeyEnv),
        tools,
        embedder,
        toolRecursionLimit,
        pinned,
        metaTools,
        sessionCache,
        connectTimeout,
        timeout);
  }

  public ModelConfig withTools(ToolMode newTools) {
    return new ModelConfig(
        name,
        baseUrl,
        upstreamModel,
        apiKeyEnv,
        newTools,
        embedder,
        toolRecursionLimit,
        pinned,
        metaTools,
        sessionCache,
        connectTimeout,
        timeout);
  }

  /** The embedding model the registry uses; {@code null} for none. */
  public ModelConfig withEmbedder(String newEmbedder) {
    return new ModelConfig(
        name,
        baseUrl,
        upstreamModel,
        apiKeyEnv,
        tools,
        Optional.ofNullable(newEmbedder),
        toolRecursionLimit,
        pinned,
        metaTools,
        sessionCache,
        connectTimeout,
        timeout);
  }

  public ModelConfig withToolRecursionLimit(int newLimit) {
    return new ModelConfig(
        name,
        baseUrl,
        upstreamModel,
        apiKeyEnv,
        tools,
        embedder,
        newLimit,
        pinned,
        metaTools,
        sessionCache,
        connectTimeout,
        timeout);
  }

  public ModelConfig withPinned(List<String> newPinned) {
    return new ModelConfig(
        name,
        baseUrl,
        upstreamModel,
        apiKeyEnv,
        tools,
        embedder,
        toolRecursionLimit,
        newPinned,
        metaTools,
        sessionCache,
        connectTimeout,
        timeout);
  }

  public ModelConfig withMetaTools(Profile newMetaTools) {
    return new ModelConfig(
        name,
        baseUrl,
        upstreamModel,
        apiKeyEnv,
        tools,
        embedder,
        toolRecursionLimit,
        pinned,
        newMetaTools,
        sessionCache,
        connectTimeout,
        timeout);
  }

  public ModelConfig withSessionCache(SessionCacheConfig newSessionCache) {
    return new ModelConfig(
        name,
        baseUrl,
        upstreamModel,
        apiKeyEnv,
        tools,
        embedder,
        toolRecursionLimit,
        pinned,
        metaTools,
        newSessionCache,
        connectTimeout,
        timeout);
  }

  public ModelConfig withTimeouts(Duration newConnectTimeout, Duration newTimeout) {
    return new ModelConfig(
        name,
        baseUrl,
        upstreamModel,
        apiKeyEnv,
        tools,
        embedder,
        toolRecursionLimit,
        pinned,
        metaTools,
        sessionCache,
        newConnectTimeout,
        newTimeout);
  }

  private static URI normalize(URI url) {
    String scheme = url.getScheme();
    if (scheme == null
        || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
        || url.getHost() == null) {
      throw new IllegalArgumentException(
          "base_url must be an absolute http(s) URL such as http://127.0.0.1:11434/v1, got " + url);
    }
    if (url.getRawQuery() != null || url.getRawFragment() != null) {
      throw new IllegalArgumentException("base_url must not have a query or fragment, got " + url);
    }
    String text = url.toString();
    while (text.endsWith("/")) {
      text = text.substring(0, text.length() - 1);
    }
    return URI.create(text);
  }

  private static void requirePositive(String what, Duration d) {
    Objects.requireNonNull(d, what);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException("illegal " + what + " " + d + ", must be positive");
    }
  }
}
