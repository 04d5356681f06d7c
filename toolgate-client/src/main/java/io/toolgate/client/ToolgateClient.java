package io.toolgate.client;

import io.toolgate.ToolgateApi;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolDefinitionCodec;
import io.toolgate.invoke.ToolResult;
import io.toolgate.invoke.ToolResultJson;
import io.toolgate.json.Json;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchJson;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A client of a shared gateway's REST API ({@code toolgate serve}), with the same types as the
 * library: {@link SearchResponse} and {@link ToolResult}.
 *
 * <pre>{@code
 * try (ToolgateClient gate = ToolgateClient.builder("http://127.0.0.1:8080")
 *     .apiKey(System.getenv("TOOLGATE_KEY")).build()) {
 *   SearchResponse hits = gate.search(SearchRequest.of("convert 5 miles to km"));
 *   ToolResult result = gate.invoke("unit_convert", Json.parse("{\"value\": 5, \"from\": \"mi\", \"to\": \"km\"}"));
 * }
 * }</pre>
 *
 * <p>It implements {@link ToolgateApi}, so the framework integrations run unchanged against a
 * {@code Toolgate} in the same process or a gateway elsewhere. Like {@code Toolgate.invoke}, {@link
 * #invoke} returns a failed call as a ToolResult with an error; a request the server refuses or
 * cannot answer is a {@link ToolgateClientException} naming the request, the status, the server's
 * error code and message and the fix. Searches, reads, replacements and removals are retried on
 * connection errors, timeouts, 429 and 502–504; a call ({@link #invoke}) and a registration only
 * when the connection was refused, since sending them twice could run them twice.
 *
 * <p>Search hits carry each tool's search view (name, description, parameters, returns); {@link
 * #tool} reads the whole definition. A {@link io.toolgate.search.SearchFilter}'s tags and sources
 * go to the server; its {@code allow} predicate is code, and is applied here to the hits the server
 * returns. Thread-safe; close it to release its HTTP client.
 */
public final class ToolgateClient implements ToolgateApi, AutoCloseable {
  /** The contract version the client speaks ({@code schema_version} of a call). */
  public static final String SCHEMA_VERSION = "0.1.0";

  private static final int PAGE = 1000;

  private final Transport transport;
  private final Duration invokeTimeout;

  private ToolgateClient(Builder b) {
    this.transport =
        new Transport(
            b.baseUrl,
            Optional.ofNullable(b.apiKey).filter(k -> !k.isBlank()),
            b.connectTimeout,
            b.requestTimeout,
            b.maxRetries,
            b.retryBackoff);
    this.invokeTimeout = b.invokeTimeout;
  }

  /**
   * Starts a client of the gateway at {@code baseUrl}, e.g. {@code http://127.0.0.1:8080} (the
   * server's root, without {@code /v1}).
   *
   * @throws IllegalArgumentException when {@code baseUrl} is not an absolute http(s) URL
   */
  public static Builder builder(String baseUrl) {
    Objects.requireNonNull(baseUrl, "baseUrl");
    URI uri;
    try {
      uri = URI.create(baseUrl.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "toolgate url must be an http(s) URL such as http://127.0.0.1:8080, got '"
              + baseUrl
              + "'",
          e);
    }
    return builder(uri);
  }

  /** Starts a client of the gateway at {@code baseUrl}; see {@link #builder(String)}. */
  public static Builder builder(URI baseUrl) {
    return new Builder(baseUrl);
  }

  /** The server's root URL this client talks to, ending in {@code /}. */
  public URI baseUrl() {
    return transport.base();
  }

  /** Runs {@code tool_search} on the server ({@code POST /v1/tools:search}). */
  @Override
  public SearchResponse search(SearchRequest request) {
    JsonNode body =
        transport
            .send("POST", "v1/tools:search", SearchJson.requestToJson(request), true, null, ok())
            .body();
    SearchResponse response = SearchJson.responseFromJson(body);
    List<SearchHit> allowed =
        response.tools().stream().filter(h -> request.filter().allow().test(h.tool())).toList();
    return allowed.size() == response.tools().size()
        ? response
        : new SearchResponse(
            response.query(),
            response.keywords(),
            response.searchMode(),
            response.fallback(),
            allowed,
            response.hint());
  }

  /** The whole definition of {@code name} ({@code GET /v1/tools/{name}}), or empty when unknown. */
  @Override
  public Optional<ToolDefinition> tool(String name) {
    Transport.Answer answer =
        transport.send("GET", "v1/tools/" + encode(name), null, true, null, Set.of(200, 404));
    if (answer.status() == 404) {
      return Optional.empty();
    }
    return Optional.of(ToolDefinitionCodec.fromJson(answer.body(), "api"));
  }

  /**
   * Every tool the key may see, whole, sorted by name ({@code GET /v1/tools?view=full}, page by
   * page).
   */
  @Override
  public List<ToolDefinition> tools() {
    List<ToolDefinition> out = new ArrayList<>();
    String cursor = null;
    do {
      String path =
          "v1/tools?view=full&limit="
              + PAGE
              + (cursor == null
                  ? ""
                  : "&cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
      JsonNode page = transport.send("GET", path, null, true, null, ok()).body();
      page.path("tools").forEach(t -> out.add(ToolDefinitionCodec.fromJson(t, "api")));
      cursor = page.hasNonNull("next_cursor") ? page.get("next_cursor").asString() : null;
    } while (cursor != null);
    return List.copyOf(out);
  }

  /**
   * Calls {@code toolId} on the server ({@code POST /v1/tools/{name}:invoke}). A call that ran and
   * failed, an unknown tool or invalid arguments come back as a ToolResult with an error.
   */
  @Override
  public ToolResult invoke(String toolId, JsonNode arguments) {
    ObjectNode body = Json.object();
    body.put("schema_version", SCHEMA_VERSION);
    body.set("args", arguments == null ? Json.object() : arguments);
    JsonNode answer =
        transport
            .send(
                "POST", "v1/tools/" + encode(toolId) + ":invoke", body, false, invokeTimeout, ok())
            .body();
    return ToolResultJson.fromJson(answer);
  }

  /**
   * Registers an HTTP or command tool at run time ({@code POST /v1/tools}, needs the {@code admin}
   * scope); durable on the server. Returns the definition as the server stored it.
   *
   * @param tool a tool in the catalog-file shape, with {@code http} or {@code command}
   * @throws ToolgateClientException {@code conflict} when the name exists, {@code invalid_tool}
   *     naming the bad field
   */
  public ToolDefinition register(JsonNode tool) {
    JsonNode answer = transport.send("POST", "v1/tools", tool, false, null, Set.of(201)).body();
    return ToolDefinitionCodec.fromJson(answer, "api");
  }

  /**
   * Creates or replaces a run-time tool ({@code PUT /v1/tools/{name}}, {@code admin}); safe to
   * retry.
   */
  public ToolDefinition replace(String name, JsonNode tool) {
    JsonNode answer =
        transport
            .send("PUT", "v1/tools/" + encode(name), tool, true, null, Set.of(200, 201))
            .body();
    return ToolDefinitionCodec.fromJson(answer, "api");
  }

  /**
   * Removes a run-time tool ({@code DELETE /v1/tools/{name}}, {@code admin}).
   *
   * @return false when no tool has that name
   */
  public boolean unregister(String name) {
    return transport
            .send("DELETE", "v1/tools/" + encode(name), null, true, null, Set.of(204, 404))
            .status()
        == 204;
  }

  private static Set<Integer> ok() {
    return Set.of(200);
  }

  private static String encode(String name) {
    return URLEncoder.encode(Objects.requireNonNull(name, "name"), StandardCharsets.UTF_8)
        .replace("+", "%20");
  }

  @Override
  public void close() {
    transport.close();
  }

  /** Configures a {@link ToolgateClient}. Not thread-safe. */
  public static final class Builder {
    private final URI baseUrl;
    private String apiKey;
    private Duration connectTimeout = Duration.ofSeconds(5);
    private Duration requestTimeout = Duration.ofSeconds(30);
    private Duration invokeTimeout = Duration.ofSeconds(120);
    private int maxRetries = 2;
    private Duration retryBackoff = Duration.ofMillis(200);

    private Builder(URI baseUrl) {
      Objects.requireNonNull(baseUrl, "baseUrl");
      String scheme = baseUrl.getScheme();
      if (!baseUrl.isAbsolute()
          || baseUrl.getHost() == null
          || !("http".equals(scheme) || "https".equals(scheme))) {
        throw new IllegalArgumentException(
            "toolgate url must be an http(s) URL such as http://127.0.0.1:8080, got '"
                + baseUrl
                + "'");
      }
      String path = baseUrl.getPath() == null ? "" : baseUrl.getPath();
      if (path.endsWith("/v1") || path.endsWith("/v1/")) {
        path = path.substring(0, path.lastIndexOf("/v1"));
      }
      this.baseUrl = baseUrl.resolve(path.endsWith("/") ? path : path + "/");
    }

    /** The API key sent as {@code Authorization: Bearer …}; none by default (an open server). */
    public Builder apiKey(String key) {
      this.apiKey = key;
      return this;
    }

    /** How long to wait for a connection; 5 s by default. */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = positive(timeout, "connectTimeout");
      return this;
    }

    /** How long to wait for the answer to a search, a read or a registration; 30 s by default. */
    public Builder requestTimeout(Duration timeout) {
      this.requestTimeout = positive(timeout, "requestTimeout");
      return this;
    }

    /**
     * How long to wait for a tool call's answer; 120 s by default (the server's own per-tool
     * timeout ends most calls first).
     */
    public Builder invokeTimeout(Duration timeout) {
      this.invokeTimeout = positive(timeout, "invokeTimeout");
      return this;
    }

    /** How many times to retry a request that may be retried; 2 by default, 0 to never retry. */
    public Builder maxRetries(int retries) {
      if (retries < 0 || retries > 10) {
        throw new IllegalArgumentException("maxRetries must be 0 to 10, got " + retries);
      }
      this.maxRetries = retries;
      return this;
    }

    /** The wait before the first retry, doubled for each next one; 200 ms by default. */
    public Builder retryBackoff(Duration backoff) {
      this.retryBackoff = Objects.requireNonNull(backoff, "retryBackoff");
      if (backoff.isNegative()) {
        throw new IllegalArgumentException("retryBackoff must not be negative, got " + backoff);
      }
      return this;
    }

    public ToolgateClient build() {
      return new ToolgateClient(this);
    }

    private static Duration positive(Duration d, String what) {
      Objects.requireNonNull(d, what);
      if (d.isZero() || d.isNegative()) {
        throw new IllegalArgumentException(what + " must be positive, got " + d);
      }
      return d;
    }
  }
}
