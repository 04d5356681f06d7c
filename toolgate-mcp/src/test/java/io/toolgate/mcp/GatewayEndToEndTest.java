package io.toolgate.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.exposure.Exposure;
import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import io.toolgate.json.Json;
import io.toolgate.mcp.client.McpClientOptions;
import io.toolgate.mcp.client.McpFederation;
import io.toolgate.mcp.client.McpServerSpec;
import io.toolgate.mcp.client.SourceState;
import io.toolgate.mcp.server.McpHttpServer;
import io.toolgate.mcp.server.ToolgateMcpServer;
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

/**
 * Toolgate between MCP clients and real MCP servers: it federates server-everything and
 * server-memory (from npm) and is driven over streamable HTTP and stdio by the Java SDK client and
 * by an independent client written with the TypeScript SDK.
 */
class GatewayEndToEndTest {
  private static final McpClientOptions FAST =
      McpClientOptions.DEFAULTS
          .withBackoff(Duration.ofMillis(200), Duration.ofSeconds(2))
          .withHealth(Duration.ofSeconds(2), Duration.ofSeconds(5))
          // generous: CI machines can be very busy
          .withConnectTimeout(Duration.ofSeconds(120));

  @TempDir Path temp;
  private final ToolRegistry registry = new ToolRegistry();
  private McpFederation federation;
  private Toolgate gate;
  private ToolgateMcpServer server;
  private McpSyncClient javaClient;

  @BeforeEach
  void requireServers() {
    NodeServers.require();
  }

  @AfterEach
  void stop() {
    if (javaClient != null) {
      javaClient.close();
    }
    if (server != null) {
      server.close();
    }
    if (gate != null) {
      gate.close();
    }
    if (federation != null) {
      federation.close();
    }
  }

  private String memoryFile() {
    return temp.resolve("memory.jsonl").toString();
  }

  /** Toolgate federating everything + memory (+ more), serving streamable HTTP on port 0. */
  private McpHttpServer gateway(Exposure exposure, McpServerSpec... more) throws Exception {
    List<McpServerSpec> specs =
        new java.util.ArrayList<>(
            List.of(
                McpServerSpec.Stdio.of(
                    "everything", NodeServers.server("server-everything", "stdio")),
                new McpServerSpec.Stdio(
                    "memory",
                    NodeServers.server("server-memory"),
                    Map.of("MEMORY_FILE_PATH", memoryFile()),
                    Optional.empty(),
                    Duration.ofSeconds(30))));
    specs.addAll(List.of(more));
    federation = McpFederation.start(registry, specs, FAST);
    assertThat(federation.awaitFirstAttempts(Duration.ofSeconds(180))).isTrue();
    gate = TestGates.gate(registry);
    server = ToolgateMcpServer.builder(gate).exposure(exposure).build();
    return server.startHttp("127.0.0.1", 0);
  }

