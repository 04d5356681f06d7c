package io.toolgate.server.chat;

import static io.toolgate.server.chat.Requests.ask;
import static io.toolgate.server.chat.Requests.model;
import static io.toolgate.server.chat.Requests.proxy;
import static io.toolgate.testing.ScriptedUpstream.Step.call;
import static io.toolgate.testing.ScriptedUpstream.Step.calls;
import static io.toolgate.testing.ScriptedUpstream.Step.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.Toolgate;
import io.toolgate.exposure.ToolMode;
import io.toolgate.testing.ScriptedUpstream;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * The session cache: a retrieved tool is offered directly on later turns, after a stable prefix.
 */
class ChatProxySessionTest {
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

  private ModelConfig registry() {
    return model(upstream).withTools(ToolMode.SEARCH_REGISTRY);
  }

  private void searchForWeatherThenAnswer() {
    upstream
        .then(
            calls(
                call("c1", "tool_search", "{\"query\":\"current weather in a city\",\"limit\":1}")))
        .then(text("I can check the weather."));
  }

  @Test
  void offersARetrievedToolDirectlyOnTheNextTurn() {
    ChatProxy proxy = proxy(gate, registry());
    ChatContext session = ChatContext.DEFAULT.withSession("conv-42");
    searchForWeatherThenAnswer();
    proxy.complete(ask("Can you check weather?"), session);
    upstream
        .then(calls(call("c2", "weather_current", "{\"city\":\"Porto\"}")))
        .then(text("Rainy."));

    ChatReply reply = proxy.complete(ask("Porto, please."), session);

    assertThat(upstream.toolNames(2))
        .containsExactly("tool_search", "tool_invoke", "weather_current");
    assertThat(tools.runs(TestGateway.WEATHER)).isEqualTo(1);
    assertThat(reply.body().path("toolgate").path("session").asString()).isEqualTo("conv-42");
  }

  @Test
  void offersItAlreadyInTheNextRoundOfTheSameRequest() {
    searchForWeatherThenAnswer();

    proxy(gate, registry()).complete(ask("weather?"), ChatContext.DEFAULT);

    assertThat(upstream.toolNames(0)).containsExactly("tool_search", "tool_invoke");
    assertThat(upstream.toolNames(1))
        .containsExactly("tool_search", "tool_invoke", "weather_current");
  }

  @Test
  void keepsSessionsApart() {
    ChatProxy proxy = proxy(gate, registry());
    searchForWeatherThenAnswer();
    proxy.complete(ask("weather?"), ChatContext.DEFAULT.withSession("a"));
    upstream.then(text("hi"));

    proxy.complete(ask("hello"), ChatContext.DEFAULT.withSession("b"));

    assertThat(upstream.toolNames(2)).containsExactly("tool_search", "tool_invoke");
  }

  @Test
  void derivesTheSessionFromTheConversationsFirstMessages() {
    ChatProxy proxy = proxy(gate, registry());
    searchForWeatherThenAnswer();
    ObjectNode first = ask("Can you check weather?");
    proxy.complete(first, ChatContext.DEFAULT);
    ObjectNode next = first.deepCopy();
    next.withArray("messages")
        .addObject()
        .put("role", "assistant")
        .put("content", "I can check the weather.");
    next.withArray("messages").addObject().put("role", "user").put("content", "Porto");
    upstream.then(text("Rainy."));

    proxy.complete(next, ChatContext.DEFAULT);

    assertThat(upstream.toolNames(2))
        .containsExactly("tool_search", "tool_invoke", "weather_current");
  }

  @Test
  void offersNothingMoreWhenTheCacheIsOff() {
    ChatProxy proxy = proxy(gate, registry().withSessionCache(SessionCacheConfig.DISABLED));
    searchForWeatherThenAnswer();
    proxy.complete(ask("weather?"), ChatContext.DEFAULT.withSession("s"));
    upstream.then(text("ok"));

    proxy.complete(ask("again"), ChatContext.DEFAULT.withSession("s"));

    assertThat(upstream.toolNames(2)).containsExactly("tool_search", "tool_invoke");
  }

  @Test
  void keyedByTheOpenAiUserFieldWithoutAHeader() {
    ChatProxy proxy = proxy(gate, registry());
    searchForWeatherThenAnswer();
    ObjectNode first = ask("weather?");
    first.put("user", "alice");
    proxy.complete(first, ChatContext.DEFAULT);
    ObjectNode other = ask("something else entirely");
    other.put("user", "alice");
    upstream.then(text("ok"));

    ChatReply reply = proxy.complete(other, ChatContext.DEFAULT);

    assertThat(upstream.toolNames(2)).contains("weather_current");
    assertThat(reply.body().path("toolgate").path("session").asString()).isEqualTo("user:alice");
  }

  @Test
  void neverForwardsTheSessionField() {
    ObjectNode request = ask("hi");
    request.put("session", "s1");
    upstream.then(text("ok"));

    proxy(gate, registry()).complete(request, ChatContext.DEFAULT);

    assertThat(upstream.requests().getFirst().has("session")).isFalse();
  }
}
