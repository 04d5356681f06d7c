package io.toolgate.server.chat;

import static io.toolgate.server.chat.Requests.ask;
import static io.toolgate.server.chat.Requests.model;
import static io.toolgate.server.chat.Requests.proxy;
import static io.toolgate.testing.ScriptedUpstream.Step.call;
import static io.toolgate.testing.ScriptedUpstream.Step.calls;
import static io.toolgate.testing.ScriptedUpstream.Step.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.Toolgate;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import io.toolgate.json.Json;
import io.toolgate.testing.ScriptedUpstream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Which tools the upstream sees in each mode, and how names and meta-tools resolve. */
class ChatProxyModesTest {
  private ScriptedUpstream upstream;
  private Toolgate gate;

  @BeforeEach
  void start() throws IOException {
    upstream = ScriptedUpstream.start();
    upstream.always(text("ok"));
  }

  @AfterEach
  void stop() {
    upstream.close();
    if (gate != null) {
      gate.close();
    }
  }

  private List<String> firstTools(ModelConfig model) {
    proxy(gate, model).complete(ask("hello"), ChatContext.DEFAULT);
    return upstream.toolNames(0);
  }

  @Test
  void autoShowsEveryToolOfASmallCatalog() {
    gate = TestGateway.withTools(0).hybrid();

    assertThat(firstTools(model(upstream).withEmbedder("fake")))
        .containsExactly("email_send", "github_search_issues", "time_now", "weather_current");
  }

  @Test
  void autoShowsTheRegistryAboveTwentyToolsWithAnEmbedder() {
    gate = TestGateway.withTools(17).hybrid(); // 21 tools

    assertThat(firstTools(model(upstream).withEmbedder("fake")))
        .containsExactly("tool_search", "tool_invoke");
  }

  @Test
  void autoStaysDirectAtExactlyTwentyTools() {
    gate = TestGateway.withTools(16).hybrid(); // 20 tools

    assertThat(firstTools(model(upstream).withEmbedder("fake"))).hasSize(20);
  }

  @Test
  void autoShowsEveryToolWithoutAnEmbedderAndSaysWhy() {
    gate = TestGateway.withTools(17).lexical();

    ChatReply reply = proxy(gate, model(upstream)).complete(ask("hello"), ChatContext.DEFAULT);

    assertThat(upstream.toolNames(0)).hasSize(21);
    assertThat(reply.body().path("toolgate").path("mode").asString()).isEqualTo("all");
    assertThat(reply.body().path("toolgate").path("requested_mode").asString()).isEqualTo("auto");
    assertThat(reply.body().path("toolgate").path("warnings").path(0).asString())
        .contains("no embedder is configured");
  }

  @Test
  void autoUsesTheWholeSearchWhenTheModelNamesNoEmbeddingModel() {
    gate = TestGateway.withTools(17).hybrid();

    assertThat(firstTools(model(upstream))).containsExactly("tool_search", "tool_invoke");
  }

  @Test
  void aModelWithoutToolEmbeddingModelSearchesWithEveryEmbedderFused() throws Exception {
    gate = TestGateway.withTools(3).hybridPair();

    assertThat(searchSources(model(upstream))).contains("vector", "vector:fake-b");
  }

  @Test
  void aModelNamingAnEmbeddingModelSearchesWithThatEmbedderOnly() throws Exception {
    gate = TestGateway.withTools(3).hybridPair();

    assertThat(searchSources(model(upstream).withEmbedder("b")))
        .contains("vector:fake-b", "full_text")
        .doesNotContain("vector");
  }

  /** The channels that ranked the hits of one tool_search the model ran. */
  private java.util.Set<String> searchSources(ModelConfig model) {
    upstream.then(calls(call("c1", "tool_search", "{\"query\":\"current weather forecast\"}")));
    proxy(gate, model.withTools(ToolMode.SEARCH_REGISTRY))
        .complete(ask("weather?"), ChatContext.DEFAULT);
    JsonNode found =
        Json.parse(upstream.requests().get(1).path("messages").get(2).path("content").asString());
    java.util.Set<String> sources = new java.util.TreeSet<>();
    found
        .path("tools")
        .forEach(
            t -> t.path("match_sources").forEach(m -> sources.add(m.path("source").asString())));
    assertThat(found.path("tools")).isNotEmpty();
    return sources;
  }

