package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.toolgate.exposure.Exposure;
import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import io.toolgate.json.Json;
import io.toolgate.mcp.server.ToolgateMcpServer;
import io.toolgate.server.auth.KeysFile;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /mcp} obeys the same API key as the REST API: a key limited to some tools lists, finds and
 * calls only those, over a real loopback socket with the MCP Java SDK client.
 */
class McpAccessControlTest {
  private static final String OPS = KeysFile.generateKey();
  private static final String WEATHER = KeysFile.generateKey();

  @TempDir Path data;
  private TestServer server;
  private final List<McpSyncClient> clients = new ArrayList<>();

  @AfterEach
  void stop() {
    clients.forEach(McpSyncClient::closeGracefully);
    if (server != null) {
      server.close();
    }
  }

  /** A server with an unrestricted key and one limited to weather tools and echo. */
  private void start(Exposure exposure) throws Exception {
    Path keys = data.resolve("keys.yaml");
    Files.writeString(
        keys,
        """
        keys:
          - id: ops
            hash: "%s"
            scopes: [search, invoke, admin]
          - id: weather-bot
            hash: "%s"
            scopes: [search, invoke]
            tools: {names: ["weather_*", "echo"]}
        """
            .formatted(KeysFile.hash(OPS), KeysFile.hash(WEATHER)));
    server =
        TestServer.start(
            TestServer.settings(data.resolve("data")).withKeysFile(keys),
            b ->
                b.mcp(
                    ToolgateMcpServer.builder(b.gate()).exposure(exposure).build().httpServlet()));
  }

  private McpSyncClient connect(String key) {
    return connect(new AtomicReference<>(key));
  }

  /** A client that sends whatever key {@code key} holds at the time of each request. */
  private McpSyncClient connect(AtomicReference<String> key) {
    URI endpoint = server.uri("/mcp");
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(
                endpoint.getScheme() + "://" + endpoint.getRawAuthority())
            .endpoint(endpoint.getRawPath())
            .addHttpRequestCustomizer(
                (request, method, uri, body, context) ->
                    request.header("Authorization", "Bearer " + key.get()))
            .build();
    McpSyncClient client =
        McpClient.sync(transport)
            .requestTimeout(Duration.ofSeconds(60))
            .initializationTimeout(Duration.ofSeconds(60))
            .clientInfo(McpSchema.Implementation.builder("access-test", "1.0").build())
            .build();
    clients.add(client);
    client.initialize();
    return client;
  }

  private static McpSchema.CallToolResult call(
      McpSyncClient client, String tool, Map<String, Object> args) {
    return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
  }

