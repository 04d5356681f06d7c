package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.server.auth.Scope;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Malformed requests and limits: always a structured JSON error, never a stack trace. */
class ErrorsTest {
  @TempDir static Path data;
  static TestServer t;

  @BeforeAll
  static void start() {
    ServerSettings settings =
        TestServer.settings(data)
            .withLimits(
                ServerSettings.Limits.DEFAULTS
                    .withMaxBodyBytes(4096)
                    .withMaxArgumentBytes(1024)
                    .withMaxResultBytes(2048));
    RouteModule failing =
        routes ->
            routes.get(
                "/v1/test/fail",
                Scope.SEARCH,
                ctx -> {
                  throw new IllegalStateException("secret internals");
                });
    t = TestServer.start(settings, b -> b.routes(failing));
  }

  @AfterAll
  static void stop() {
    t.close();
  }

  private static void assertJsonError(TestServer.Response r, int status, String code) {
    assertThat(r.status()).isEqualTo(status);
    assertThat(r.header("Content-Type")).startsWith("application/json");
    JsonNode error = r.json().path("error");
    assertThat(error.path("code").asString()).isEqualTo(code);
    assertThat(error.path("message").asString()).isNotBlank();
    assertThat(r.body()).doesNotContain("at io.").doesNotContain("Exception");
  }

  @Test
  void malformedJsonIs400SayingWhere() {
    TestServer.Response r = t.post("/v1/tools:search", "{\"query\": \"mail\",");
    assertJsonError(r, 400, "invalid_request");
    assertThat(r.errorMessage()).contains("not valid JSON").contains("line 1");
  }

  @Test
  void anEmptyBodyIs400() {
    assertJsonError(t.post("/v1/tools:search", ""), 400, "invalid_request");
  }

  @Test
  void aBodyThatIsNotAnObjectIs400() {
    TestServer.Response r = t.post("/v1/tools:search", "[1,2]");
    assertJsonError(r, 400, "invalid_request");
    assertThat(r.errorMessage()).contains("must be a JSON object, got array");
  }

  @Test
  void aWrongContentTypeIs415() {
    TestServer.Response r =
        t.send("POST", "/v1/tools:search", "query=mail", "application/x-www-form-urlencoded");
    assertJsonError(r, 415, "unsupported_media_type");
    assertThat(r.errorMessage()).contains("application/json");
  }

  @Test
  void aMissingContentTypeIs415() {
    assertJsonError(
        t.send("POST", "/v1/tools:search", "{\"query\":\"x\"}", null),
        415,
        "unsupported_media_type");
  }

  @Test
  void anUnknownRouteIs404() {
    TestServer.Response r = t.get("/v1/nothing/here");
    assertJsonError(r, 404, "not_found");
    assertThat(r.errorMessage()).contains("/v1/openapi.json");
  }

  @Test
  void aWrongMethodIs405() {
    TestServer.Response r = t.send("PATCH", "/v1/tools", "{}", "application/json");
    assertJsonError(r, 405, "method_not_allowed");
    assertJsonError(t.delete("/v1/tools:search"), 405, "method_not_allowed");
  }

  @Test
  void aBodyOverTheLimitIs413() {
    String big = "{\"query\":\"" + "x".repeat(5000) + "\"}";
    TestServer.Response r = t.post("/v1/tools:search", big);
    assertJsonError(r, 413, "too_large");
    assertThat(r.errorMessage()).contains("4096").contains("max_body_bytes");
  }

  @Test
  void argumentsOverTheLimitGiveATooLargeToolResult() {
    String args = "{\"args\":{\"text\":\"" + "y".repeat(2000) + "\"}}";
    TestServer.Response r = t.post("/v1/tools/echo:invoke", args);
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.json().path("ok").asBoolean()).isFalse();
    assertThat(r.json().path("error").path("code").asString()).isEqualTo("too_large");
  }

  @Test
  void aResultOverTheLimitBecomesATooLargeToolResult() {
    TestServer.Response r = t.post("/v1/tools/big_result:invoke", "{\"args\":{\"size\":5000}}");
    assertThat(r.status()).isEqualTo(200);
    JsonNode json = r.json();
    assertThat(json.path("ok").asBoolean()).isFalse();
    assertThat(json.path("error").path("code").asString()).isEqualTo("too_large");
    assertThat(json.path("error").path("message").asString()).contains("max_result_bytes");
    assertThat(r.body().length()).isLessThan(2048);
  }

  @Test
  void aResultUnderTheLimitPassesThrough() {
    TestServer.Response r = t.post("/v1/tools/big_result:invoke", "{\"args\":{\"size\":100}}");
    assertThat(r.json().path("ok").asBoolean()).isTrue();
  }

  @Test
  void anUnexpectedFailureIs500WithAnIncidentIdAndNoStackTrace() {
    TestServer.Response r = t.get("/v1/test/fail");
    assertJsonError(r, 500, "internal_error");
    assertThat(r.errorMessage()).contains("incident").doesNotContain("secret internals");
  }

  @Test
  void aNonNumericPageLimitIs400() {
    assertJsonError(t.get("/v1/tools?limit=lots"), 400, "invalid_request");
  }
}
