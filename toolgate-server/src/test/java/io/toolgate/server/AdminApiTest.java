package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.RegistryEvent;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Registering, replacing and deleting tools at run time, and their durability. */
class AdminApiTest {
  @TempDir Path data;

  static final String UPPER =
      """
      {"name": "shout", "description": "Upper-case a text, loudly.",
       "parameters": {"type": "object", "properties": {"text": {"type": "string"}},
                      "required": ["text"]},
       "command": ["tr", "a-z", "A-Z"], "tags": ["text"]}
      """;

  @Test
  void aRegisteredCommandToolIsCallableAndSearchableAtOnce() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      TestServer.Response r = t.post("/v1/tools", UPPER);
      assertThat(r.status()).isEqualTo(201);
      assertThat(r.header("Location")).isEqualTo("/v1/tools/shout");
      assertThat(r.json().path("source").asString()).isEqualTo("api");
      JsonNode hits = t.post("/v1/tools:search", "{\"query\":\"upper-case loudly\"}").json();
      assertThat(hits.path("tools").get(0).path("tool_id").asString()).isEqualTo("shout");
      JsonNode call = t.post("/v1/tools/shout:invoke", "{\"args\":{\"text\":\"hey\"}}").json();
      assertThat(call.path("ok").asBoolean()).as(call.toString()).isTrue();
      assertThat(call.path("result").toString()).contains("HEY");
    }
  }

  @Test
  void aRegistrationNotifiesRegistryListeners() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      List<RegistryEvent> events = new CopyOnWriteArrayList<>();
      t.registry.addListener(events::addAll);
      t.post("/v1/tools", UPPER);
      assertThat(events).singleElement().isInstanceOf(RegistryEvent.Added.class);
    }
  }

  @Test
  void registeringATakenNameIs409() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      assertThat(t.post("/v1/tools", UPPER).status()).isEqualTo(201);
      TestServer.Response again = t.post("/v1/tools", UPPER);
      assertThat(again.status()).isEqualTo(409);
      assertThat(again.errorCode()).isEqualTo("conflict");
      assertThat(again.errorMessage()).contains("PUT /v1/tools/shout");
      TestServer.Response builtin = t.post("/v1/tools", UPPER.replace("\"shout\"", "\"echo\""));
      assertThat(builtin.status()).isEqualTo(409);
      assertThat(builtin.errorMessage()).contains("source builtin");
    }
  }

  @Test
  void anInvalidDefinitionIs400WithItsField() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      TestServer.Response r = t.post("/v1/tools", UPPER.replace("\"parameters\"", "\"paramters\""));
      assertThat(r.status()).isEqualTo(400);
      assertThat(r.errorCode()).isEqualTo("invalid_tool");
      assertThat(r.errorMessage()).contains("paramters").contains("did you mean 'parameters'");
    }
  }

  @Test
  void aToolWithoutHttpOrCommandIs400() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      TestServer.Response r =
          t.post("/v1/tools", "{\"name\":\"nothing\",\"parameters\":{\"type\":\"object\"}}");
      assertThat(r.status()).isEqualTo(400);
      assertThat(r.errorMessage()).contains("'http'").contains("'command'");
    }
  }

  @Test
  void aRegistrationMayNotClaimAnotherSource() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      TestServer.Response r =
          t.post("/v1/tools", UPPER.replace("\"tags\"", "\"source\": \"file:x.yaml\", \"tags\""));
      assertThat(r.status()).isEqualTo(400);
      assertThat(r.errorMessage()).contains("'source' must be api");
    }
  }

  @Test
  void putCreatesThenReplaces() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      assertThat(t.put("/v1/tools/shout", UPPER).status()).isEqualTo(201);
      TestServer.Response again = t.put("/v1/tools/shout", UPPER.replace("loudly", "very loudly"));
      assertThat(again.status()).isEqualTo(200);
      assertThat(again.json().path("replaced").asBoolean()).isTrue();
      assertThat(t.get("/v1/tools/shout").json().path("description").asString())
          .contains("very loudly");
    }
  }

  @Test
  void putMayNotReplaceACatalogTool() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      TestServer.Response r = t.put("/v1/tools/echo", UPPER.replace("\"shout\"", "\"echo\""));
      assertThat(r.status()).isEqualTo(409);
      assertThat(r.errorMessage()).contains("comes from builtin");
    }
  }

  @Test
  void putWithADifferentNameInTheBodyIs400() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      TestServer.Response r = t.put("/v1/tools/other", UPPER);
      assertThat(r.status()).isEqualTo(400);
      assertThat(r.errorMessage()).contains("'shout'").contains("'other'");
    }
  }

  @Test
  void deleteRemovesARegisteredTool() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      t.post("/v1/tools", UPPER);
      assertThat(t.delete("/v1/tools/shout").status()).isEqualTo(204);
      assertThat(t.get("/v1/tools/shout").status()).isEqualTo(404);
      assertThat(t.delete("/v1/tools/shout").status()).isEqualTo(404);
    }
  }

  @Test
  void deleteMayNotRemoveACatalogTool() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      TestServer.Response r = t.delete("/v1/tools/echo");
      assertThat(r.status()).isEqualTo(409);
      assertThat(t.get("/v1/tools/echo").status()).isEqualTo(200);
    }
  }

  @Test
  void registrationsSurviveARestartAndDeletionsToo() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      t.post("/v1/tools", UPPER);
      t.post("/v1/tools", UPPER.replace("\"shout\"", "\"whisper\""));
      t.delete("/v1/tools/whisper");
    }
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      assertThat(t.get("/v1/tools/shout").status()).isEqualTo(200);
      assertThat(t.get("/v1/tools/whisper").status()).isEqualTo(404);
      JsonNode call = t.post("/v1/tools/shout:invoke", "{\"args\":{\"text\":\"ok\"}}").json();
      assertThat(call.path("result").toString()).contains("OK");
    }
  }

  @Test
  void changesAreAudited() throws Exception {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      t.post("/v1/tools", UPPER);
      t.delete("/v1/tools/shout");
    }
    String audit;
    try (var files = java.nio.file.Files.list(data.resolve("audit"))) {
      audit = java.nio.file.Files.readString(files.findFirst().orElseThrow());
    }
    assertThat(audit).contains("\"event\":\"register\"").contains("\"event\":\"delete\"");
  }

  @Test
  void withoutADataDirectoryRegistrationsLiveInMemory() {
    try (TestServer t = TestServer.start(ServerSettings.defaults().withPort(0))) {
      assertThat(t.post("/v1/tools", UPPER).status()).isEqualTo(201);
      assertThat(t.get("/v1/capabilities").json().path("registrations").asString())
          .isEqualTo("memory");
    }
  }
}
