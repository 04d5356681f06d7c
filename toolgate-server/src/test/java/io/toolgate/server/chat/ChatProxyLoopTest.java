package io.toolgate.server.chat;

import static io.toolgate.server.chat.Requests.ask;
import static io.toolgate.server.chat.Requests.model;
import static io.toolgate.server.chat.Requests.proxy;
import static io.toolgate.server.chat.Requests.withClientTool;
import static io.toolgate.testing.ScriptedUpstream.Step.call;
import static io.toolgate.testing.ScriptedUpstream.Step.calls;
import static io.toolgate.testing.ScriptedUpstream.Step.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.Toolgate;
import io.toolgate.exposure.ToolMode;
import io.toolgate.json.Json;
import io.toolgate.testing.ScriptedUpstream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The tool loop, non-streaming: what runs, what the upstream sees, what the client gets. */
class ChatProxyLoopTest {
  private ScriptedUpstream upstream;
  private TestGateway tools;
  private Toolgate gate;

  @BeforeEach
  void start() throws IOException {
    upstream = ScriptedUpstream.start();
    tools = TestGateway.withTools(0);
    gate = tools.lexical();
  }

  @AfterEach
  void stop() {
    upstream.close();
    gate.close();
  }

  private ChatProxy registryProxy() {
    return proxy(gate, model(upstream).withTools(ToolMode.SEARCH_REGISTRY));
  }

  @Test
  void searchesThenInvokesThenAnswers() {
    upstream
        .then(calls(call("call_1", "tool_search", "{\"query\":\"current weather in a city\"}")))
        .then(
            calls(
                call(
                    "call_2",
                    "tool_invoke",
                    "{\"tool_id\":\"weather_current\",\"arguments\":{\"city\":\"Lisbon\"}}")))
        .then(text("It is 21 °C and sunny in Lisbon."));

    ChatReply reply = registryProxy().complete(ask("Weather in Lisbon?"), ChatContext.DEFAULT);

    assertThat(reply.status()).isEqualTo(200);
    JsonNode choice = reply.body().path("choices").path(0);
    assertThat(choice.path("message").path("content").asString())
        .isEqualTo("It is 21 °C and sunny in Lisbon.");
    assertThat(choice.path("finish_reason").asString()).isEqualTo("stop");
    assertThat(reply.body().path("model").asString()).isEqualTo("assistant");
    assertThat(tools.runs(TestGateway.WEATHER)).isEqualTo(1);
    assertThat(upstream.requests()).hasSize(3);
    assertThat(upstream.toolNames(0)).containsExactly("tool_search", "tool_invoke");
    JsonNode searchResult =
        Json.parse(upstream.requests().get(1).path("messages").get(2).path("content").asString());
    assertThat(searchResult.path("tools").path(0).path("tool_id").asString())
        .isEqualTo("weather_current");
    JsonNode last = upstream.lastMessages().get(upstream.lastMessages().size() - 1);
    assertThat(last.path("role").asString()).isEqualTo("tool");
    assertThat(last.path("tool_call_id").asString()).isEqualTo("call_2");
    assertThat(Json.parse(last.path("content").asString()).path("result").path("sky").asString())
        .isEqualTo("sunny");
    ObjectNode report = (ObjectNode) reply.body().get("toolgate");
    assertThat(report.path("rounds").asInt()).isEqualTo(2);
    assertThat(report.path("upstream_calls").asInt()).isEqualTo(3);
    assertThat(report.path("tool_calls").findValuesAsString("tool"))
        .containsExactly("tool_search", "tool_invoke");
    assertThat(report.path("tool_calls").path(1).path("invoked").asString())
        .isEqualTo("weather_current");
  }

  @Test
  void sendsTheUpstreamModelNameAndTheApiKey() {
    upstream.then(text("hi"));
    ChatProxy proxy =
        proxy(gate, model(upstream).withUpstreamModel("qwen2.5:7b").withApiKeyEnv("UPSTREAM_KEY"));

    proxy.complete(ask("hello"), ChatContext.DEFAULT);

    assertThat(upstream.requests().getFirst().path("model").asString()).isEqualTo("qwen2.5:7b");
    assertThat(upstream.headers().getFirst().get("Authorization"))
        .containsExactly("Bearer sk-test");
  }

