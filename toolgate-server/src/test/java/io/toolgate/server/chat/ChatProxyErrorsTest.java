package io.toolgate.server.chat;

import static io.toolgate.server.chat.Requests.ask;
import static io.toolgate.server.chat.Requests.model;
import static io.toolgate.server.chat.Requests.proxy;
import static io.toolgate.testing.ScriptedUpstream.Step.call;
import static io.toolgate.testing.ScriptedUpstream.Step.calls;
import static io.toolgate.testing.ScriptedUpstream.Step.error;
import static io.toolgate.testing.ScriptedUpstream.Step.hang;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.Toolgate;
import io.toolgate.exposure.ToolMode;
import io.toolgate.testing.ScriptedUpstream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** Errors the client gets: its own mistakes, and an upstream that fails, refuses or hangs. */
class ChatProxyErrorsTest {
  private ScriptedUpstream upstream;
  private Toolgate gate;

  @BeforeEach
  void start() throws IOException {
    upstream = ScriptedUpstream.start();
    gate = TestGateway.withTools(0).lexical();
  }

  @AfterEach
  void stop() {
    upstream.close();
    gate.close();
  }

  @Test
  void passesAnUpstreamClientErrorThroughWithItsStatusAndMessage() {
    upstream.then(
        error(
            400,
            "{\"error\":{\"message\":\"This model's maximum context length is 8192 tokens\","
                + "\"type\":\"invalid_request_error\",\"code\":\"context_length_exceeded\"}}"));

    ChatReply reply = proxy(gate, model(upstream)).complete(ask("hi"), ChatContext.DEFAULT);

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.body().path("error").path("message").asString())
        .isEqualTo("This model's maximum context length is 8192 tokens");
    assertThat(reply.body().path("error").path("code").asString())
        .isEqualTo("context_length_exceeded");
  }

  @Test
  void turnsAnUpstreamServerErrorInto502NamingTheUpstream() {
    upstream.then(error(503, "{\"error\":{\"message\":\"overloaded\"}}"));

    ChatReply reply = proxy(gate, model(upstream)).complete(ask("hi"), ChatContext.DEFAULT);

    assertThat(reply.status()).isEqualTo(502);
    assertThat(reply.body().path("error").path("message").asString())
        .isEqualTo("upstream " + upstream.baseUrl() + "/chat/completions answered 503: overloaded");
    assertThat(reply.body().path("error").path("type").asString()).isEqualTo("upstream_error");
  }

  @Test
  void anUpstreamErrorInALaterRoundFailsTheRequest() {
    upstream.then(calls(call("c1", "time_now", "{}"))).then(error(500, "boom"));

    ChatReply reply =
        proxy(gate, model(upstream).withTools(ToolMode.ALL))
            .complete(ask("time"), ChatContext.DEFAULT);

    assertThat(reply.status()).isEqualTo(502);
    assertThat(reply.body().path("error").path("message").asString())
        .endsWith("answered 500: boom");
  }

  @Test
  void treatsAnUpstreamAuthFailureAsTheProxysProblem() {
    upstream.then(error(401, "{\"error\":{\"message\":\"Incorrect API key provided\"}}"));

    ChatReply reply =
        proxy(gate, model(upstream).withApiKeyEnv("UPSTREAM_KEY"))
            .complete(ask("hi"), ChatContext.DEFAULT);

    assertThat(reply.status()).isEqualTo(502);
    assertThat(reply.body().path("error").path("message").asString())
        .contains("answered 401: Incorrect API key provided")
        .contains("environment variable UPSTREAM_KEY");
  }

  @Test
  void anUpstream404MeansTheProxyIsMisconfigured() {
    upstream.then(error(404, "<html>Not Found</html>"));

    ChatReply reply =
        proxy(gate, model(upstream).withUpstreamModel("qwen9"))
            .complete(ask("hi"), ChatContext.DEFAULT);

    assertThat(reply.status()).isEqualTo(502);
    assertThat(reply.body().path("error").path("message").asString())
        .isEqualTo(
            "upstream "
                + upstream.baseUrl()
                + "/chat/completions answered 404: <html>Not Found</html> (check base_url and the"
                + " upstream model name 'qwen9' of model 'assistant')");
  }

  @Test
  void aClientErrorWithoutJsonStillNamesTheUpstream() {
    upstream.then(error(422, "unprocessable"));

    ChatReply reply = proxy(gate, model(upstream)).complete(ask("hi"), ChatContext.DEFAULT);

    assertThat(reply.status()).isEqualTo(422);
    assertThat(reply.body().path("error").path("message").asString())
        .isEqualTo(
            "upstream " + upstream.baseUrl() + "/chat/completions answered 422: unprocessable");
  }

  @Test
  void aRefusedConnectionIs502NamingTheUrl() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    URI dead = URI.create("http://127.0.0.1:" + port + "/v1");

    ChatReply reply =
        proxy(gate, ModelConfig.of("assistant", dead)).complete(ask("hi"), ChatContext.DEFAULT);

    assertThat(reply.status()).isEqualTo(502);
    assertThat(reply.body().path("error").path("message").asString())
        .isEqualTo(
            "cannot reach upstream http://127.0.0.1:"
                + port
                + "/v1/chat/completions for model"
                + " 'assistant': connection refused");
  }

  @Test
  void anUpstreamThatDoesNotAnswerInTimeIs504() {
    upstream.then(hang());
    ModelConfig slow = model(upstream).withTimeouts(Duration.ofSeconds(5), Duration.ofMillis(300));

    ChatReply reply = proxy(gate, slow).complete(ask("hi"), ChatContext.DEFAULT);

    assertThat(reply.status()).isEqualTo(504);
    assertThat(reply.body().path("error").path("message").asString())
        .contains("did not answer within 300 ms")
        .contains(upstream.baseUrl().toString());
  }

  @Test
  void anUnknownModelIs404ListingTheKnownOnes() {
    ObjectNode request = ask("hi");
    request.put("model", "gpt-5");

    ChatReply reply = proxy(gate, model(upstream)).complete(request, ChatContext.DEFAULT);

    assertThat(reply.status()).isEqualTo(404);
    assertThat(reply.body().path("error").path("message").asString())
        .isEqualTo("model 'gpt-5' is not configured; known models: assistant");
    assertThat(reply.body().path("error").path("code").asString()).isEqualTo("model_not_found");
    assertThat(upstream.requests()).isEmpty();
  }

  @Test
  void requestsWithoutMessagesAreRejected() {
    ObjectNode request = ask("hi");
    request.remove("messages");

    ChatReply reply = proxy(gate, model(upstream)).complete(request, ChatContext.DEFAULT);

    assertThat(reply.status()).isEqualTo(400);
    assertThat(reply.body().path("error").path("param").asString()).isEqualTo("messages");
  }

  @Test
  void refusesToStartWithoutTheApiKeyItNames() {
    assertThatThrownBy(
            () ->
                ChatProxy.builder(gate)
                    .models(List.of(model(upstream).withApiKeyEnv("MISSING_KEY")))
                    .env(Map.<String, String>of()::get)
                    .build())
        .isInstanceOf(ModelConfigException.class)
        .hasMessageContaining("api_key_env names MISSING_KEY, which is not set");
  }

  @Test
  void refusesToStartWhenAPinnedToolIsNotInTheCatalog() {
    assertThatThrownBy(() -> proxy(gate, model(upstream).withPinned(List.of("time_nwo"))))
        .isInstanceOf(ModelConfigException.class)
        .hasMessageContaining("time_nwo")
        .hasMessageContaining("time_now");
  }
}
