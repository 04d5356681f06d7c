package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Every REST endpoint over a real loopback socket, on an open server. */
class RestApiTest {
  @TempDir static Path data;
  static TestServer t;

  @BeforeAll
  static void start() {
    t = TestServer.start(TestServer.settings(data));
  }

  @AfterAll
  static void stop() {
    t.close();
  }

  private static List<String> names(JsonNode array, String field) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.path(field).asString()));
    return out;
  }

  @Test
  void healthzAnswersOk() {
    TestServer.Response r = t.get("/healthz");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.json().path("status").asString()).isEqualTo("ok");
  }

  @Test
  void readyzSaysReadyAndWhetherVectorsAreReady() {
    JsonNode r = t.get("/readyz").json();
    assertThat(r.path("status").asString()).isEqualTo("ready");
    assertThat(r.path("tools").asInt()).isEqualTo(5);
    assertThat(r.path("vectors_ready").asBoolean()).isFalse();
    assertThat(r.path("search_mode").asString()).startsWith("lexical_");
  }

  @Test
  void listingToolsGivesThePlannerViewSortedByName() {
    TestServer.Response r = t.get("/v1/tools");
    assertThat(r.status()).isEqualTo(200);
    JsonNode tools = r.json().path("tools");
    assertThat(names(tools, "name"))
        .containsExactly("big_result", "echo", "explode", "send_email", "weather_current");
    assertThat(tools.get(1).propertyNames()).containsExactly("name", "description");
    assertThat(r.json().path("total").asInt()).isEqualTo(5);
  }

  @Test
  void listingToolsPagesWithACursor() {
    JsonNode first = t.get("/v1/tools?limit=2").json();
    assertThat(names(first.path("tools"), "name")).containsExactly("big_result", "echo");
    String cursor = first.path("next_cursor").asString();
    JsonNode second = t.get("/v1/tools?limit=2&cursor=" + cursor).json();
    assertThat(names(second.path("tools"), "name")).containsExactly("explode", "send_email");
    JsonNode third = t.get("/v1/tools?limit=2&cursor=send_email").json();
    assertThat(names(third.path("tools"), "name")).containsExactly("weather_current");
    assertThat(third.has("next_cursor")).isFalse();
  }

  @Test
  void listingToolsFiltersByTagAndSource() {
    assertThat(names(t.get("/v1/tools?tag=util").json().path("tools"), "name"))
        .containsExactly("big_result", "echo", "explode");
    assertThat(names(t.get("/v1/tools?source=file:email.yaml").json().path("tools"), "name"))
        .containsExactly("send_email");
  }

  @Test
  void aToolReadsAsItsFullDefinition() {
    JsonNode def = t.get("/v1/tools/weather_current").json();
    assertThat(def.path("name").asString()).isEqualTo("weather_current");
    assertThat(def.path("parameters").path("required").get(0).asString()).isEqualTo("city");
    assertThat(def.path("schema_version").asString()).isEqualTo("0.1.0");
    assertThat(def.path("checksum").asString()).hasSize(16);
    assertThat(def.path("id").asString()).hasSize(36);
  }

  @Test
  void anUnknownToolIs404WithCloseNames() {
    TestServer.Response r = t.get("/v1/tools/weather_curent");
    assertThat(r.status()).isEqualTo(404);
    assertThat(r.errorCode()).isEqualTo("unknown_tool");
    assertThat(r.errorMessage()).contains("did you mean: weather_current");
  }

  @Test
  void aToolRendersForEveryProvider() {
    JsonNode r = t.get("/v1/tools/weather_current/render").json().path("renderings");
    assertThat(r.propertyNames())
        .contains("openai", "openai_responses", "anthropic", "gemini", "mcp", "xml");
    assertThat(r.path("openai").path("function").path("name").asString())
        .isEqualTo("weather_current");
    assertThat(r.path("anthropic").has("input_schema")).isTrue();
    assertThat(r.path("xml").asString()).contains("weather_current");
  }

  @Test
  void aToolRendersForOneProvider() {
    JsonNode r = t.get("/v1/tools/echo/render?format=mcp").json().path("renderings");
    assertThat(r.propertyNames()).containsExactly("mcp");
    assertThat(r.path("mcp").has("inputSchema")).isTrue();
  }

  @Test
  void anUnknownRenderFormatIs400ListingTheFormats() {
    TestServer.Response r = t.get("/v1/tools/echo/render?format=cobol");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.errorMessage()).contains("openai").contains("anthropic");
  }

  @Test
  void invokingAToolReturnsItsToolResult() {
    TestServer.Response r =
        t.post(
            "/v1/tools/weather_current:invoke",
            "{\"schema_version\":\"0.1.0\",\"args\":{\"city\":\"Lisbon\"}}");
    assertThat(r.status()).isEqualTo(200);
    JsonNode json = r.json();
    assertThat(json.path("ok").asBoolean()).isTrue();
    assertThat(json.path("tool_id").asString()).isEqualTo("weather_current");
    assertThat(json.path("result").path("city").asString()).isEqualTo("Lisbon");
    assertThat(json.path("metrics").path("latency_ms").isNumber()).isTrue();
  }

  @Test
  void invalidArgumentsGiveAFailedToolResultWithPointers() {
    TestServer.Response r = t.post("/v1/tools/weather_current:invoke", "{\"args\":{\"city\":5}}");
    assertThat(r.status()).isEqualTo(200);
    JsonNode json = r.json();
    assertThat(json.path("ok").asBoolean()).isFalse();
    assertThat(json.path("error").path("code").asString()).isEqualTo("invalid_arguments");
    assertThat(json.path("error").path("details").get(0).path("pointer").asString())
        .isEqualTo("/city");
  }

  @Test
  void aFailingToolGivesExecutionFailed() {
    JsonNode json = t.post("/v1/tools/explode:invoke", "{\"args\":{}}").json();
    assertThat(json.path("ok").asBoolean()).isFalse();
    assertThat(json.path("error").path("code").asString()).isEqualTo("execution_failed");
    assertThat(json.path("error").path("message").asString()).contains("boom");
  }

  @Test
  void invokingAnUnknownToolGivesUnknownToolWithSuggestions() {
    JsonNode json = t.post("/v1/tools/ecko:invoke", "{\"args\":{}}").json();
    assertThat(json.path("error").path("code").asString()).isEqualTo("unknown_tool");
    assertThat(json.path("error").path("suggestions").get(0).asString()).isEqualTo("echo");
  }

  @Test
  void anInvokeRequestWithoutArgsIs400() {
    TestServer.Response r = t.post("/v1/tools/echo:invoke", "{\"schema_version\":\"0.1.0\"}");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.errorCode()).isEqualTo("invalid_request");
    assertThat(r.errorMessage()).contains("'args'");
  }

  @Test
  void anInvokeRequestWithAnUnknownFieldIs400ListingTheFields() {
    TestServer.Response r = t.post("/v1/tools/echo:invoke", "{\"arg\":{}}");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.errorMessage()).contains("unknown field 'arg'").contains("args");
  }

  @Test
  void anUnsupportedSchemaVersionIs400() {
    TestServer.Response r =
        t.post("/v1/tools/echo:invoke", "{\"schema_version\":\"9.0\",\"args\":{\"text\":\"a\"}}");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.errorCode()).isEqualTo("unsupported_schema_version");
  }

  @Test
  void postingToAToolWithoutInvokeIs404WithTheRightPath() {
    TestServer.Response r = t.post("/v1/tools/echo:run", "{\"args\":{}}");
    assertThat(r.status()).isEqualTo(404);
    assertThat(r.errorMessage()).contains("/v1/tools/echo:invoke");
  }

  @Test
  void traceIdsReachTheAuditLog() throws Exception {
    t.post(
        "/v1/tools/echo:invoke",
        "{\"args\":{\"text\":\"hi\"},\"trace\":{\"flow_id\":\"flow-77\",\"step_id\":\"s1\"}}");
    List<String> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(data.resolve("audit"))) {
      for (Path f : files.toList()) {
        lines.addAll(Files.readAllLines(f));
      }
    }
    assertThat(lines)
        .anySatisfy(
            l -> {
              JsonNode e = io.toolgate.json.Json.parse(l);
              assertThat(e.path("event").asString()).isEqualTo("call");
              assertThat(e.path("tool").asString()).isEqualTo("echo");
              assertThat(e.path("principal").asString()).isEqualTo("anonymous");
              assertThat(e.path("outcome").asString()).isEqualTo("ok");
              assertThat(e.path("trace").path("flow_id").asString()).isEqualTo("flow-77");
              assertThat(e.has("arguments")).isFalse();
            });
  }

  @Test
  void aMalformedTraceIs400() {
    TestServer.Response r =
        t.post("/v1/tools/echo:invoke", "{\"args\":{\"text\":\"a\"},\"trace\":\"f1\"}");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.errorMessage()).contains("trace");
  }

  @Test
  void searchAnswersInTheToolSearchShape() {
    TestServer.Response r =
        t.post("/v1/tools:search", "{\"query\":\"weather in a city\",\"limit\":3}");
    assertThat(r.status()).isEqualTo(200);
    JsonNode json = r.json();
    assertThat(json.propertyNames())
        .contains("query", "keywords", "search_mode", "fallback", "tools");
    JsonNode top = json.path("tools").get(0);
    assertThat(top.path("tool_id").asString()).isEqualTo("weather_current");
    assertThat(top.propertyNames())
        .contains(
            "tool_id", "description", "parameters", "score", "matched_terms", "match_sources");
    assertThat(top.path("score").asDouble()).isBetween(0.0, 1.0);
    JsonNode channel = top.path("match_sources").get(0);
    assertThat(channel.path("rank").asInt()).isPositive();
    assertThat(channel.path("source").asString()).isNotEmpty();
  }

  @Test
  void searchFiltersByTag() {
    JsonNode json =
        t.post("/v1/tools:search", "{\"query\":\"send\",\"filter\":{\"tags\":[\"util\"]}}").json();
    assertThat(names(json.path("tools"), "tool_id")).doesNotContain("send_email");
  }

  @Test
  void anEmptySearchQueryIs400() {
    TestServer.Response r = t.post("/v1/tools:search", "{\"query\":\"  \"}");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.errorMessage()).contains("query must not be empty");
  }

  @Test
  void aSearchLimitBelowOneIs400() {
    TestServer.Response r = t.post("/v1/tools:search", "{\"query\":\"mail\",\"limit\":0}");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.errorMessage()).contains("limit");
  }

  @Test
  void aSearchWithoutQueryIs400() {
    TestServer.Response r = t.post("/v1/tools:search", "{\"limit\":3}");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.errorMessage()).contains("query");
  }

  @Test
  void toolInvokeCallsByToolId() {
    JsonNode json =
        t.post("/v1/tool_invoke", "{\"tool_id\":\"echo\",\"arguments\":{\"text\":\"hey\"}}").json();
    assertThat(json.path("ok").asBoolean()).isTrue();
    assertThat(json.path("result").path("text").asString()).isEqualTo("hey");
  }

  @Test
  void toolInvokeWithoutToolIdIs400() {
    TestServer.Response r = t.post("/v1/tool_invoke", "{\"arguments\":{}}");
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.errorMessage()).contains("tool_id");
  }

  @Test
  void capabilitiesSayWhichBackendsAreActive() {
    JsonNode json = t.get("/v1/capabilities").json();
    assertThat(names(json.path("backends"), "x")).hasSize(json.path("backends").size());
    assertThat(json.path("backends").toString()).contains("keyword");
    assertThat(json.path("search").path("vectors_ready").asBoolean()).isFalse();
    assertThat(json.path("auth").asString()).isEqualTo("open");
    assertThat(json.path("registrations").asString()).isEqualTo("durable");
    assertThat(json.path("tools").asInt()).isEqualTo(5);
    assertThat(json.path("caller").path("id").asString()).isEqualTo("anonymous");
  }

  @Test
  void sandboxesAggregateTheirTools() {
    JsonNode json = t.get("/v1/sandboxes").json().path("sandboxes");
    assertThat(json.get(0).path("name").asString()).isEqualTo("default");
    assertThat(json.get(0).path("tools").size()).isEqualTo(5);
  }

  @Test
  void sourcesCountTheirTools() {
    JsonNode json = t.get("/v1/sources").json().path("sources");
    assertThat(names(json, "source"))
        .containsExactly("builtin", "file:email.yaml", "file:weather.yaml");
    assertThat(json.get(0).path("tools").asInt()).isEqualTo(3);
  }

  @Test
  void theOpenApiDocumentDescribesEveryRoute() {
    JsonNode doc = t.get("/v1/openapi.json").json();
    assertThat(doc.path("openapi").asString()).startsWith("3.1");
    assertThat(doc.path("paths").propertyNames())
        .contains(
            "/v1/tools",
            "/v1/tools/{name}",
            "/v1/tools/{name}:invoke",
            "/v1/tools:search",
            "/v1/tool_invoke",
            "/v1/capabilities",
            "/v1/sandboxes",
            "/healthz",
            "/readyz",
            "/metrics");
  }

  @Test
  void metricsCountRequestsSearchesAndCallsPerTool() {
    t.post("/v1/tools/echo:invoke", "{\"args\":{\"text\":\"m\"}}");
    t.post("/v1/tools/explode:invoke", "{\"args\":{}}");
    t.post("/v1/tools:search", "{\"query\":\"email\"}");
    TestServer.Response r = t.get("/metrics");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith("text/plain");
    assertThat(r.body())
        .contains("toolgate_http_requests_seconds_count{method=\"POST\",route=\"/v1/tools:search\"")
        .contains("toolgate_search_seconds_count{mode=")
        .contains("toolgate_tool_calls_seconds_count{outcome=\"ok\",tool=\"echo\"}")
        .contains("toolgate_tool_errors_total{code=\"execution_failed\",tool=\"explode\"}")
        .contains("toolgate_tools ");
  }

  @Test
  void theConsoleIsServedAtTheRoot() {
    TestServer.Response r = t.get("/");
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.header("Content-Type")).startsWith("text/html");
    assertThat(r.header("Content-Security-Policy")).contains("default-src 'self'");
    assertThat(r.body()).contains("Toolgate");
    assertThat(t.get("/console/app.js").status()).isEqualTo(200);
    assertThat(t.get("/console/style.css").status()).isEqualTo(200);
  }
}
