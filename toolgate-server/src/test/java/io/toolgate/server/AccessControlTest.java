package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.server.auth.KeysFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** A server with a keys file: authentication, scopes, tool filters and rate limits. */
class AccessControlTest {
  @TempDir static Path data;
  static TestServer t;
  static final String ADMIN = KeysFile.generateKey();
  static final String PLANNER = KeysFile.generateKey();
  static final String WEATHER = KeysFile.generateKey();
  static final String SLOW = KeysFile.generateKey();

  @BeforeAll
  static void start() throws Exception {
    Path keys = data.resolve("keys.yaml");
    Files.writeString(
        keys,
        """
        keys:
          - id: ops
            hash: "%s"
            scopes: [search, invoke, admin]
          - id: planner
            hash: "%s"
            scopes: [search]
          - id: weather-bot
            hash: "%s"
            scopes: [search, invoke]
            tools: {names: ["weather_*", "echo"], sources: ["file:*", "builtin"]}
          - id: slow
            hash: "%s"
            scopes: [search]
            rate_limit: {per_second: 0.01, burst: 2}
        """
            .formatted(
                KeysFile.hash(ADMIN),
                KeysFile.hash(PLANNER),
                KeysFile.hash(WEATHER),
                KeysFile.hash(SLOW)));
    t = TestServer.start(TestServer.settings(data.resolve("data")).withKeysFile(keys));
  }

  @AfterAll
  static void stop() {
    t.close();
  }

  private static String[] bearer(String key) {
    return new String[] {"Authorization", "Bearer " + key};
  }

  private static List<String> names(JsonNode array, String field) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.path(field).asString()));
    return out;
  }

  @Test
  void aRequestWithoutAKeyIs401SayingWhatIsMissing() {
    TestServer.Response r = t.get("/v1/tools");
    assertThat(r.status()).isEqualTo(401);
    assertThat(r.errorCode()).isEqualTo("unauthorized");
    assertThat(r.errorMessage()).contains("missing API key").contains("scope 'search'");
    assertThat(r.header("WWW-Authenticate")).startsWith("Bearer");
  }

  @Test
  void anUnknownKeyIs401() {
    TestServer.Response r = t.get("/v1/tools", bearer("tgk_not-a-real-key-at-all"));
    assertThat(r.status()).isEqualTo(401);
    assertThat(r.errorMessage()).contains("not valid");
  }

  @Test
  void aValidKeyIsAccepted() {
    assertThat(t.get("/v1/tools", bearer(PLANNER)).status()).isEqualTo(200);
  }

  @Test
  void theXApiKeyHeaderIsAccepted() {
    assertThat(t.get("/v1/tools", "X-API-Key", PLANNER).status()).isEqualTo(200);
  }

  @Test
  void aKeyWithoutTheScopeIs403NamingIt() {
    TestServer.Response r =
        t.post("/v1/tools/echo:invoke", "{\"args\":{\"text\":\"a\"}}", bearer(PLANNER));
    assertThat(r.status()).isEqualTo(403);
    assertThat(r.errorCode()).isEqualTo("forbidden");
    assertThat(r.errorMessage())
        .contains("key 'planner'")
        .contains("lacks scope 'invoke'")
        .contains("[search]");
  }

  @Test
  void registeringNeedsTheAdminScope() {
    TestServer.Response r = t.post("/v1/tools", "{\"name\":\"x\"}", bearer(WEATHER));
    assertThat(r.status()).isEqualTo(403);
    assertThat(r.errorMessage()).contains("lacks scope 'admin'");
  }

  @Test
  void metricsNeedTheAdminScope() {
    assertThat(t.get("/metrics", bearer(PLANNER)).status()).isEqualTo(403);
    assertThat(t.get("/metrics", bearer(ADMIN)).status()).isEqualTo(200);
  }

  @Test
  void publicRoutesNeedNoKey() {
    assertThat(t.get("/healthz").status()).isEqualTo(200);
    assertThat(t.get("/readyz").status()).isEqualTo(200);
    assertThat(t.get("/v1/openapi.json").status()).isEqualTo(200);
    assertThat(t.get("/").status()).isEqualTo(200);
  }

  @Test
  void aKeyListsOnlyItsTools() {
    JsonNode json = t.get("/v1/tools", bearer(WEATHER)).json();
    assertThat(names(json.path("tools"), "name")).containsExactly("echo", "weather_current");
    assertThat(json.path("total").asInt()).isEqualTo(2);
  }

  @Test
  void aKeySearchesOnlyItsTools() {
    JsonNode json =
        t.post("/v1/tools:search", "{\"query\":\"send an email message\"}", bearer(WEATHER)).json();
    assertThat(names(json.path("tools"), "tool_id")).doesNotContain("send_email");
  }

  @Test
  void aHiddenToolReadsAsUnknown() {
    TestServer.Response r = t.get("/v1/tools/send_email", bearer(WEATHER));
    assertThat(r.status()).isEqualTo(404);
    assertThat(r.errorCode()).isEqualTo("unknown_tool");
  }

  @Test
  void aHiddenToolCannotBeCalledAndReadsAsUnknown() {
    TestServer.Response r =
        t.post(
            "/v1/tools/send_email:invoke",
            "{\"args\":{\"to\":\"a@b.c\",\"subject\":\"hi\"}}",
            bearer(WEATHER));
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.json().path("ok").asBoolean()).isFalse();
    assertThat(r.json().path("error").path("code").asString()).isEqualTo("unknown_tool");
  }

  @Test
  void aVisibleToolCanBeCalled() {
    TestServer.Response r =
        t.post(
            "/v1/tools/weather_current:invoke", "{\"args\":{\"city\":\"Oslo\"}}", bearer(WEATHER));
    assertThat(r.json().path("ok").asBoolean()).isTrue();
  }

  @Test
  void capabilitiesDescribeTheCallersKey() {
    JsonNode json = t.get("/v1/capabilities", bearer(WEATHER)).json();
    assertThat(json.path("auth").asString()).isEqualTo("api_keys");
    assertThat(json.path("caller").path("id").asString()).isEqualTo("weather-bot");
    assertThat(names(json.path("caller").path("scopes"), "x")).hasSize(2);
    assertThat(json.path("tools").asInt()).isEqualTo(2);
  }

  @Test
  void aKeyOverItsRateLimitGets429WithRetryAfter() {
    assertThat(t.get("/v1/tools", bearer(SLOW)).status()).isEqualTo(200);
    assertThat(t.get("/v1/tools", bearer(SLOW)).status()).isEqualTo(200);
    TestServer.Response r = t.get("/v1/tools", bearer(SLOW));
    assertThat(r.status()).isEqualTo(429);
    assertThat(r.errorCode()).isEqualTo("rate_limited");
    assertThat(Long.parseLong(r.header("Retry-After"))).isPositive();
    assertThat(r.errorMessage()).contains("'slow'");
  }

  @Test
  void rateLimitsArePerKey() {
    for (int i = 0; i < 5; i++) {
      assertThat(t.get("/v1/tools", bearer(PLANNER)).status()).isEqualTo(200);
    }
  }
}