  @Test
  void runsAPinnedToolCalledDirectly() {
    upstream.then(calls(call("call_1", "time_now", "{}"))).then(text("It is noon."));
    ChatProxy proxy =
        proxy(
            gate,
            model(upstream).withTools(ToolMode.SEARCH_REGISTRY).withPinned(List.of("time_now")));

    ChatReply reply = proxy.complete(ask("What time is it?"), ChatContext.DEFAULT);

    assertThat(upstream.toolNames(0)).containsExactly("tool_search", "tool_invoke", "time_now");
    assertThat(tools.runs(TestGateway.TIME)).isEqualTo(1);
    assertThat(reply.body().path("choices").path(0).path("message").path("content").asString())
        .isEqualTo("It is noon.");
    assertThat(reply.body().path("toolgate").path("tool_calls").path(0).path("kind").asString())
        .isEqualTo("tool");
  }

  @Test
  void stopsAtTheRecursionLimitWithAClearFinishReason() {
    upstream.always(calls(call("call_n", "tool_search", "{\"query\":\"weather\"}")));
    ChatProxy proxy =
        proxy(gate, model(upstream).withTools(ToolMode.SEARCH_REGISTRY).withToolRecursionLimit(2));

    ChatReply reply = proxy.complete(ask("loop forever"), ChatContext.DEFAULT);

    assertThat(reply.status()).isEqualTo(200);
    JsonNode choice = reply.body().path("choices").path(0);
    assertThat(choice.path("finish_reason").asString()).isEqualTo("tool_recursion_limit");
    assertThat(choice.path("message").has("tool_calls")).isFalse();
    assertThat(choice.path("message").path("role").asString()).isEqualTo("assistant");
    assertThat(upstream.requests()).hasSize(3);
    assertThat(reply.body().path("toolgate").path("rounds").asInt()).isEqualTo(2);
    assertThat(reply.body().path("toolgate").path("not_run").path(0).path("name").asString())
        .isEqualTo("tool_search");
  }

  @Test
  void aLimitOfZeroRunsNoTool() {
    upstream.then(calls(call("call_1", "tool_invoke", "{\"tool_id\":\"time_now\"}")));
    ChatProxy proxy =
        proxy(gate, model(upstream).withTools(ToolMode.SEARCH_REGISTRY).withToolRecursionLimit(0));

    ChatReply reply = proxy.complete(ask("time?"), ChatContext.DEFAULT);

    assertThat(reply.body().path("choices").path(0).path("finish_reason").asString())
        .isEqualTo("tool_recursion_limit");
    assertThat(tools.runs(TestGateway.TIME)).isZero();
  }

  @Test
  void returnsCallsOfClientToolsWithoutRunningThem() {
    upstream.then(calls(call("call_c", "lookup_order", "{\"order_id\":\"A-17\"}")));
    ObjectNode request = withClientTool(ask("Where is order A-17?"), "lookup_order");

    ChatReply reply = registryProxy().complete(request, ChatContext.DEFAULT);

    JsonNode choice = reply.body().path("choices").path(0);
    assertThat(choice.path("finish_reason").asString()).isEqualTo("tool_calls");
    assertThat(
            choice
                .path("message")
                .path("tool_calls")
                .path(0)
                .path("function")
                .path("name")
                .asString())
        .isEqualTo("lookup_order");
    assertThat(upstream.requests()).hasSize(1);
    assertThat(upstream.toolNames(0)).containsExactly("tool_search", "tool_invoke", "lookup_order");
    assertThat(reply.body().path("toolgate").path("rounds").asInt()).isZero();
  }

  @Test
  void aMixedTurnRunsRegistryCallsAndReturnsOnlyTheClientsCalls() {
    upstream.then(
        calls(
            call("call_c", "lookup_order", "{\"order_id\":\"A-17\"}"),
            call("call_r", "tool_invoke", "{\"tool_id\":\"time_now\",\"arguments\":{}}")));
    ChatProxy proxy = registryProxy();
    ObjectNode request = withClientTool(ask("Order A-17 and the time?"), "lookup_order");

    ChatReply reply = proxy.complete(request, ChatContext.DEFAULT);

    JsonNode message = reply.body().path("choices").path(0).path("message");
    assertThat(message.path("tool_calls")).hasSize(1);
    assertThat(message.path("tool_calls").path(0).path("id").asString()).isEqualTo("call_c");
    assertThat(reply.body().path("choices").path(0).path("finish_reason").asString())
        .isEqualTo("tool_calls");
    assertThat(tools.runs(TestGateway.TIME)).isEqualTo(1);
  }

