package io.toolgate.server.chat;

import static io.toolgate.server.chat.Requests.ask;
import static io.toolgate.server.chat.Requests.model;
import static io.toolgate.server.chat.Requests.proxy;
import static io.toolgate.server.chat.Requests.streaming;
import static io.toolgate.server.chat.Requests.withClientTool;
import static io.toolgate.testing.ScriptedUpstream.Step.call;
import static io.toolgate.testing.ScriptedUpstream.Step.calls;
import static io.toolgate.testing.ScriptedUpstream.Step.error;
import static io.toolgate.testing.ScriptedUpstream.Step.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.Toolgate;
import io.toolgate.exposure.ToolMode;
import io.toolgate.testing.ScriptedUpstream;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Streaming: the answer's chunks, tool rounds in between, the closing frames. */
class ChatProxyStreamTest {
  private ScriptedUpstream upstream;
  private TestGateway tools;
  private Toolgate gate;
  private ChatProxy proxy;
  private final RecordingSink sink = new RecordingSink();

  @BeforeEach
  void start() throws IOException {
    upstream = ScriptedUpstream.start();
    tools = TestGateway.withTools(0);
    gate = tools.lexical();
    proxy =
        proxy(gate, model(upstream).withTools(ToolMode.SEARCH_REGISTRY).withToolRecursionLimit(2));
  }

  @AfterEach
  void stop() {
    upstream.close();
    gate.close();
  }

  @Test
  void streamsTheAnswerAfterSearchAndInvokeRounds() throws IOException {
    upstream
        .then(calls(call("c1", "tool_search", "{\"query\":\"current weather in a city\"}")))
        .then(
            calls(
                call(
                    "c2",
                    "tool_invoke",
                    "{\"tool_id\":\"weather_current\",\"arguments\":{\"city\":\"Lisbon\"}}")))
        .then(text("Sunny, 21 °C in Lisbon."));

    proxy.stream(streaming(ask("Weather in Lisbon?")), ChatContext.DEFAULT, sink);

    assertThat(sink.failure).isNull();
    assertThat(sink.content()).isEqualTo("Sunny, 21 °C in Lisbon.");
    assertThat(sink.comments()).hasSize(2);
    assertThat(sink.comments().get(0))
        .startsWith("toolgate round 1 tool_search ok [weather_current");
    assertThat(sink.comments().get(1))
        .startsWith("toolgate round 2 tool_invoke ok [weather_current]");
    ObjectNode last = sink.last();
    assertThat(last.path("choices").path(0).path("finish_reason").asString()).isEqualTo("stop");
    assertThat(last.path("toolgate").path("rounds").asInt()).isEqualTo(2);
    assertThat(last.path("model").asString()).isEqualTo("assistant");
    assertThat(sink.done()).isTrue();
    assertThat(sink.chunks())
        .allSatisfy(c -> assertThat(c.path("id").asString()).isEqualTo(last.path("id").asString()));
    assertThat(upstream.requests())
        .allSatisfy(r -> assertThat(r.path("stream").asBoolean()).isTrue());
    assertThat(tools.runs(TestGateway.WEATHER)).isEqualTo(1);
  }

  @Test
  void neverForwardsRegistryToolCallFragments() throws IOException {
    upstream
        .then(calls(call("c1", "tool_invoke", "{\"tool_id\":\"time_now\"}")))
        .then(text("Noon."));

    proxy.stream(streaming(ask("time?")), ChatContext.DEFAULT, sink);

    assertThat(sink.chunks())
        .allSatisfy(
            c -> assertThat(c.path("choices").path(0).path("delta").has("tool_calls")).isFalse());
    assertThat(
            sink.chunks().stream()
                .filter(c -> c.path("choices").path(0).path("finish_reason").isString()))
        .hasSize(1);
  }

