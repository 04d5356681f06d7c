package io.toolgate.mcp.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.invoke.ToolResult;
import io.toolgate.json.Json;
import io.toolgate.mcp.NodeServers;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Federation of real MCP servers from npm, started as child processes. */
class McpFederationTest {
  static final McpClientOptions FAST =
      McpClientOptions.DEFAULTS
          .withBackoff(Duration.ofMillis(200), Duration.ofSeconds(2))
          .withHealth(Duration.ofSeconds(1), Duration.ofSeconds(2))
          // generous: CI machines can be very busy
          .withConnectTimeout(Duration.ofSeconds(120));

  @TempDir Path temp;
  private final ToolRegistry registry = new ToolRegistry();
  private ToolInvoker invoker;
  private McpFederation federation;

  @BeforeEach
  void requireServers() {
    NodeServers.require();
    invoker = ToolInvoker.builder(registry).build();
  }

  @AfterEach
  void stop() {
    if (federation != null) {
      federation.close();
    }
  }

  private McpFederation start(McpServerSpec... specs) throws InterruptedException {
    federation = McpFederation.start(registry, List.of(specs), FAST);
    federation.awaitFirstAttempts(Duration.ofSeconds(180));
    return federation;
  }

  private McpServerSpec everything() {
    return McpServerSpec.Stdio.of("everything", NodeServers.server("server-everything", "stdio"));
  }

  private McpServerSpec memory() {
    return new McpServerSpec.Stdio(
        "memory",
        NodeServers.server("server-memory"),
        Map.of("MEMORY_FILE_PATH", temp.resolve("memory.jsonl").toString()),
        Optional.empty(),
        Duration.ofSeconds(30));
  }

  private McpServerSpec dynamic() {
    return McpServerSpec.Stdio.of("dynamic", NodeServers.script("dynamic-server.mjs"));
  }

  private ToolResult invoke(String tool, String args) {
    return invoker.invoke(tool, Json.parse(args));
  }

  /** Waits for {@code condition}, failing after a generous limit (not a timed assertion). */
  private static void eventually(String what, BooleanSupplier condition)
      throws InterruptedException {
    Instant end = Instant.now().plusSeconds(60);
    while (!condition.getAsBoolean()) {
      if (Instant.now().isAfter(end)) {
        throw new AssertionError("gave up waiting until " + what);
      }
      Thread.sleep(100);
    }
  }

  @Test
  void federatesToolsNamespacedWithTheirSourceAnnotationsAndOutputSchema() throws Exception {
    start(everything(), memory());

    ToolDefinition echo = registry.get("everything__echo").orElseThrow().definition();
    ToolDefinition read = registry.get("memory__read_graph").orElseThrow().definition();

    assertThat(echo.source()).isEqualTo("mcp:everything");
    assertThat(echo.description()).contains("Echoes back");
    assertThat(echo.annotations().readOnlyHint()).contains(true);
    assertThat(read.source()).isEqualTo("mcp:memory");
    assertThat(read.returns()).isPresent();
    assertThat(registry.names()).contains("everything__get-sum", "memory__create_entities");
  }

  @Test
  void reportsEachSourcesStateAndToolCount() throws Exception {
    start(everything(), memory());

    List<SourceState> states = federation.states();

    assertThat(states)
        .extracting(SourceState::source)
        .containsExactly("mcp:everything", "mcp:memory");
    assertThat(states)
        .allSatisfy(s -> assertThat(s.status()).isEqualTo(SourceState.Status.CONNECTED));
    assertThat(states.get(1).tools()).isEqualTo(9);
    assertThat(states.get(0).pid()).isPresent();
    assertThat(states.get(0).transport()).isEqualTo("stdio");
  }

  @Test
  void forwardsCallsAndReturnsTheirText() throws Exception {
    start(everything());

    ToolResult result = invoke("everything__echo", "{\"message\": \"hello\"}");

    assertThat(result.ok()).isTrue();
    assertThat(result.result().orElseThrow().asString()).isEqualTo("Echo: hello");
  }

  @Test
  void returnsStructuredContentWhenTheServerSendsIt() throws Exception {
    start(memory());

    invoke(
        "memory__create_entities",
        "{\"entities\": [{\"name\": \"Ada\", \"entityType\": \"person\", \"observations\":"
            + " [\"wrote the first program\"]}]}");
    ToolResult graph = invoke("memory__read_graph", "{}");

    assertThat(graph.ok()).isTrue();
    JsonNode entities = graph.result().orElseThrow().path("entities");
    assertThat(entities.get(0).path("name").asString()).isEqualTo("Ada");
  }

