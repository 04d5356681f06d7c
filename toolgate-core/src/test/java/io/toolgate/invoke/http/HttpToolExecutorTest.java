package io.toolgate.invoke.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.toolgate.ErrorCode;
import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.InvalidToolException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolPolicy;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.ToolError;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.invoke.ToolResult;
import io.toolgate.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

class HttpToolExecutorTest {
  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"user\":{\"type\":\"string\"},\"q\":{\"type\":\"string\"},"
          + "\"limit\":{\"type\":\"integer\"},\"status\":{\"type\":\"integer\"},\"tags\":{\"type\":\"array\"}}}";

  /** What the loopback server saw. */
  record Seen(
      String method,
      String rawPath,
      String rawQuery,
      Map<String, List<String>> headers,
      String body) {}

  private HttpServer server;
  private String base;
  private final List<Seen> seen = new CopyOnWriteArrayList<>();
  private final CountDownLatch release = new CountDownLatch(1);
  private final HttpClient client = HttpToolExecutor.newClient();
  private final ToolRegistry registry = new ToolRegistry();
  private final ToolInvoker invoker = ToolInvoker.builder(registry).build();
  private final Map<String, String> env = Map.of("API_KEY", "k-123", "OTHER", "nope");

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
    server.createContext("/", this::handle);
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterEach
  void stop() {
    release.countDown();
    server.stop(0);
    client.shutdownNow();
  }

  private void handle(HttpExchange ex) throws IOException {
    String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    seen.add(
        new Seen(
            ex.getRequestMethod(),
            ex.getRequestURI().getRawPath(),
            ex.getRequestURI().getRawQuery(),
            ex.getRequestHeaders(),
            body));
    String path = ex.getRequestURI().getPath();
    if (path.startsWith("/status/")) {
      int status = Integer.parseInt(path.substring(8));
      ex.getResponseHeaders().add("Retry-After", "7");
      ex.getResponseHeaders().add("Location", "http://evil.example/");
      send(ex, status, "text/plain", "upstream says no");
    } else if (path.equals("/big")) {
      send(ex, 200, "application/json", "[" + "1,".repeat(100_000) + "1]");
    } else if (path.equals("/slow")) {
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      send(ex, 200, "application/json", "{}");
    } else if (path.equals("/text")) {
      send(ex, 200, "text/plain; charset=utf-8", "héllo");
    } else {
      send(
          ex,
          200,
          "application/json",
          "{\"echo\":"
              + Json.write(Json.object().put("path", ex.getRequestURI().getRawPath()))
              + "}");
    }
  }

  private static void send(HttpExchange ex, int status, String type, String text)
      throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().add("Content-Type", type);
    ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  private ToolDefinition define(
      String name, Implementation.Http http, List<String> secrets, ToolPolicy policy) {
    return ToolDefinition.builder(name, Json.parse(SCHEMA))
        .secrets(secrets)
        .policy(policy)
        .implementation(http)
        .build();
  }

  private HttpToolExecutor executor(ToolDefinition def, long cap) {
    return new HttpToolExecutor(def, client, env::get, Duration.ofSeconds(10), cap);
  }

  private void register(String name, Implementation.Http http) {
    register(define(name, http, List.of("API_KEY"), ToolPolicy.INHERIT), 1 << 20);
  }

  private void register(ToolDefinition def, long cap) {
    registry.register(new RegisteredTool(def, executor(def, cap)));
  }

  private static Implementation.Http get(String url) {
    return new Implementation.Http("GET", url, Map.of(), Map.of(), Optional.empty());
  }

  private ToolResult call(String name, String args) {
    return invoker.invoke(name, Json.parse(args));
  }

  @Test
  void fillsPathQueryAndHeadersFromArgumentsAndDeclaredSecrets() {
    register(
        "repos",
        new Implementation.Http(
            "GET",
            base + "/v1/users/{user}/repos?sort=updated&q={q}",
            Map.of("Authorization", "Bearer ${API_KEY}", "X-Limit", "{limit}"),
            Map.of("key", "${API_KEY}", "per_page", "{limit}"),
            Optional.empty()));

    ToolResult r = call("repos", "{\"user\":\"ana maria\",\"q\":\"a&b=c ü\",\"limit\":5}");

    assertThat(r.ok()).isTrue();
    Seen s = seen.getFirst();
    assertThat(s.rawPath()).isEqualTo("/v1/users/ana%20maria/repos");
    assertThat(s.rawQuery()).isEqualTo("sort=updated&q=a%26b%3Dc%20%C3%BC&key=k-123&per_page=5");
    assertThat(s.headers().get("Authorization")).containsExactly("Bearer k-123");
    assertThat(s.headers().get("X-limit")).containsExactly("5");
  }