  @Test
  void streamsAClientToolCallBackWithFinishReasonToolCalls() throws IOException {
    upstream.then(calls(call("call_c", "lookup_order", "{\"order_id\":\"A-17\"}")));

    proxy.stream(
        streaming(withClientTool(ask("Order A-17?"), "lookup_order")), ChatContext.DEFAULT, sink);

    JsonNode calls =
        sink.chunks().stream()
            .map(c -> c.path("choices").path(0).path("delta").path("tool_calls"))
            .filter(JsonNode::isArray)
            .findFirst()
            .orElseThrow();
    assertThat(calls.path(0).path("index").asInt()).isZero();
    assertThat(calls.path(0).path("id").asString()).isEqualTo("call_c");
    assertThat(calls.path(0).path("function").path("name").asString()).isEqualTo("lookup_order");
    assertThat(calls.path(0).path("function").path("arguments").asString())
        .isEqualTo("{\"order_id\":\"A-17\"}");
    assertThat(sink.last().path("choices").path(0).path("finish_reason").asString())
        .isEqualTo("tool_calls");
  }

  @Test
  void endsAStreamAtTheRecursionLimit() throws IOException {
    upstream.always(calls(call("c", "tool_search", "{\"query\":\"weather\"}")));

    proxy.stream(streaming(ask("loop")), ChatContext.DEFAULT, sink);

    assertThat(sink.last().path("choices").path(0).path("finish_reason").asString())
        .isEqualTo("tool_recursion_limit");
    assertThat(sink.comments()).hasSize(2);
    assertThat(sink.done()).isTrue();
  }

  @Test
  void anUpstreamErrorBeforeTheFirstFrameIsAPlainJsonError() throws IOException {
    upstream.then(
        error(429, "{\"error\":{\"message\":\"Rate limit reached\",\"type\":\"requests\"}}"));

    proxy.stream(streaming(ask("hi")), ChatContext.DEFAULT, sink);

    assertThat(sink.frames).isEmpty();
    assertThat(sink.failure.status()).isEqualTo(429);
    assertThat(sink.failure.body().path("error").path("message").asString())
        .isEqualTo("Rate limit reached");
  }

  @Test
  void anUpstreamErrorAfterARoundIsAnErrorFrame() throws IOException {
    upstream
        .then(calls(call("c1", "tool_invoke", "{\"tool_id\":\"time_now\"}")))
        .then(error(500, "down"));

    proxy.stream(streaming(ask("time?")), ChatContext.DEFAULT, sink);

    assertThat(sink.failure).isNull();
    ObjectNode last = sink.chunks().getLast();
    assertThat(last.path("error").path("message").asString()).endsWith("answered 500: down");
    assertThat(sink.done()).isFalse();
  }

  @Test
  void sendsTheSummedUsageWhenTheClientAsksForIt() throws IOException {
    upstream
        .then(calls(call("c1", "tool_invoke", "{\"tool_id\":\"time_now\"}")))
        .then(text("Noon."));
    ObjectNode request = streaming(ask("time?"));
    request.putObject("stream_options").put("include_usage", true);

    proxy.stream(request, ChatContext.DEFAULT, sink);

    ObjectNode usage = sink.chunks().getLast();
    assertThat(usage.path("choices")).isEmpty();
    assertThat(usage.path("usage").path("total_tokens").asInt()).isEqualTo(220);
  }

  @Test
  void readsAnUpstreamThatAnswersAStreamingRequestWithJson() throws IOException {
    upstream
        .then(
            ScriptedUpstream.Step.unstreamed(
                calls(call("c1", "tool_invoke", "{\"tool_id\":\"time_now\"}"))))
        .then(ScriptedUpstream.Step.unstreamed(text("It is noon.")));

    proxy.stream(streaming(ask("time?")), ChatContext.DEFAULT, sink);

    assertThat(sink.content()).isEqualTo("It is noon.");
    assertThat(tools.runs(TestGateway.TIME)).isEqualTo(1);
    assertThat(sink.done()).isTrue();
  }
}