  @Test
  void aMixedTurnsRegistryResultsReturnWhenTheClientContinues() {
    upstream
        .then(
            calls(
                call("call_c", "lookup_order", "{\"order_id\":\"A-17\"}"),
                call("call_r", "tool_invoke", "{\"tool_id\":\"time_now\",\"arguments\":{}}")))
        .then(text("Order A-17 ships today; it is noon."));
    ChatProxy proxy = registryProxy();
    ObjectNode first = withClientTool(ask("Order A-17 and the time?"), "lookup_order");
    ChatReply reply = proxy.complete(first, ChatContext.DEFAULT);

    ObjectNode next = first.deepCopy();
    next.withArray("messages").add(reply.body().path("choices").path(0).path("message"));
    next.withArray("messages")
        .addObject()
        .put("role", "tool")
        .put("tool_call_id", "call_c")
        .put("content", "{\"status\":\"ships today\"}");
    proxy.complete(next, ChatContext.DEFAULT);

    JsonNode sent = upstream.lastMessages();
    List<String> roles = new ArrayList<>();
    sent.forEach(m -> roles.add(m.path("role").asString()));
    assertThat(roles).containsExactly("user", "assistant", "tool", "tool");
    assertThat(sent.get(1).path("tool_calls").findValuesAsString("id"))
        .containsExactly("call_c", "call_r");
    assertThat(sent.get(2).path("tool_call_id").asString()).isEqualTo("call_r");
    assertThat(sent.get(2).path("content").asString()).contains("2025-01-01T12:00:00Z");
    assertThat(sent.get(3).path("tool_call_id").asString()).isEqualTo("call_c");
  }

  @Test
  void aFailedCallIsFedBackToTheModelAsAStructuredError() {
    upstream
        .then(
            calls(
                call("call_1", "tool_invoke", "{\"tool_id\":\"weather_curent\",\"arguments\":{}}")))
        .then(text("Sorry."));

    registryProxy().complete(ask("weather?"), ChatContext.DEFAULT);

    JsonNode result = Json.parse(upstream.lastMessages().get(2).path("content").asString());
    assertThat(result.path("ok").asBoolean()).isFalse();
    assertThat(result.path("error").path("code").asString()).isEqualTo("unknown_tool");
    assertThat(result.path("error").path("suggestions").path(0).asString())
        .isEqualTo("weather_current");
  }

  @Test
  void invalidArgumentJsonIsAnErrorTheModelCanFix() {
    upstream.then(calls(call("call_1", "tool_search", "{\"query\": "))).then(text("ok"));

    registryProxy().complete(ask("weather?"), ChatContext.DEFAULT);

    JsonNode result = Json.parse(upstream.lastMessages().get(2).path("content").asString());
    assertThat(result.path("error").path("code").asString()).isEqualTo("invalid_arguments");
    assertThat(result.path("error").path("message").asString())
        .startsWith("tool_search: the arguments are not valid JSON");
  }

  @Test
  void sumsUsageOverTheUpstreamCalls() {
    upstream.then(calls(call("call_1", "time_now", "{}"))).then(text("noon"));
    ChatProxy proxy = proxy(gate, model(upstream).withTools(ToolMode.ALL));

    ChatReply reply = proxy.complete(ask("time?"), ChatContext.DEFAULT);

    assertThat(reply.body().path("usage").path("prompt_tokens").asInt()).isEqualTo(200);
    assertThat(reply.body().path("usage").path("total_tokens").asInt()).isEqualTo(220);
  }

  @Test
  void runsParallelCallsOfOneRound() {
    upstream
        .then(
            calls(
                call("a", "time_now", "{}"), call("b", "weather_current", "{\"city\":\"Porto\"}")))
        .then(text("done"));
    ChatProxy proxy = proxy(gate, model(upstream).withTools(ToolMode.ALL));

    ChatReply reply = proxy.complete(ask("time and weather"), ChatContext.DEFAULT);

    assertThat(tools.runs(TestGateway.TIME)).isEqualTo(1);
    assertThat(tools.runs(TestGateway.WEATHER)).isEqualTo(1);
    assertThat(upstream.lastMessages().findValuesAsString("tool_call_id"))
        .containsExactly("a", "b");
    assertThat(reply.body().path("toolgate").path("rounds").asInt()).isEqualTo(1);
  }
}
