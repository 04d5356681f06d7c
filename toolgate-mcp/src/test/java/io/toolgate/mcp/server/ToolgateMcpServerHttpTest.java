package io.toolgate.mcp.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import io.toolgate.Toolgate;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.exposure.Exposure;
import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import io.toolgate.invoke.CallOptions;
import io.toolgate.json.Json;
import io.toolgate.mcp.TestGates;
import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The MCP server over streamable HTTP on a loopback port, driven by the Java SDK client. */
class ToolgateMcpServerHttpTest {
  private static final Exposure RFC =
      Exposure.of(ToolMode.SEARCH_REGISTRY).withProfile(Profile.RFC);
  private final ToolRegistry registry = new ToolRegistry();
  private Toolgate gate;
  private ToolgateMcpServer server;
  private McpHttpServer http;
  private final List<McpSyncClient> clients = new ArrayList<>();

  @BeforeEach
  void catalog() {
    registry.register(TestGates.adder());
    registry.register(TestGates.echo("text_reverse", "Reverses the characters of a text."));
    registry.register(TestGates.echo("text_upper", "Turns a text into upper case letters."));
    registry.register(TestGates.echo("weather_current", "Current weather for a city."));
    registry.register(TestGates.echo("weather_forecast", "Weather forecast for the next days."));
    registry.register(TestGates.echo("email_send", "Sends an email message to a recipient."));
    registry.register(TestGates.echo("calendar_create_event", "Creates a calendar event."));
    gate = TestGates.gate(registry);
  }

  @AfterEach
  void stop() {
    clients.forEach(McpSyncClient::close);
    if (server != null) {
      server.close();
    }
    gate.close();
  }

  private McpSyncClient start(UnaryOperator<ToolgateMcpServer.Builder> config) {
    return start(config, new LinkedBlockingQueue<>());
  }

  private McpSyncClient start(
      UnaryOperator<ToolgateMcpServer.Builder> config,
      BlockingQueue<List<McpSchema.Tool>> changes,
      String... versions) {
    server = config.apply(ToolgateMcpServer.builder(gate)).build();
    http = server.startHttp("127.0.0.1", 0);
    McpSyncClient client = McpClients.http(http.endpoint(), changes, versions);
    clients.add(client);
    return client;
  }

  private static List<String> names(McpSchema.ListToolsResult page) {
    return page.tools().stream().map(McpSchema.Tool::name).toList();
  }

