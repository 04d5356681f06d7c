package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Over a real loopback server: schema versions (checksum and ETag), a tool registered with {@code
 * as_tool: false}, and the invoke request's {@code context} reaching a command tool.
 */
class VersionsHiddenToolsAndContextTest {
  /** A command tool that prints its context, hidden from models. */
  static final String WHOAMI =
      """
      {"name": "whoami", "description": "Print who the caller is for internal audits.",
       "parameters": {"type": "object", "properties": {}},
       "command": ["sh", "-c", "printf '%s' \\"${TOOLGATE_CONTEXT:-none}\\""],
       "as_tool": false}
      """;

  @TempDir static Path data;
  static TestServer t;

  @BeforeAll
  static void start() {
    t = TestServer.start(TestServer.settings(data));
    assertThat(t.post("/v1/tools", WHOAMI).status()).isEqualTo(201);
  }

  @AfterAll
  static void stop() {
    t.close();
  }

  private static List<String> names(JsonNode tools, String field) {
    List<String> out = new ArrayList<>();
    tools.forEach(n -> out.add(n.path(field).asString()));
    return out;
  }

  @Test
  void aToolAnswersWithItsChecksumAsETagAndNotModifiedForAMatchingIfNoneMatch() {
    TestServer.Response first = t.get("/v1/tools/weather_current");
    String checksum = first.json().path("checksum").asString();

    assertThat(first.header("ETag")).isEqualTo("\"" + checksum + "\"");
    TestServer.Response again =
        t.get("/v1/tools/weather_current", "If-None-Match", "\"" + checksum + "\"");
    assertThat(again.status()).isEqualTo(304);
    assertThat(again.body()).isEmpty();
    assertThat(again.header("ETag")).isEqualTo("\"" + checksum + "\"");
    assertThat(
            t.get("/v1/tools/weather_current", "If-None-Match", "\"0000\", W/\"" + checksum + "\"")
                .status())
        .isEqualTo(304);
    assertThat(t.get("/v1/tools/weather_current", "If-None-Match", "\"0000\"").status())
        .isEqualTo(200);
  }

  @Test
  void everySearchHitCarriesTheChecksumOfItsDefinition() {
    JsonNode hit =
        t.post("/v1/tools:search", "{\"query\": \"weather in a city\"}")
            .json()
            .path("tools")
            .get(0);

    assertThat(hit.path("tool_id").asString()).isEqualTo("weather_current");
    assertThat(hit.path("checksum").asString())
        .isEqualTo(t.get("/v1/tools/weather_current").json().path("checksum").asString());
  }

  @Test
  void aHiddenToolIsLeftOutOfThePlannerListAndSearchButShownToTheOperator() {
    assertThat(names(t.get("/v1/tools").json().path("tools"), "name")).doesNotContain("whoami");
    assertThat(names(t.get("/v1/tools?view=full").json().path("tools"), "name")).contains("whoami");
    assertThat(t.get("/v1/tools/whoami").json().path("as_tool").asBoolean(true)).isFalse();
    assertThat(
            names(
                t.post("/v1/tools:search", "{\"query\": \"who is the caller internal audit\"}")
                    .json()
                    .path("tools"),
                "tool_id"))
        .doesNotContain("whoami");
  }

  @Test
  void theOperatorInvokesAHiddenToolAndItsContextReachesTheCommand() {
    TestServer.Response r =
        t.post(
            "/v1/tools/whoami:invoke",
            "{\"schema_version\": \"0.1.0\", \"args\": {}, \"context\": {\"user_id\": \"u-7\"}}");

    assertThat(r.status()).isEqualTo(200);
    assertThat(r.json().path("ok").asBoolean()).isTrue();
    assertThat(r.json().path("result").path("user_id").asString()).isEqualTo("u-7");
  }
}