  @Test
  void searchRegistryFailsAtStartWhenACatalogToolTakesAReservedName() {
    TestGateway tools = TestGateway.withTools(0);
    tools.add(
        ToolDefinition.builder("tool_search", TestGateway.schema("q", "query"))
            .source("file:tools.yaml")
            .build(),
        "{\"mine\":true}");
    gate = tools.lexical();

    assertThatThrownBy(() -> proxy(gate, model(upstream).withTools(ToolMode.SEARCH_REGISTRY)))
        .isInstanceOf(ModelConfigException.class)
        .hasMessageContaining("model 'assistant'")
        .hasMessageContaining(
            "tool 'tool_search' from file:tools.yaml takes a reserved meta-tool name");
  }

  @Test
  void autoFallsBackToDirectToolsOnAReservedNameClashAndRunsTheCatalogTool() {
    TestGateway tools = TestGateway.withTools(17);
    tools.add(
        ToolDefinition.builder("tool_search", TestGateway.schema("q", "query"))
            .description("A catalog tool that happens to be called tool_search.")
            .build(),
        "{\"mine\":true}");
    gate = tools.hybrid();
    upstream.then(calls(call("c1", "tool_search", "{\"q\":\"x\"}")));

    ChatReply reply =
        proxy(gate, model(upstream).withEmbedder("fake")).complete(ask("hi"), ChatContext.DEFAULT);

    assertThat(upstream.toolNames(0))
        .hasSize(22)
        .contains("tool_search")
        .doesNotContain("tool_invoke");
    assertThat(tools.runs("tool_search")).isEqualTo(1);
    assertThat(reply.body().path("toolgate").path("warnings").path(0).asString())
        .contains("takes a reserved meta-tool name");
  }

  @Test
  void namedModeShowsExactlyThoseToolsThenPinned() {
    gate = TestGateway.withTools(3).lexical();

    assertThat(
            firstTools(
                model(upstream)
                    .withTools(ToolMode.parse("weather_current, email_send"))
                    .withPinned(List.of("time_now"))))
        .containsExactly("weather_current", "email_send", "time_now");
  }

  @Test
  void mapsNamesOpenAiForbidsAndRunsTheToolBehindThem() {
    TestGateway tools = TestGateway.withTools(0);
    gate = tools.lexical();
    upstream.then(calls(call("c1", "github_search_issues", "{\"query\":\"crash\"}")));

    proxy(gate, model(upstream).withTools(ToolMode.ALL))
        .complete(ask("issues?"), ChatContext.DEFAULT);

    assertThat(upstream.toolNames(0))
        .contains("github_search_issues")
        .doesNotContain("github.search_issues");
    assertThat(tools.runs(TestGateway.DOTTED)).isEqualTo(1);
  }

  @Test
  void theRfcProfileFindsToolsInOpenAiFormatAndUsesThem() {
    TestGateway tools = TestGateway.withTools(0);
    gate = tools.lexical();
    upstream
        .then(calls(call("c1", "find_tools", "{\"query\":\"current weather for a city\"}")))
        .then(
            calls(
                call(
                    "c2",
                    "use_tool",
                    "{\"query\":\"weather_current\",\"params\":{\"city\":\"Lisbon\"}}")));

    proxy(gate, model(upstream).withTools(ToolMode.SEARCH_REGISTRY).withMetaTools(Profile.RFC))
        .complete(ask("weather?"), ChatContext.DEFAULT);

    assertThat(upstream.toolNames(0)).containsExactly("find_tools", "use_tool");
    JsonNode found =
        Json.parse(upstream.requests().get(1).path("messages").get(2).path("content").asString());
    assertThat(found.path("format").asString()).isEqualTo("openai");
    assertThat(found.path("tools").path(0).path("function").path("name").asString())
        .isEqualTo("weather_current");
    assertThat(tools.runs(TestGateway.WEATHER)).isEqualTo(1);
  }