  private static JsonNode structured(McpSchema.CallToolResult result) {
    return Json.tree(result.structuredContent());
  }

  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().getFirst()).text();
  }

  @Test
  void listsOnlyTheMetaToolsAndPinnedToolsInRegistryMode() {
    McpSyncClient client =
        start(
            b ->
                b.exposure(
                    Exposure.of(ToolMode.SEARCH_REGISTRY)
                        .withPinned(List.of("math_add", "no_such_tool"))));

    McpSchema.ListToolsResult page = client.listTools();

    assertThat(names(page)).containsExactly("tool_invoke", "tool_search", "math_add");
    assertThat(page.nextCursor()).isNull();
  }

  @Test
  void listsTheRfcMetaToolsInTheRfcProfile() {
    McpSyncClient client = start(b -> b.exposure(RFC));

    assertThat(names(client.listTools())).containsExactly("find_tools", "use_tool");
  }

  @Test
  void pagesThroughEveryToolWithCursorsInAllMode() {
    McpSyncClient client = start(b -> b.exposure(Exposure.of(ToolMode.ALL)).pageSize(3));

    List<String> seen = new ArrayList<>();
    int pages = 0;
    String cursor = null;
    do {
      McpSchema.ListToolsResult page = client.listTools(cursor);
      seen.addAll(names(page));
      cursor = page.nextCursor();
      pages++;
    } while (cursor != null);

    assertThat(pages).isEqualTo(3);
    assertThat(seen).containsExactlyElementsOf(registry.names());
  }

  @Test
  void mapsSchemasAndAnnotationsIntoTheListedTools() {
    McpSyncClient client = start(b -> b.exposure(Exposure.of(ToolMode.ALL)));

    McpSchema.Tool add =
        client.listTools().tools().stream()
            .filter(t -> t.name().equals("math_add"))
            .findFirst()
            .orElseThrow();

    assertThat(add.description()).isEqualTo("Adds two whole numbers and returns their sum.");
    assertThat(Json.tree(add.inputSchema()))
        .isEqualTo(registry.get("math_add").orElseThrow().definition().parameters());
  }

  @Test
  void negotiatesTheNewestRevisionWithANewClient() {
    McpSyncClient client = start(b -> b);

    assertThat(client.getCurrentInitializationResult().protocolVersion()).isEqualTo("2025-11-25");
  }

  @Test
  void negotiatesAnOlderRevisionWithAnOlderClient() {
    McpSyncClient client = start(b -> b, new LinkedBlockingQueue<>(), "2025-03-26");

    assertThat(client.getCurrentInitializationResult().protocolVersion()).isEqualTo("2025-03-26");
    assertThat(names(client.listTools())).contains("tool_search");
  }

  @Test
  void toolSearchFindsAToolFromWordsAndToolInvokeRunsIt() {
    McpSyncClient client = start(b -> b);

    McpSchema.CallToolResult found =
        client.callTool(
            McpClients.request(
                "tool_search", Map.of("query", "what is the weather forecast", "limit", 2)));
    JsonNode hits = structured(found).path("tools");
    String tool = hits.get(0).path("tool_id").asString();
    McpSchema.CallToolResult ran =
        client.callTool(
            McpClients.request(
                "tool_invoke", Map.of("tool_id", tool, "arguments", Map.of("text", "Lisbon"))));

    assertThat(found.isError()).isFalse();
    assertThat(tool).isEqualTo("weather_forecast");
    assertThat(hits.get(0).path("parameters").path("type").asString()).isEqualTo("object");
    assertThat(hits.get(0).path("match_sources")).isNotEmpty();
    assertThat(ran.isError()).isFalse();
    assertThat(structured(ran).path("ok").asBoolean()).isTrue();
    assertThat(structured(ran).path("result").path("text").asString()).isEqualTo("Lisbon");
  }

  @Test
  void findToolsReturnsOpenAiSchemasWhenAsked() {
    McpSyncClient client = start(b -> b.exposure(RFC));

    McpSchema.CallToolResult found =
        client.callTool(
            McpClients.request("find_tools", Map.of("query", "send an email", "format", "openai")));

    JsonNode first = structured(found).path("tools").get(0);
    assertThat(structured(found).path("format").asString()).isEqualTo("openai");
    assertThat(first.path("type").asString()).isEqualTo("function");
    assertThat(first.path("function").path("name").asString()).isEqualTo("email_send");
    assertThat(first.path("function").path("parameters").path("required").get(0).asString())
        .isEqualTo("text");
  }

  @Test
  void findToolsReturnsAnthropicSchemasWhenAsked() {
    McpSyncClient client = start(b -> b.exposure(RFC));

    McpSchema.CallToolResult found =
        client.callTool(
            McpClients.request(
                "find_tools", Map.of("query", "send an email", "format", "anthropic")));

    JsonNode first = structured(found).path("tools").get(0);
    assertThat(first.path("name").asString()).isEqualTo("email_send");
    assertThat(first.has("input_schema")).isTrue();
  }

  @Test
  void findToolsReturnsMcpSchemasByDefault() {
    McpSyncClient client = start(b -> b.exposure(RFC));

    McpSchema.CallToolResult found =
        client.callTool(McpClients.request("find_tools", Map.of("query", "add numbers")));

    JsonNode first = structured(found).path("tools").get(0);
    assertThat(first.path("name").asString()).isEqualTo("math_add");
    assertThat(first.has("inputSchema")).isTrue();
  }

  @Test
  void findToolsWithAnEmptyQueryIsAnErrorNotTheWholeCatalog() {
    McpSyncClient client = start(b -> b.exposure(RFC));

    McpSchema.CallToolResult found =
        client.callTool(McpClients.request("find_tools", Map.of("query", " ")));

    assertThat(found.isError()).isTrue();
    assertThat(text(found)).startsWith("find_tools: ").contains("query must not be empty");
  }

  @Test
  void aCallerSetAsARequestAttributeLimitsWhatThatRequestSeesAndCalls() {
    server = ToolgateMcpServer.builder(gate).exposure(Exposure.of(ToolMode.ALL)).build();
    HttpServlet mcp = server.httpServlet();
    CallOptions weatherOnly =
        CallOptions.DEFAULT.withPrincipal("weather-bot", t -> t.name().startsWith("weather_"));
    // What a front servlet (the REST server's API-key check) does before handing the request on.
    HttpServlet front =
        new HttpServlet() {
          @Override
          public void init(ServletConfig config) throws ServletException {
            super.init(config);
            mcp.init(config);
          }

          @Override
          protected void service(HttpServletRequest req, HttpServletResponse resp)
              throws ServletException, IOException {
            req.setAttribute(ToolgateMcpServer.CALL_OPTIONS_ATTRIBUTE, weatherOnly);
            mcp.service(req, resp);
          }
        };
    http = McpHttpServer.start("127.0.0.1", 0, ToolgateMcpServer.DEFAULT_ENDPOINT, front);
    try {
      McpSyncClient client = McpClients.http(http.endpoint());
      clients.add(client);

      McpSchema.CallToolResult found =
          client.callTool(McpClients.request("tool_search", Map.of("query", "send an email")));
      McpSchema.CallToolResult refused =
          client.callTool(McpClients.request("email_send", Map.of("text", "hi")));

      assertThat(names(client.listTools())).containsExactly("weather_current", "weather_forecast");
      structured(found)
          .path("tools")
          .forEach(t -> assertThat(t.path("tool_id").asString()).startsWith("weather_"));
      assertThat(refused.isError()).isTrue();
      // A hidden tool reads as one that does not exist, so the key cannot learn it is there.
      assertThat(structured(refused).path("error").path("code").asString())
          .isEqualTo("unknown_tool");
      assertThat(text(refused))
          .startsWith("unknown tool 'email_send'")
          .doesNotContain("weather-bot");
    } finally {
      http.close();
    }
  }

  @Test
  void callsAToolThatIsNotListedDirectlyByName() {
    McpSyncClient client = start(b -> b);

    McpSchema.CallToolResult result =
        client.callTool(McpClients.request("math_add", Map.of("a", 2, "b", 40)));

    assertThat(result.isError()).isFalse();
    assertThat(structured(result).path("sum").asInt()).isEqualTo(42);
    assertThat(text(result)).isEqualTo("{\"sum\":42}");
  }

  @Test
  void aToolHiddenFromModelsIsNeitherListedNorCallable() {
    RegisteredTool echo = TestGates.echo("internal_audit", "Audits internal state.");
    registry.register(
        new RegisteredTool(echo.definition().toBuilder().asTool(false).build(), echo.executor()));
    McpSyncClient client = start(b -> b.exposure(Exposure.of(ToolMode.ALL)));

    McpSchema.CallToolResult result =
        client.callTool(McpClients.request("internal_audit", Map.of("text", "x")));

    assertThat(names(client.listTools())).doesNotContain("internal_audit").contains("math_add");
    assertThat(result.isError()).isTrue();
    // As for a name that does not exist: a model host learns nothing of a hidden tool.
    assertThat(text(result)).contains("unknown tool").doesNotContain("as_tool");
  }

  @Test
  void badArgumentsGiveAnErrorResultThatNamesTheToolAndTheProblem() {
    McpSyncClient client = start(b -> b);

    McpSchema.CallToolResult result =
        client.callTool(McpClients.request("math_add", Map.of("a", "two")));

    assertThat(result.isError()).isTrue();
    assertThat(text(result)).contains("math_add").contains("/a");
    assertThat(structured(result).path("error").path("code").asString())
        .isEqualTo("invalid_arguments");
    assertThat(structured(result).path("error").path("details")).isNotEmpty();
  }

  @Test
  void badMetaToolArgumentsNameTheMetaToolAndTheField() {
    McpSyncClient client = start(b -> b);

    McpSchema.CallToolResult result =
        client.callTool(McpClients.request("tool_invoke", Map.of("arguments", Map.of())));

    assertThat(result.isError()).isTrue();
    assertThat(text(result)).startsWith("tool_invoke: ").contains("tool_id");
  }

  @Test
  void anUnknownToolGivesAStructuredErrorWithCloseNames() {
    McpSyncClient client = start(b -> b);

    McpSchema.CallToolResult result =
        client.callTool(McpClients.request("weather_curent", Map.of("text", "x")));

    assertThat(result.isError()).isTrue();
    JsonNode error = structured(result).path("error");
    assertThat(error.path("code").asString()).isEqualTo("unknown_tool");
    assertThat(error.path("suggestions").toString()).contains("weather_current");
    assertThat(text(result)).contains("weather_curent").contains("tool_search");
  }

  @Test
  void addingAToolSendsListChangedAndTheNextListShowsIt() throws InterruptedException {
    BlockingQueue<List<McpSchema.Tool>> changes = new LinkedBlockingQueue<>();
    McpSyncClient client = start(b -> b.exposure(Exposure.of(ToolMode.ALL)), changes);
    assertThat(names(client.listTools())).doesNotContain("translate_text");

    registry.register(TestGates.echo("translate_text", "Translates a text into another language."));

    assertThat(changes.poll(60, TimeUnit.SECONDS)).isNotNull();
    assertThat(names(client.listTools())).contains("translate_text");
  }

  @Test
  void aToolAddedWhileConnectedIsFoundBySearch() throws InterruptedException {
    BlockingQueue<List<McpSchema.Tool>> changes = new LinkedBlockingQueue<>();
    McpSyncClient client = start(b -> b, changes);

    registry.register(TestGates.echo("translate_text", "Translates a text into another language."));

    assertThat(changes.poll(60, TimeUnit.SECONDS)).isNotNull();
    McpSchema.CallToolResult found =
        client.callTool(McpClients.request("tool_search", Map.of("query", "translate this text")));
    assertThat(structured(found).path("tools").get(0).path("tool_id").asString())
        .isEqualTo("translate_text");
  }

  @Test
  void aBurstOfChangesSendsFewNotifications() throws InterruptedException {
    BlockingQueue<List<McpSchema.Tool>> changes = new LinkedBlockingQueue<>();
    start(b -> b.listChangedDebounce(java.time.Duration.ofMillis(300)), changes);

    for (int i = 0; i < 20; i++) {
      registry.register(TestGates.echo("burst_" + i, "Burst tool " + i));
    }

    assertThat(changes.poll(60, TimeUnit.SECONDS)).isNotNull();
    Thread.sleep(1000);
    // 20 changes, coalesced: far fewer notifications (one, unless the machine stalls).
    assertThat(changes.size() + 1).isLessThan(20);
  }

  @Test
  void theCapabilitiesResourceSaysWhichSearchBackendsAreActive() {
    McpSyncClient client = start(b -> b);

    List<McpSchema.Resource> resources = client.listResources().resources();
    McpSchema.ReadResourceResult read =
        client.readResource(
            McpSchema.ReadResourceRequest.builder("toolgate://capabilities").build());
    JsonNode doc = Json.parse(((McpSchema.TextResourceContents) read.contents().getFirst()).text());

    assertThat(resources).extracting(McpSchema.Resource::uri).contains("toolgate://capabilities");
    assertThat(doc.path("search").path("keyword").asBoolean()).isTrue();
    assertThat(doc.path("search").path("vector").asBoolean()).isFalse();
    assertThat(doc.path("tools").asInt()).isEqualTo(registry.size());
  }

  @Test
  void useToolFindsAndRunsATheBestMatchInOneStep() {
    McpSyncClient client = start(b -> b.exposure(RFC));

    McpSchema.CallToolResult result =
        client.callTool(
            McpClients.request(
                "use_tool", Map.of("query", "add two numbers", "params", Map.of("a", 1, "b", 2))));

    assertThat(result.isError()).isFalse();
    assertThat(structured(result).path("tool_id").asString()).isEqualTo("math_add");
    assertThat(structured(result).path("result").path("sum").asInt()).isEqualTo(3);
  }
}