  private static JsonNode structured(McpSchema.CallToolResult result) {
    return Json.tree(result.structuredContent());
  }

  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().getFirst()).text();
  }

  private static List<String> hits(McpSchema.CallToolResult found) {
    List<String> names = new ArrayList<>();
    structured(found).path("tools").forEach(t -> names.add(t.path("tool_id").asString()));
    return names;
  }

  @Test
  void toolSearchFindsOnlyTheKeysTools() throws Exception {
    start(Exposure.of(ToolMode.SEARCH_REGISTRY));
    Map<String, Object> query = Map.of("query", "send an email message to a recipient");

    List<String> forOps = hits(call(connect(OPS), "tool_search", query));
    List<String> forWeather = hits(call(connect(WEATHER), "tool_search", query));

    assertThat(forOps).contains("send_email");
    assertThat(forWeather).doesNotContain("send_email");
    assertThat(forWeather).allMatch(name -> name.startsWith("weather_") || name.equals("echo"));
  }

  /**
   * A tool outside the key's filter answers exactly as a tool that does not exist (issue 17: a
   * {@code forbidden} here told the key which hidden names are taken), whether called directly,
   * with {@code tool_invoke} or through {@code use_tool}; "did you mean" names only the key's
   * tools.
   */
  @Test
  void aToolOutsideTheKeysFilterAnswersEveryCallAsAToolThatDoesNotExist() throws Exception {
    start(Exposure.of(ToolMode.SEARCH_REGISTRY).withProfile(Profile.RFC));
    String hidden = "weather-current"; // outside weather_*, one edit from weather_current
    String missing = "weather-currant";
    assertThat(
            server
                .post(
                    "/v1/tools",
                    """
                    {"name": "%s", "description": "Current weather, from elsewhere.",
                     "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
                     "http": {"method": "GET", "url": "http://127.0.0.1:9/weather"}}
                    """
                        .formatted(hidden),
                    "Authorization",
                    "Bearer " + OPS)
                .status())
        .isEqualTo(201);
    McpSyncClient weather = connect(WEATHER);
    Map<String, Object> city = Map.of("city", "Lisbon");

    List<String> read = new ArrayList<>();
    for (String name : List.of(hidden, missing)) {
      List<McpSchema.CallToolResult> answers =
          List.of(
              call(weather, name, city),
              call(weather, "tool_invoke", Map.of("tool_id", name, "arguments", city)));
      for (McpSchema.CallToolResult refused : answers) {
        assertThat(structured(refused).path("error").path("code").asString())
            .isEqualTo("unknown_tool");
        assertThat(text(refused))
            .startsWith("unknown tool '" + name + "'; did you mean: weather_current?");
        read.add(
            withoutLatency(refused).replace(name, "X") + " " + text(refused).replace(name, "X"));
      }
    }
    assertThat(read.subList(0, 2)).isEqualTo(read.subList(2, 4));
    McpSchema.CallToolResult usedHidden =
        call(weather, "use_tool", Map.of("query", hidden, "params", city));
    McpSchema.CallToolResult usedMissing =
        call(weather, "use_tool", Map.of("query", missing, "params", city));
    assertThat(withoutLatency(usedHidden)).isEqualTo(withoutLatency(usedMissing));
    assertThat(structured(usedHidden).path("tool_id").asString()).isNotEqualTo(hidden);
    // For a key that may see it, the tool exists (and fails: nothing listens at its URL).
    McpSchema.CallToolResult forOps = call(connect(OPS), hidden, city);
    assertThat(structured(forOps).path("error").path("code").asString())
        .isNotEqualTo("unknown_tool");
  }

  private static String withoutLatency(McpSchema.CallToolResult result) {
    JsonNode json = structured(result);
    ((ObjectNode) json).remove("metrics");
    return result.isError() + " " + json;
  }

  @Test
  void eachRequestIsJudgedByItsOwnKeyNotByTheKeyThatOpenedTheSession() throws Exception {
    start(Exposure.of(ToolMode.SEARCH_REGISTRY));
    AtomicReference<String> key = new AtomicReference<>(OPS);
    McpSyncClient client = connect(key);
    Map<String, Object> email = Map.of("to", "a@example.com", "subject", "hi");
    assertThat(call(client, "send_email", email).isError()).isFalse();

    key.set(WEATHER);
    McpSchema.CallToolResult refused = call(client, "send_email", email);

    assertThat(refused.isError()).isTrue();
    assertThat(structured(refused).path("error").path("code").asString()).isEqualTo("unknown_tool");
  }

  @Test
  void theKeysOwnToolsRunAndTheCallIsAuditedUnderItsId() throws Exception {
    start(Exposure.of(ToolMode.SEARCH_REGISTRY));

    McpSchema.CallToolResult ran =
        call(connect(WEATHER), "weather_current", Map.of("city", "Lisbon"));

    assertThat(ran.isError()).isFalse();
    assertThat(structured(ran).path("city").asString()).isEqualTo("Lisbon");
    List<JsonNode> calls = new ArrayList<>();
    try (Stream<Path> files = Files.list(data.resolve("data").resolve("audit"))) {
      for (Path f : files.toList()) {
        Files.readAllLines(f).stream().map(Json::parse).forEach(calls::add);
      }
    }
    assertThat(calls)
        .anySatisfy(
            e -> {
              assertThat(e.path("event").asString()).isEqualTo("call");
              assertThat(e.path("tool").asString()).isEqualTo("weather_current");
              assertThat(e.path("principal").asString()).isEqualTo("weather-bot");
            });
  }

  @Test
  void toolsListShowsOnlyTheKeysTools() throws Exception {
    start(Exposure.of(ToolMode.ALL));

    List<String> forWeather = names(connect(WEATHER).listTools());
    List<String> forOps = names(connect(OPS).listTools());

    assertThat(forWeather).containsExactly("echo", "weather_current");
    assertThat(forOps).contains("send_email", "explode", "echo", "weather_current");
  }

  @Test
  void findToolsAndUseToolStayWithinTheKeysTools() throws Exception {
    start(Exposure.of(ToolMode.SEARCH_REGISTRY).withProfile(Profile.RFC));
    McpSyncClient weather = connect(WEATHER);

    assertThat(names(weather.listTools())).containsExactly("find_tools", "use_tool");
    McpSchema.CallToolResult found =
        call(weather, "find_tools", Map.of("query", "send an email message to a recipient"));
    List<String> shown = new ArrayList<>();
    structured(found).path("tools").forEach(t -> shown.add(t.path("name").asString()));
    assertThat(shown).doesNotContain("send_email");

    McpSchema.CallToolResult used =
        call(
            weather,
            "use_tool",
            Map.of("query", "send_email", "params", Map.of("to", "a@example.com", "subject", "x")));
    assertThat(used.isError()).isTrue();
    assertThat(structured(used).path("tool_id").asString()).isNotEqualTo("send_email");
  }

  @Test
  void theCapabilitiesResourceCountsOnlyTheKeysTools() throws Exception {
    start(Exposure.of(ToolMode.ALL));

    JsonNode forWeather = capabilities(connect(WEATHER));
    JsonNode forOps = capabilities(connect(OPS));

    assertThat(forWeather.path("tools").asInt()).isEqualTo(2);
    assertThat(forWeather.path("listed_tools").asInt()).isEqualTo(2);
    assertThat(forOps.path("tools").asInt()).isEqualTo(server.registry.size());
  }

  private static JsonNode capabilities(McpSyncClient client) {
    McpSchema.ReadResourceResult read =
        client.readResource(
            McpSchema.ReadResourceRequest.builder("toolgate://capabilities").build());
    return Json.parse(((McpSchema.TextResourceContents) read.contents().getFirst()).text());
  }

  private static List<String> names(McpSchema.ListToolsResult page) {
    return page.tools().stream().map(McpSchema.Tool::name).toList();
  }
}
