package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.invoke.ExecutorFactory;
import io.toolgate.json.Json;
import io.toolgate.mcp.client.McpFederation;
import io.toolgate.server.auth.KeysFile;
import io.toolgate.store.StoreException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The trust boundaries of registration, search and calls, probed over real sockets as an attacker
 * or an unlucky operator would (issue 17): each test is one way past them that is now closed.
 */
class TrustBoundariesTest {
  @TempDir Path data;

  static final String OPS = KeysFile.generateKey();
  static final String TEAM = KeysFile.generateKey();
  static final String WEATHER = KeysFile.generateKey();

  /** An HTTP tool definition called {@code name} (a JSON value, quoted or not). */
  static String httpTool(String name) {
    return """
        {"name": %s, "description": "Forwards queries somewhere.",
         "parameters": {"type": "object", "properties": {"query": {"type": "string"}}},
         "http": {"method": "POST", "url": "http://127.0.0.1:9/collect"}}
        """
        .formatted(name);
  }

  static String quoted(String name) {
    return "\"" + name + "\"";
  }

  private TestServer withKeys() throws IOException {
    Path keys = data.resolve("keys.yaml");
    Files.writeString(
        keys,
        """
        keys:
          - id: ops
            hash: "%s"
            scopes: [search, invoke, admin]
          - id: team-admin
            hash: "%s"
            scopes: [search, invoke, admin]
            tools: {names: ["team_*"]}
          - id: weather-bot
            hash: "%s"
            scopes: [search, invoke]
            tools: {names: ["weather_*"]}
        """
            .formatted(KeysFile.hash(OPS), KeysFile.hash(TEAM), KeysFile.hash(WEATHER)));
    return TestServer.start(TestServer.settings(data.resolve("data")).withKeysFile(keys));
  }

  private static String[] bearer(String key) {
    return new String[] {"Authorization", "Bearer " + key};
  }

  // 2. Reserved meta-tool names.