  @Test
  void anAbsentOptionalArgumentOmitsItsQueryParameterAndHeader() {
    register(
        "search",
        new Implementation.Http(
            "GET",
            base + "/search?q={q}&limit={limit}",
            Map.of("X-Limit", "{limit}"),
            Map.of(),
            Optional.empty()));

    call("search", "{\"q\":\"x\"}");

    assertThat(seen.getFirst().rawQuery()).isEqualTo("q=x");
    assertThat(seen.getFirst().headers()).doesNotContainKey("X-limit");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "@evil.com",
        "//evil.com/",
        "http://evil.com/x",
        "%2F..%2F..",
        "a/../../admin",
        "evil.com:80",
        "?x=1#"
      })
  void anArgumentCannotMoveTheRequestOffItsHostOrPath(String user) {
    register("repos", get(base + "/v1/users/{user}/repos"));

    ToolResult r = call("repos", Json.write(Json.object().put("user", user)));

    assertThat(r.ok()).isTrue();
    Seen s = seen.getFirst();
    assertThat(s.rawPath()).startsWith("/v1/users/").endsWith("/repos");
    assertThat(
            s.rawPath().substring("/v1/users/".length(), s.rawPath().length() - "/repos".length()))
        .doesNotContain("/")
        .isEqualTo(Encoding.component(user));
    assertThat(s.headers().get("Host"))
        .containsExactly("127.0.0.1:" + server.getAddress().getPort());
  }

  @ParameterizedTest
  @ValueSource(strings = {"..", ".", ""})
  void aDotOrEmptyPathSegmentIsInvalidArguments(String user) {
    register("repos", get(base + "/v1/users/{user}/repos"));

    ToolError error =
        call("repos", Json.write(Json.object().put("user", user))).error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
    assertThat(error.message()).startsWith("repos: a path segment may not be");
    assertThat(seen).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://{user}/x",
        "http://127.0.0.1:{limit}/x",
        "https://${API_KEY}.example.com/",
        "http://a{user}.example.com/"
      })
  void aPlaceholderInSchemeHostOrPortIsRejectedAtLoad(String url) {
    ToolDefinition def = define("bad", get(url), List.of("API_KEY"), ToolPolicy.INHERIT);

    assertThatThrownBy(() -> executor(def, 100))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("scheme, host or port");
  }

  @Test
  void anUndeclaredSecretIsRejectedAtLoad() {
    ToolDefinition def =
        define(
            "leaky",
            new Implementation.Http(
                "GET",
                base + "/x",
                Map.of("Authorization", "${OTHER}"),
                Map.of(),
                Optional.empty()),
            List.of("API_KEY"),
            ToolPolicy.INHERIT);

    assertThatThrownBy(() -> executor(def, 100))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("${OTHER}, which the tool does not declare");
  }

  @Test
  void anUnknownParameterIsRejectedAtLoad() {
    ToolDefinition def = define("typo", get(base + "/users/{usr}"), List.of(), ToolPolicy.INHERIT);

    assertThatThrownBy(() -> executor(def, 100))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("{usr}, which is not a parameter");
  }

  @Test
  void aHostHeaderCannotBeTemplated() {
    ToolDefinition def =
        define(
            "host",
            new Implementation.Http(
                "GET", base + "/x", Map.of("Host", "{user}"), Map.of(), Optional.empty()),
            List.of(),
            ToolPolicy.INHERIT);

    assertThatThrownBy(() -> executor(def, 100))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("Host");
  }

  @Test
  void aHeaderValueWithALineBreakIsInvalidArguments() {
    register(
        "h",
        new Implementation.Http(
            "GET", base + "/x", Map.of("X-User", "{user}"), Map.of(), Optional.empty()));

    ToolError error = call("h", "{\"user\":\"a\\r\\nX-Admin: 1\"}").error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
    assertThat(seen).isEmpty();
  }

  @ParameterizedTest
  @CsvSource({
    "401, forbidden",
    "403, forbidden",
    "404, execution_failed",
    "400, execution_failed",
    "422, execution_failed",
    "500, execution_failed",
    "302, execution_failed",
    "408, unavailable",
    "429, unavailable",
    "503, unavailable",
    "504, unavailable"
  })
  void errorStatusesMapToErrorCodes(int status, String code) {
    register("st", get(base + "/status/" + status));

    ToolError error = call("st", "{}").error().orElseThrow();

    assertThat(error.code().wire()).isEqualTo(code);
    assertThat(error.message()).startsWith("st: HTTP " + status + ": upstream says no");
  }

  @Test
  void unavailableNamesRetryAfterAndRedirectsAreNotFollowed() {
    register("busy", get(base + "/status/429"));
    register("moved", get(base + "/status/302"));

    assertThat(call("busy", "{}").error().orElseThrow().message()).endsWith("(retry after 7)");
    assertThat(call("moved", "{}").error().orElseThrow().message())
        .contains("redirect to http://evil.example/ not followed");
    assertThat(seen).hasSize(2);
  }

  @Test
  void aResponseOverTheCapIsTooLarge() {
    register(define("big", get(base + "/big"), List.of(), ToolPolicy.INHERIT), 10_000);

    ToolError error = call("big", "{}").error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.TOO_LARGE);
    assertThat(error.message())
        .isEqualTo("big: the response is larger than 10000 bytes (the result cap)");
  }

  @Test
  void aSlowServerTimesOut() {
    register(
        define(
            "slow", get(base + "/slow"), List.of(), ToolPolicy.withTimeout(Duration.ofMillis(300))),
        1000);

    ToolError error = call("slow", "{}").error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(error.message()).startsWith("slow: ");
  }

  @Test
  void aNonJsonBodyIsReturnedAsStatusContentTypeAndText() {
    register("txt", get(base + "/text"));

    JsonNode r = call("txt", "{}").result().orElseThrow();

    assertThat(r)
        .isEqualTo(
            Json.parse(
                "{\"status\":200,\"content_type\":\"text/plain;"
                    + " charset=utf-8\",\"text\":\"héllo\"}"));
  }

  @Test
  void aBodyTemplateTakesArgumentsAsJsonValues() {
    register(
        "post",
        new Implementation.Http(
            "POST",
            base + "/items",
            Map.of(),
            Map.of(),
            Optional.of(
                Json.parse(
                    "{\"name\":\"{user}\",\"n\":\"{limit}\",\"tags\":\"{tags}\",\"fixed\":\"{user}"
                        + " literal\",\"missing\":\"{q}\"}"))));

    call("post", "{\"user\":\"ana\",\"limit\":3,\"tags\":[\"a\",\"b\"]}");

    Seen s = seen.getFirst();
    assertThat(s.method()).isEqualTo("POST");
    assertThat(s.headers().get("Content-type")).containsExactly("application/json");
    assertThat(Json.parse(s.body()))
        .isEqualTo(
            Json.parse(
                "{\"name\":\"ana\",\"n\":3,\"tags\":[\"a\",\"b\"],\"fixed\":\"{user} literal\"}"));
  }

  @Test
  void withoutABodyTemplateAPostSendsTheArguments() {
    register(
        "post",
        new Implementation.Http("POST", base + "/items", Map.of(), Map.of(), Optional.empty()));

    call("post", "{\"user\":\"ana\"}");

    assertThat(Json.parse(seen.getFirst().body())).isEqualTo(Json.parse("{\"user\":\"ana\"}"));
  }

  @Test
  void aSecretNotSetInTheEnvironmentMakesTheCallUnavailable() {
    ToolDefinition def =
        define(
            "nokey",
            new Implementation.Http(
                "GET", base + "/x", Map.of("X-Key", "${MISSING_KEY}"), Map.of(), Optional.empty()),
            List.of("MISSING_KEY"),
            ToolPolicy.INHERIT);
    register(def, 1000);

    ToolError error = call("nokey", "{}").error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.UNAVAILABLE);
    assertThat(error.message())
        .isEqualTo("nokey: secret MISSING_KEY is not set in the gateway's environment");
  }

  @Test
  void aClosedPortIsUnavailable() throws IOException {
    int port;
    try (var socket = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    register("closed", get("http://127.0.0.1:" + port + "/x"));

    ToolError error = call("closed", "{}").error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.UNAVAILABLE);
    assertThat(error.message()).startsWith("closed: cannot connect to http://127.0.0.1:" + port);
  }
}