  @Test
  void aToolHiddenFromModelsIsNotOfferedAndNotRun() {
    TestGateway tools = TestGateway.withTools(0);
    tools.add(
        ToolDefinition.builder("internal_audit", TestGateway.schema("what", "What to audit"))
            .description("Audits internal state.")
            .asTool(false)
            .build(),
        "{\"audited\":true}");
    gate = tools.lexical();
    upstream.then(calls(call("c1", "internal_audit", "{\"what\":\"x\"}")));

    proxy(gate, model(upstream).withTools(ToolMode.ALL))
        .complete(ask("audit"), ChatContext.DEFAULT);

    assertThat(upstream.toolNames(0)).hasSize(4).doesNotContain("internal_audit");
    assertThat(tools.runs("internal_audit")).isZero();
    assertThat(upstream.lastMessages().get(2).path("content").asString())
        .contains("unknown_tool")
        .doesNotContain("as_tool");
  }

  @Test
  void aCallersToolFilterHidesToolsAndRefusesToRunThem() {
    TestGateway tools = TestGateway.withTools(0);
    gate = tools.lexical();
    upstream.then(calls(call("c1", "email_send", "{\"to\":\"a@b.c\"}")));
    ChatContext context =
        ChatContext.DEFAULT.withOptions(
            io.toolgate.invoke.CallOptions.DEFAULT.withPrincipal(
                "key1", t -> !t.name().equals("email_send")));

    proxy(gate, model(upstream).withTools(ToolMode.ALL)).complete(ask("mail"), context);

    assertThat(upstream.toolNames(0)).doesNotContain("email_send");
    assertThat(tools.runs(TestGateway.EMAIL)).isZero();
    assertThat(upstream.lastMessages().get(2).path("content").asString()).contains("\"ok\":false");
  }

  @Test
  void reportsFewerToolTokensSentThanTheWholeCatalogWouldCost() {
    gate = TestGateway.withTools(30).lexical();

    ChatReply reply =
        proxy(gate, model(upstream).withTools(ToolMode.SEARCH_REGISTRY))
            .complete(ask("hi"), ChatContext.DEFAULT);

    JsonNode report = reply.body().path("toolgate");
    long sent = report.path("tool_tokens_sent").asLong();
    long all = report.path("tool_tokens_all").asLong();
    assertThat(sent).isPositive();
    assertThat(all).isGreaterThan(3 * sent);
    assertThat(reply.headers())
        .containsEntry("X-Toolgate-Tool-Tokens-Sent", String.valueOf(sent))
        .containsEntry("X-Toolgate-Tool-Tokens-All", String.valueOf(all))
        .containsEntry("X-Toolgate-Rounds", "0");
  }

  @Test
  void sendsAsManyToolTokensAsTheWholeCatalogInModeAll() {
    gate = TestGateway.withTools(5).lexical();

    ChatReply reply =
        proxy(gate, model(upstream).withTools(ToolMode.ALL))
            .complete(ask("hi"), ChatContext.DEFAULT);

    JsonNode report = reply.body().path("toolgate");
    assertThat(report.path("tool_tokens_sent").asLong())
        .isEqualTo(report.path("tool_tokens_all").asLong());
  }

  @Test
  void listsTheConfiguredModels() {
    gate = TestGateway.withTools(0).lexical();
    ChatProxy proxy =
        proxy(
            gate,
            model(upstream),
            ModelConfig.of("coder", upstream.baseUrl()).withTools(ToolMode.ALL));

    JsonNode list = proxy.listModels();

    assertThat(list.path("object").asString()).isEqualTo("list");
    assertThat(list.path("data").findValuesAsString("id")).containsExactly("assistant", "coder");
    assertThat(list.path("data").path(0).path("object").asString()).isEqualTo("model");
    assertThat(list.path("data").path(1).path("toolgate").path("tools").asString())
        .isEqualTo("all");
  }
}