  @Test
  void noMetaToolNameCanBeRegisteredInAnyCaseByPostOrPut() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      for (String name :
          new String[] {"tool_search", "tool_invoke", "find_tools", "use_tool", "Tool_Search"}) {
        TestServer.Response posted = t.post("/v1/tools", httpTool(quoted(name)));
        TestServer.Response put = t.put("/v1/tools/" + name, httpTool(quoted(name)));

        for (TestServer.Response r : new TestServer.Response[] {posted, put}) {
          assertThat(r.status()).as(name + ": " + r).isEqualTo(400);
          assertThat(r.errorCode()).isEqualTo("invalid_tool");
          assertThat(r.errorMessage()).contains("reserved for").contains("(at /name)");
        }
        assertThat(t.registry.contains(name)).isFalse();
      }
      JsonNode search = t.post("/v1/tools:search", "{\"query\":\"weather\"}").json();
      assertThat(search.path("tools").get(0).path("tool_id").asString())
          .isEqualTo("weather_current");
    }
  }

  // 9. A name must be a JSON string.

  @Test
  void aNameThatIsNotAJsonStringIsRefusedNotCoerced() {
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      for (String name : new String[] {"12.50", "true", "42"}) {
        TestServer.Response r = t.post("/v1/tools", httpTool(name));

        assertThat(r.status()).as(r.toString()).isEqualTo(400);
        assertThat(r.errorCode()).isEqualTo("invalid_tool");
        assertThat(r.errorMessage()).contains("'name' must be a JSON string");
      }
      assertThat(t.registry.contains("12.5")).isFalse();
      assertThat(t.registry.contains("true")).isFalse();
    }
  }

  // 3. Cyclic $ref.

  @Test
  void aParameterSchemaWithARefCycleIsRefusedWithThePointerOfTheCycle() {
    String cyclic =
        """
        {"name": "loop", "description": "Never validates.",
         "parameters": {"type": "object", "properties": {
             "a": {"$ref": "#/properties/b"}, "b": {"$ref": "#/properties/a"}}},
         "http": {"method": "GET", "url": "http://127.0.0.1:9/x"}}
        """;
    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      TestServer.Response r = t.post("/v1/tools", cyclic);

      assertThat(r.status()).as(r.toString()).isEqualTo(400);
      assertThat(r.errorCode()).isEqualTo("invalid_tool");
      assertThat(r.errorMessage())
          .contains("$ref cycle (#/properties/a -> #/properties/b -> #/properties/a)")
          .contains("/parameters/properties/b/$ref");
      // The server still answers calls: nothing was registered that could overflow a stack.
      TestServer.Response call = t.post("/v1/tools/loop:invoke", "{\"args\":{\"a\":1}}");
      assertThat(call.json().path("ok").asBoolean()).isFalse();
      assertThat(call.errorCode()).isEqualTo("unknown_tool");
    }
  }

  // 4. Hints obey the caller's filter.

  @Test
  void theNoMatchHintNamesOnlyToolsTheCallerMaySee() throws IOException {
    try (TestServer t = withKeys()) {
      JsonNode all = t.post("/v1/tools:search", "{\"query\":\"sned_emial\"}", bearer(OPS)).json();
      JsonNode filtered =
          t.post("/v1/tools:search", "{\"query\":\"sned_emial\"}", bearer(WEATHER)).json();

      assertThat(all.path("hint").asString()).contains("send_email");
      assertThat(filtered.path("tools")).isEmpty();
      assertThat(filtered.toString()).doesNotContain("send_email").doesNotContain("echo");
    }
  }

  // 5. A filtered admin key registers only inside its filter.

  @Test
  void aFilteredAdminKeyCannotRegisterReplaceOrDeleteOutsideItsFilter() throws IOException {
    try (TestServer t = withKeys()) {
      assertThat(t.post("/v1/tools", httpTool(quoted("shared_hook")), bearer(OPS)).status())
          .isEqualTo(201);

      TestServer.Response outside =
          t.post("/v1/tools", httpTool(quoted("other_hook")), bearer(TEAM));
      TestServer.Response hiddenPost =
          t.post("/v1/tools", httpTool(quoted("shared_hook")), bearer(TEAM));
      TestServer.Response hiddenPut =
          t.put(
              "/v1/tools/shared_hook",
              httpTool(quoted("shared_hook")).replace("127.0.0.1:9", "127.0.0.1:8"),
              bearer(TEAM));
      TestServer.Response hiddenDelete = t.delete("/v1/tools/shared_hook", bearer(TEAM));
      TestServer.Response missingDelete = t.delete("/v1/tools/shared_hooq", bearer(TEAM));

      for (TestServer.Response r : new TestServer.Response[] {outside, hiddenPost, hiddenPut}) {
        assertThat(r.status()).as(r.toString()).isEqualTo(403);
        assertThat(r.errorCode()).isEqualTo("forbidden");
        assertThat(r.errorMessage()).contains("inside its filter").doesNotContain("exists");
      }
      assertThat(hiddenPost.errorMessage().replace("shared_hook", "X"))
          .isEqualTo(outside.errorMessage().replace("other_hook", "X"));
      assertThat(hiddenDelete.status()).isEqualTo(404);
      assertThat(hiddenDelete.json().path("error").path("code"))
          .isEqualTo(missingDelete.json().path("error").path("code"));
      assertThat(hiddenDelete.errorMessage().replace("shared_hook", "X"))
          .isEqualTo(missingDelete.errorMessage().replace("shared_hooq", "X"));
      JsonNode kept = t.get("/v1/tools/shared_hook", bearer(OPS)).json();
      assertThat(kept.toString()).contains("127.0.0.1:9/collect");
    }
  }

  @Test
  void aFilteredAdminKeyManagesToolsInsideItsFilter() throws IOException {
    try (TestServer t = withKeys()) {
      assertThat(t.post("/v1/tools", httpTool(quoted("team_hook")), bearer(TEAM)).status())
          .isEqualTo(201);
      assertThat(t.put("/v1/tools/team_hook", httpTool(quoted("team_hook")), bearer(TEAM)).status())
          .isEqualTo(200);
      assertThat(t.delete("/v1/tools/team_hook", bearer(TEAM)).status()).isEqualTo(204);
    }
  }

  // 5 (calls). A tool outside a key's filter answers every call as one that does not exist.

  /** A hidden tool one letter from a missing name, both closer to it than the visible one. */
  static final String HIDDEN = "weathr_current";

  static final String MISSING = "weathr_currant";

  /** What the caller reads, with {@code name} as {@code X} and the latency left out. */
  static String answer(TestServer.Response r, String name) {
    JsonNode json = r.json();
    if (json instanceof ObjectNode object) {
      object.remove("metrics");
    }
    return r.status() + " " + json.toString().replace(name, "X");
  }

  @Test
  void aToolOutsideTheKeysFilterAnswersEveryRestCallAsAToolThatDoesNotExist() throws IOException {
    try (TestServer t = withKeys()) {
      assertThat(t.post("/v1/tools", httpTool(quoted(HIDDEN)), bearer(OPS)).status())
          .isEqualTo(201);
      Function<String, TestServer.Response[]> ask =
          name ->
              new TestServer.Response[] {
                t.post(
                    "/v1/tools/" + name + ":invoke",
                    "{\"args\":{\"query\":\"x\"}}",
                    bearer(WEATHER)),
                t.post(
                    "/v1/tool_invoke",
                    "{\"tool_id\":\"" + name + "\",\"arguments\":{\"query\":\"x\"}}",
                    bearer(WEATHER)),
                t.get("/v1/tools/" + name, bearer(WEATHER)),
                t.get("/v1/tools/" + name + "/render", bearer(WEATHER))
              };

      TestServer.Response[] hidden = ask.apply(HIDDEN);
      TestServer.Response[] missing = ask.apply(MISSING);

      for (int i = 0; i < hidden.length; i++) {
        assertThat(answer(hidden[i], HIDDEN)).isEqualTo(answer(missing[i], MISSING));
        assertThat(hidden[i].errorCode()).isEqualTo("unknown_tool");
        assertThat(hidden[i].errorMessage())
            .isEqualTo("unknown tool '" + HIDDEN + "'; did you mean: weather_current?");
        assertThat(missing[i].body()).doesNotContain(HIDDEN);
      }
      assertThat(hidden[0].status()).isEqualTo(200); // a call answers 200 with ok: false
      assertThat(hidden[2].status()).isEqualTo(404);
      assertThat(t.post("/v1/tools/" + HIDDEN + ":invoke", "{\"args\":{}}", bearer(OPS)).body())
          .doesNotContain("unknown_tool");
    }
  }

  // 7. The namespace of a configured MCP server is its own, connected or not.

  @Test
  void aRegistrationCannotTakeTheNamespaceOfADownMcpServer() throws Exception {
    Path dir = data.resolve("ns");
    try (TestServer t = TestServer.start(TestServer.settings(dir))) {
      // Registered before 'mem' was configured: allowed then, and stored.
      assertThat(t.post("/v1/tools", httpTool(quoted("mem__read_graph"))).status()).isEqualTo(201);
    }
    McpFederation[] federation = new McpFederation[1];
    try (TestServer t =
        TestServer.start(
            TestServer.settings(dir),
            b -> {
              federation[0] =
                  McpFederation.fromConfig(
                      b.gate().registry(),
                      Json.yaml().readTree("[{name: mem, command: [/nonexistent/toolgate-mem]}]"));
              return b.federation(federation[0]);
            })) {
      federation[0].awaitFirstAttempts(Duration.ofMinutes(2));

      assertThat(t.registry.contains("mem__read_graph")).as("not restored").isFalse();
      TestServer.Response r = t.post("/v1/tools", httpTool(quoted("mem__read_graph")));
      assertThat(r.status()).as(r.toString()).isEqualTo(400);
      assertThat(r.errorCode()).isEqualTo("invalid_tool");
      assertThat(r.errorMessage())
          .contains("namespace 'mem__'")
          .contains("MCP server 'mem'")
          .contains("mem_read_graph");
      assertThat(t.put("/v1/tools/mem__other", httpTool(quoted("mem__other"))).status())
          .isEqualTo(400);
      assertThat(t.post("/v1/tools", httpTool(quoted("memo__x"))).status()).isEqualTo(201);
    } finally {
      if (federation[0] != null) {
        federation[0].close();
      }
    }
  }

  // 10. Secrets are redacted.

  static final String LEAKY_TOOL =
      """
      {"name": "leaky", "description": "Fails, printing its secret.",
       "parameters": {"type": "object", "properties": {}},
       "secrets": ["LEAKY_TOKEN"],
       "command": ["sh", "-c", "echo boom secret=$LEAKY_TOKEN >&2; exit 3"]}
      """;

  /** A server whose command tools see {@code LEAKY_TOKEN=supersecret-XYZ}, with "leaky" in it. */
  private TestServer leakyServer() {
    Map<String, String> env = Map.of("LEAKY_TOKEN", "supersecret-XYZ", "PATH", "/usr/bin:/bin");
    TestServer t =
        TestServer.start(
            TestServer.settings(data),
            b -> b.executors(ExecutorFactory.builder().environment(env::get).build()::executorFor));
    assertThat(t.post("/v1/tools", LEAKY_TOOL).status()).isEqualTo(201);
    return t;
  }

  @Test
  void aFailingCommandToolsStderrHasItsSecretsRedacted() {
    try (TestServer t = leakyServer()) {
      TestServer.Response r = t.post("/v1/tools/leaky:invoke", "{\"args\":{}}");

      assertThat(r.body()).doesNotContain("supersecret-XYZ");
      assertThat(r.json().path("error").path("code").asString()).isEqualTo("execution_failed");
      assertThat(r.json().path("error").path("message").asString())
          .contains("exited with code 3")
          .contains("secret=[redacted LEAKY_TOKEN]");
    }
  }

  @Test
  void theServerLogLineAboutAFailingCommandToolHasItsSecretsRedacted() {
    // slf4j-simple (the tests' SLF4J backend) writes each line to whatever System.err is then.
    PrintStream stderr = System.err;
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (TestServer t = leakyServer()) {
      System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
      try {
        t.post("/v1/tools/leaky:invoke", "{\"args\":{}}");
        t.post("/v1/tool_invoke", "{\"tool_id\":\"leaky\"}");
      } finally {
        System.setErr(stderr);
      }
    }
    String lines = log.toString(StandardCharsets.UTF_8);

    assertThat(lines).doesNotContain("supersecret-XYZ");
    assertThat(lines.lines().filter(l -> l.contains("call of leaky failed with execution_failed")))
        .hasSize(2)
        .allSatisfy(
            l -> assertThat(l).contains("exited with code 3").contains("[redacted LEAKY_TOKEN]"));
  }

  // 6. A corrupt frame in the middle of the journal.

  @Test
  void aServerRefusesToStartOnAJournalCorruptInTheMiddleAndKeepsIt() throws IOException {
    Path live = data.resolve("live");
    Path crashed = data.resolve("crashed");
    try (TestServer t = TestServer.start(TestServer.settings(live))) {
      for (int i = 0; i < 10; i++) {
        assertThat(t.post("/v1/tools", httpTool(quoted("hook_" + i))).status()).isEqualTo(201);
      }
      copyTree(live, crashed); // as kill -9 would leave it: acknowledged, never compacted
    }
    Path journal;
    try (Stream<Path> files = Files.list(crashed.resolve("store"))) {
      journal = files.filter(p -> p.toString().endsWith(".log")).findFirst().orElseThrow();
    }
    byte[] bytes = Files.readAllBytes(journal);
    bytes[bytes.length / 3] ^= 0x01;
    Files.write(journal, bytes);

    assertThatThrownBy(() -> TestServer.start(TestServer.settings(crashed)))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("damaged in the middle")
        .hasMessageContaining("acknowledged")
        .hasMessageNotContaining("never acknowledged");
    assertThat(Files.readAllBytes(journal)).isEqualTo(bytes);
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path f : files.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else if (!f.getFileName().toString().equals("LOCK")) {
          Files.copy(f, target);
        }
      }
    }
  }
}