  @Test
  void mapsImageContentToTypedBlocks() throws Exception {
    start(everything());

    ToolResult result = invoke("everything__get-tiny-image", "{}");

    assertThat(result.ok()).isTrue();
    JsonNode blocks = result.result().orElseThrow();
    assertThat(blocks.isArray()).isTrue();
    JsonNode image = null;
    for (JsonNode b : blocks) {
      if (b.path("type").asString().equals("image")) {
        image = b;
      }
    }
    assertThat(image).isNotNull();
    assertThat(image.path("mimeType").asString()).isEqualTo("image/png");
    assertThat(image.path("data").asString()).isNotEmpty();
  }

  @Test
  void forwardsFileWritesAndReadsToTheFilesystemServer() throws Exception {
    Path root = java.nio.file.Files.createDirectories(temp.resolve("files")).toRealPath();
    start(McpServerSpec.Stdio.of("fs", NodeServers.server("server-filesystem", root.toString())));
    String file = Json.write(root.resolve("note.txt").toString());

    ToolResult written =
        invoke("fs__write_file", "{\"path\": " + file + ", \"content\": \"hello file\"}");
    ToolResult read = invoke("fs__read_text_file", "{\"path\": " + file + "}");

    assertThat(written.ok()).isTrue();
    assertThat(java.nio.file.Files.readString(root.resolve("note.txt"))).isEqualTo("hello file");
    assertThat(read.result().orElseThrow().toString()).contains("hello file");
    assertThat(
            registry
                .get("fs__write_file")
                .orElseThrow()
                .definition()
                .annotations()
                .destructiveHint())
        .contains(true);
  }

  @Test
  void anErrorResultBecomesExecutionFailedWithItsText() throws Exception {
    start(dynamic());

    ToolResult result = invoke("dynamic__fail_always", "{}");

    assertThat(result.error().orElseThrow().code()).isEqualTo(ErrorCode.EXECUTION_FAILED);
    assertThat(result.error().orElseThrow().message())
        .startsWith("dynamic__fail_always")
        .contains("this tool always fails");
  }

  /** The misbehaving server of hostile-server.mjs, with a 1 s call timeout. */
  private McpServerSpec hostile() {
    return new McpServerSpec.Stdio(
        "hung",
        NodeServers.script("hostile-server.mjs"),
        Map.of(),
        Optional.empty(),
        Duration.ofSeconds(1));
  }

  @Test
  void anUpstreamToolWithACyclicSchemaIsLeftOutAndTheOthersServed() throws Exception {
    start(hostile());
    eventually("the server's tools are listed", () -> registry.contains("hung__echo_text"));

    assertThat(registry.contains("hung__cyclic_ref")).isFalse();
    assertThat(registry.contains("hung__never_answers")).isTrue();
    assertThat(invoke("hung__echo_text", "{\"text\": \"still here\"}").ok()).isTrue();
  }

  @Test
  void everyCallToAHungUpstreamToolIsATimeoutNamingTheToolServerAndLimit() throws Exception {
    start(hostile());
    eventually("the hung server's tool is listed", () -> registry.contains("hung__never_answers"));

    List<ToolResult> results;
    try (var threads = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
      List<java.util.concurrent.Future<ToolResult>> calls = new java.util.ArrayList<>();
      for (int i = 0; i < 16; i++) { // the invoker's default concurrency cap per tool
        calls.add(threads.submit(() -> invoke("hung__never_answers", "{}")));
      }
      results = new java.util.ArrayList<>();
      for (var call : calls) {
        results.add(call.get());
      }
    }

    assertThat(results)
        .allSatisfy(
            r -> {
              assertThat(r.error().orElseThrow().code())
                  .as(r.toString())
                  .isEqualTo(ErrorCode.TIMEOUT);
              assertThat(r.error().orElseThrow().message())
                  .startsWith("hung__never_answers")
                  .contains("MCP server 'hung'")
                  .contains("within 1 s")
                  .doesNotContain("Did not observe")
                  .doesNotContainIgnoringCase("mono")
                  .doesNotContainIgnoringCase("reactor");
            });
  }