  private static McpSyncClient javaHttpClient(McpHttpServer http) {
    McpSyncClient client =
        McpClient.sync(
                HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + http.port())
                    .endpoint("/mcp")
                    .build())
            .requestTimeout(Duration.ofSeconds(60))
            .initializationTimeout(Duration.ofSeconds(60))
            .build();
    client.initialize();
    return client;
  }

  private static McpSchema.CallToolRequest call(String tool, Map<String, Object> args) {
    return McpSchema.CallToolRequest.builder(tool).arguments(args).build();
  }

  private static JsonNode structured(McpSchema.CallToolResult result) {
    return Json.tree(result.structuredContent());
  }

  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().getFirst()).text();
  }

  /** The names of the tools of a listing the TypeScript client printed. */
  private static List<String> names(JsonNode listing) {
    List<String> names = new java.util.ArrayList<>();
    listing.path("tools").forEach(t -> names.add(t.path("name").asString()));
    return names;
  }

  private static void eventually(String what, BooleanSupplier condition)
      throws InterruptedException {
    Instant end = Instant.now().plusSeconds(90);
    while (!condition.getAsBoolean()) {
      if (Instant.now().isAfter(end)) {
        throw new AssertionError("gave up waiting until " + what);
      }
      Thread.sleep(200);
    }
  }

  @Test
  void javaClientFindsAnUpstreamToolFromWordsAndCallsItThroughTheMetaTools() throws Exception {
    McpHttpServer http = gateway(Exposure.of(ToolMode.SEARCH_REGISTRY));
    javaClient = javaHttpClient(http);

    List<String> listed =
        javaClient.listTools().tools().stream().map(McpSchema.Tool::name).toList();
    McpSchema.CallToolResult found =
        javaClient.callTool(
            call("tool_search", Map.of("query", "echo back the message I send", "limit", 3)));
    String tool = structured(found).path("tools").get(0).path("tool_id").asString();
    McpSchema.CallToolResult ran =
        javaClient.callTool(
            call(
                "tool_invoke",
                Map.of("tool_id", tool, "arguments", Map.of("message", "hello gateway"))));

    assertThat(listed).containsExactly("tool_invoke", "tool_search");
    assertThat(tool).isEqualTo("everything__echo");
    assertThat(ran.isError()).isFalse();
    assertThat(structured(ran).path("result").asString()).isEqualTo("Echo: hello gateway");
  }

  @Test
  void typescriptClientOverHttpFindsAnUpstreamToolAndCallsItByName() throws Exception {
    McpHttpServer http = gateway(Exposure.of(ToolMode.SEARCH_REGISTRY).withProfile(Profile.RFC));
    String plan =
        """
        [{"op": "info"}, {"op": "list"},
         {"op": "find_and_call", "search": "find_tools",
          "query": "calculate the sum of two numbers", "args": {"a": 19, "b": 23}},
         {"op": "read", "uri": "toolgate://capabilities"}]
        """;

    List<JsonNode> out = TsClient.run(plan, List.of("--http", http.endpoint().toString()), l -> {});

    assertThat(TsClient.step(out, 0).path("server").path("name").asString()).isEqualTo("toolgate");
    assertThat(names(TsClient.step(out, 1))).containsExactly("find_tools", "use_tool");
    JsonNode used = TsClient.step(out, 2);
    assertThat(used.path("chosen").asString()).isEqualTo("everything__get-sum");
    assertThat(used.path("called").path("isError").asBoolean(false)).isFalse();
    assertThat(used.path("called").path("content").get(0).path("text").asString()).contains("42");
    JsonNode caps =
        Json.parse(TsClient.step(out, 3).path("contents").get(0).path("text").asString());
    assertThat(caps.path("search").path("keyword").asBoolean()).isTrue();
  }

  @Test
  void typescriptClientOverStdioUsesTheKnowledgeGraphThroughTheGateway() throws Exception {
    String config =
        Json.write(
            Json.parse(
                """
                {"profile": "rfc", "mcp_servers": [
                  {"name": "everything", "command": %s},
                  {"name": "memory", "command": %s, "env": {"MEMORY_FILE_PATH": %s}}]}
                """
                    .formatted(
                        Json.write(NodeServers.server("server-everything", "stdio")),
                        Json.write(NodeServers.server("server-memory")),
                        Json.write(memoryFile()))));
    String plan =
        """
        [{"op": "list"},
         {"op": "find_and_call", "search": "find_tools",
          "query": "create new entities in the knowledge graph",
          "args": {"entities": [{"name": "Ada Lovelace", "entityType": "person",
                                 "observations": ["wrote the first program"]}]}},
         {"op": "call", "name": "memory__open_nodes", "args": {"names": ["Ada Lovelace"]}},
         {"op": "call", "name": "memory__no_such_tool", "args": {}}]
        """;
    List<String> target = new java.util.ArrayList<>(List.of("--stdio"));
    target.addAll(GatewayMain.command(temp.resolve("gateway"), config));

    List<JsonNode> out = TsClient.run(plan, target, l -> {});

    assertThat(names(TsClient.step(out, 0))).containsExactly("find_tools", "use_tool");
    assertThat(TsClient.step(out, 1).path("chosen").asString())
        .isEqualTo("memory__create_entities");
    JsonNode opened = TsClient.step(out, 2).path("structuredContent");
    assertThat(opened.path("entities").get(0).path("name").asString()).isEqualTo("Ada Lovelace");
    JsonNode unknown = TsClient.step(out, 3);
    assertThat(unknown.path("isError").asBoolean()).isTrue();
    assertThat(unknown.path("structuredContent").path("error").path("code").asString())
        .isEqualTo("unknown_tool");
  }

  @Test
  void javaClientOverStdioSearchesAndCallsUpstreamTools() throws Exception {
    String config =
        Json.write(
            Json.parse(
                """
                {"mcp_servers": [{"name": "everything", "command": %s}]}
                """
                    .formatted(Json.write(NodeServers.server("server-everything", "stdio")))));
    List<String> cmd = GatewayMain.command(temp.resolve("gateway"), config);
    StdioClientTransport transport =
        new StdioClientTransport(
            ServerParameters.builder(cmd.getFirst()).args(cmd.subList(1, cmd.size())).build(),
            McpJsonDefaults.getMapper());
    javaClient =
        McpClient.sync(transport)
            .requestTimeout(Duration.ofSeconds(60))
            .initializationTimeout(Duration.ofSeconds(300))
            .build();
    javaClient.initialize();

    McpSchema.CallToolResult found =
        javaClient.callTool(call("tool_search", Map.of("query", "sum of two numbers")));
    McpSchema.CallToolResult sum =
        javaClient.callTool(call("everything__get-sum", Map.of("a", 2, "b", 3)));

    assertThat(javaClient.getCurrentInitializationResult().protocolVersion())
        .isEqualTo("2025-11-25");
    assertThat(structured(found).path("tools").get(0).path("tool_id").asString())
        .isEqualTo("everything__get-sum");
    assertThat(text(sum)).contains("5");
  }

  @Test
  void killingAnUpstreamServerMakesOnlyItsToolsUnavailableUntilItIsBack() throws Exception {
    McpHttpServer http = gateway(Exposure.of(ToolMode.ALL));
    javaClient = javaHttpClient(http);
    assertThat(javaClient.callTool(call("everything__echo", Map.of("message", "1"))).isError())
        .isFalse();

    federation.source("everything").orElseThrow().killForTesting();
    eventually(
        "everything is down",
        () -> federation.states().get(0).status() != SourceState.Status.CONNECTED);
    McpSchema.CallToolResult down =
        javaClient.callTool(call("everything__echo", Map.of("message", "2")));
    McpSchema.CallToolResult other = javaClient.callTool(call("memory__read_graph", Map.of()));
    eventually(
        "everything__echo answers again",
        () -> !javaClient.callTool(call("everything__echo", Map.of("message", "3"))).isError());

    assertThat(down.isError()).isTrue();
    assertThat(structured(down).path("error").path("code").asString()).isEqualTo("unavailable");
    assertThat(text(down)).contains("MCP server 'everything' is down");
    assertThat(other.isError()).isFalse();
    assertThat(federation.states().get(0).restarts()).isGreaterThanOrEqualTo(1);
  }

  @Test
  void toolsAddedWhileATypescriptClientIsConnectedProduceListChanged() throws Exception {
    McpHttpServer http =
        gateway(
            Exposure.of(ToolMode.ALL),
            McpServerSpec.Stdio.of("dynamic", NodeServers.script("dynamic-server.mjs")));
    String plan =
        """
        [{"op": "list"},
         {"op": "await_list_changed", "timeout_ms": 60000},
         {"op": "list"},
         {"op": "call", "name": "dynamic__add_tool",
          "args": {"name": "greet", "description": "Greets people by name."}},
         {"op": "await_list_changed", "timeout_ms": 60000},
         {"op": "list"},
         {"op": "call", "name": "dynamic__greet", "args": {}}]
        """;

    List<JsonNode> out =
        TsClient.run(
            plan,
            List.of("--http", http.endpoint().toString()),
            line -> {
              if (line.path("event").asString("").equals("waiting")
                  && line.path("step").asInt() == 1) {
                registry.register(
                    TestGates.echo("translate_text", "Translates a text into another language."));
              }
            });

    assertThat(names(TsClient.step(out, 0))).doesNotContain("translate_text", "dynamic__greet");
    assertThat(names(TsClient.step(out, 2))).contains("translate_text");
    assertThat(names(TsClient.step(out, 5))).contains("dynamic__greet");
    assertThat(TsClient.step(out, 6).path("content").get(0).path("text").asString())
        .isEqualTo("hello from greet");
  }
}