  @Test
  void refreshesItsToolsWhenTheServerSaysTheyChanged() throws Exception {
    start(dynamic());
    assertThat(registry.contains("dynamic__greet")).isFalse();

    ToolResult added =
        invoke("dynamic__add_tool", "{\"name\": \"greet\", \"description\": \"Greets people.\"}");

    assertThat(added.ok()).isTrue();
    eventually("dynamic__greet is listed", () -> registry.contains("dynamic__greet"));
    assertThat(invoke("dynamic__greet", "{}").result().orElseThrow().asString())
        .isEqualTo("hello from greet");
  }

  @Test
  void aKilledServerAnswersUnavailableWhileOthersWorkAndItComesBack() throws Exception {
    start(everything(), memory());
    assertThat(invoke("everything__echo", "{\"message\": \"before\"}").ok()).isTrue();

    federation.source("everything").orElseThrow().killForTesting();

    eventually(
        "everything is down",
        () -> federation.states().get(0).status() != SourceState.Status.CONNECTED);
    ToolResult down = invoke("everything__echo", "{\"message\": \"during\"}");
    ToolResult other = invoke("memory__read_graph", "{}");
    eventually(
        "everything__echo works again",
        () -> invoke("everything__echo", "{\"message\": \"after\"}").ok());

    assertThat(down.error().orElseThrow().code()).isEqualTo(ErrorCode.UNAVAILABLE);
    assertThat(down.error().orElseThrow().message())
        .startsWith("everything__echo")
        .contains("MCP server 'everything' is down")
        .contains("reconnecting");
    assertThat(other.ok()).isTrue();
    assertThat(registry.contains("everything__echo")).isTrue();
    assertThat(federation.states().get(0).restarts()).isGreaterThanOrEqualTo(1);
    assertThat(federation.states().get(0).lastError()).isPresent();
  }

  @Test
  void aHungServerIsDeclaredDownAndRestarted() throws Exception {
    start(everything());
    long pid = federation.states().get(0).pid().orElseThrow();

    signal("STOP", pid);
    try {
      eventually(
          "the hung server is declared down",
          () -> federation.states().get(0).status() == SourceState.Status.DOWN);
    } finally {
      signal("CONT", pid);
    }
    eventually(
        "a fresh process answers",
        () -> invoke("everything__echo", "{\"message\": \"again\"}").ok());

    assertThat(federation.states().get(0).lastError().orElseThrow()).contains("not answering");
    assertThat(federation.states().get(0).pid()).isPresent().isNotEqualTo(Optional.of(pid));
  }

  @Test
  void aServerThatCannotStartIsDownWithoutHoldingUpTheOthers() throws Exception {
    start(
        McpServerSpec.Stdio.of("broken", List.of(NodeServers.node(), "/no/such/server.js")),
        memory());

    SourceState broken = federation.states().get(0);

    assertThat(broken.status()).isEqualTo(SourceState.Status.DOWN);
    assertThat(broken.lastError().orElseThrow()).isNotBlank();
    assertThat(broken.tools()).isZero();
    assertThat(federation.states().get(1).status()).isEqualTo(SourceState.Status.CONNECTED);
  }

  @Test
  void federatesAServerOverStreamableHttp() throws Exception {
    int port = freePort();
    ProcessBuilder pb =
        new ProcessBuilder(NodeServers.server("server-everything", "streamableHttp"))
            .redirectErrorStream(true)
            .redirectOutput(temp.resolve("everything-http.log").toFile());
    pb.environment().put("PORT", Integer.toString(port));
    Process p = pb.start();
    try {
      federation =
          McpFederation.start(
              registry,
              List.of(
                  new McpServerSpec.Http(
                      "remote",
                      URI.create("http://127.0.0.1:" + port + "/mcp"),
                      Map.of("X-Test", "yes"),
                      Duration.ofSeconds(30))),
              FAST);
      eventually("the HTTP server is connected", () -> registry.contains("remote__echo"));

      ToolResult result = invoke("remote__echo", "{\"message\": \"over http\"}");

      assertThat(result.result().orElseThrow().asString()).isEqualTo("Echo: over http");
      assertThat(federation.states().get(0).transport()).isEqualTo("http");
    } finally {
      p.descendants().forEach(ProcessHandle::destroy);
      p.destroy();
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static void signal(String signal, long pid) throws IOException, InterruptedException {
    new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start().waitFor();
  }
}
