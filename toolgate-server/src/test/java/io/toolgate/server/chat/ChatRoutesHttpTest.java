package io.toolgate.server.chat;

import static io.toolgate.server.chat.Requests.ask;
import static io.toolgate.server.chat.Requests.model;
import static io.toolgate.server.chat.Requests.streaming;
import static io.toolgate.testing.ScriptedUpstream.Step.call;
import static io.toolgate.testing.ScriptedUpstream.Step.calls;
import static io.toolgate.testing.ScriptedUpstream.Step.error;
import static io.toolgate.testing.ScriptedUpstream.Step.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.Toolgate;
import io.toolgate.exposure.ToolMode;
import io.toolgate.json.Json;
import io.toolgate.server.ServerHooks;
import io.toolgate.server.ServerSettings;
import io.toolgate.server.ToolgateServer;
import io.toolgate.server.auth.KeysFile;
import io.toolgate.testing.ScriptedUpstream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The proxy through real HTTP: {@link ChatRoutes} on a {@link ToolgateServer} on port 0. */
class ChatRoutesHttpTest {
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();
  private ScriptedUpstream upstream;
  private TestGateway tools;
  private Toolgate gate;
  private ToolgateServer server;

  @BeforeEach
  void start() throws IOException {
    upstream = ScriptedUpstream.start();
    tools = TestGateway.withTools(0);
    gate = tools.lexical();
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
    upstream.close();
    gate.close();
  }

  private void serve(ServerSettings settings, ModelConfig model) {
    ChatProxy proxy = Requests.proxy(gate, model);
    server =
        ToolgateServer.builder(gate, settings)
            .hooks(ServerHooks.inMemory())
            .routes(new ChatRoutes(proxy))
            .build()
            .start();
  }

  private void serve(ModelConfig model) {
    serve(ServerSettings.defaults().withPort(0), model);
  }

  private HttpResponse<String> post(ObjectNode body, String... headers) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(server.uri().resolve("/v1/chat/completions"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.write(body)));
    if (headers.length > 0) {
      request.headers(headers);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  @Test
  void answersAChatCompletionAfterRunningRegistryTools() throws Exception {
    serve(model(upstream).withTools(ToolMode.SEARCH_REGISTRY));
    upstream
        .then(calls(call("c1", "tool_search", "{\"query\":\"current weather in a city\"}")))
        .then(
            calls(
                call(
                    "c2",
                    "tool_invoke",
                    "{\"tool_id\":\"weather_current\",\"arguments\":{\"city\":\"Lisbon\"}}")))
        .then(text("Sunny in Lisbon."));

    HttpResponse<String> response = post(ask("Weather in Lisbon?"));

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode body = Json.parse(response.body());
    assertThat(body.path("object").asString()).isEqualTo("chat.completion");
    assertThat(body.path("choices").path(0).path("message").path("content").asString())
        .isEqualTo("Sunny in Lisbon.");
    assertThat(body.path("toolgate").path("rounds").asInt()).isEqualTo(2);
    assertThat(response.headers().firstValue("X-Toolgate-Rounds")).contains("2");
    assertThat(response.headers().firstValue("X-Toolgate-Tool-Tokens-Sent")).isPresent();
    assertThat(tools.runs(TestGateway.WEATHER)).isEqualTo(1);
  }

  @Test
  void streamsServerSentEvents() throws Exception {
    serve(model(upstream).withTools(ToolMode.SEARCH_REGISTRY));
    upstream
        .then(calls(call("c1", "tool_invoke", "{\"tool_id\":\"time_now\"}")))
        .then(text("It is noon."));

    HttpRequest request =
        HttpRequest.newBuilder(server.uri().resolve("/v1/chat/completions"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.write(streaming(ask("time?")))))
            .build();
    HttpResponse<java.util.stream.Stream<String>> response =
        http.send(request, HttpResponse.BodyHandlers.ofLines());
    List<String> lines = response.body().toList();

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(t -> assertThat(t).startsWith("text/event-stream"));
    assertThat(lines).contains("data: [DONE]");
    assertThat(lines)
        .anySatisfy(l -> assertThat(l).startsWith(": toolgate round 1 tool_invoke ok"));
    StringBuilder content = new StringBuilder();
    for (String line : lines) {
      if (line.startsWith("data: {")) {
        JsonNode delta = Json.parse(line.substring(6)).path("choices").path(0).path("delta");
        content.append(delta.path("content").asString(""));
      }
    }
    assertThat(content.toString()).isEqualTo("It is noon.");
  }

  @Test
  void aStreamThatFailsBeforeItStartsIsAJsonError() throws Exception {
    serve(model(upstream));
    upstream.then(error(429, "{\"error\":{\"message\":\"Rate limit reached\"}}"));

    HttpResponse<String> response = post(streaming(ask("hi")));

    assertThat(response.statusCode()).isEqualTo(429);
    assertThat(Json.parse(response.body()).path("error").path("message").asString())
        .isEqualTo("Rate limit reached");
  }

  @Test
  void anUnknownModelKeepsTheOpenAiErrorShape() throws Exception {
    serve(model(upstream));
    ObjectNode request = ask("hi");
    request.put("model", "gpt-5");

    HttpResponse<String> response = post(request);

    assertThat(response.statusCode()).isEqualTo(404);
    JsonNode error = Json.parse(response.body()).path("error");
    assertThat(error.path("message").asString())
        .isEqualTo("model 'gpt-5' is not configured; known models: assistant");
    assertThat(error.path("type").asString()).isEqualTo("invalid_request_error");
    assertThat(error.path("param").asString()).isEqualTo("model");
  }

  @Test
  void listsTheModels() throws Exception {
    serve(model(upstream));

    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(server.uri().resolve("/v1/models")).GET().build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(Json.parse(response.body()).path("data").path(0).path("id").asString())
        .isEqualTo("assistant");
  }

  @Test
  void theSessionHeaderNamesTheConversation() throws Exception {
    serve(model(upstream).withTools(ToolMode.SEARCH_REGISTRY));
    upstream.then(text("hi"));

    HttpResponse<String> response = post(ask("hi"), ChatContext.SESSION_HEADER, "conv-7");

    assertThat(Json.parse(response.body()).path("toolgate").path("session").asString())
        .isEqualTo("conv-7");
    assertThat(response.headers().firstValue("X-Toolgate-Session")).contains("conv-7");
  }

  @Test
  void anApiKeysToolFilterLimitsWhatTheModelSees(@TempDir Path dir) throws Exception {
    String key = KeysFile.generateKey();
    String searchOnly = KeysFile.generateKey();
    Path keys = dir.resolve("keys.yaml");
    Files.writeString(
        keys,
        """
        keys:
          - id: weather-bot
            hash: "%s"
            scopes: [invoke]
            tools: {names: ["weather_*"]}
          - id: planner
            hash: "%s"
            scopes: [search]
        """
            .formatted(KeysFile.hash(key), KeysFile.hash(searchOnly)));
    serve(
        ServerSettings.defaults().withPort(0).withKeysFile(keys),
        model(upstream).withTools(ToolMode.ALL));
    upstream.then(text("ok"));

    HttpResponse<String> allowed = post(ask("hi"), "Authorization", "Bearer " + key);
    HttpResponse<String> refused = post(ask("hi"), "Authorization", "Bearer " + searchOnly);

    assertThat(allowed.statusCode()).isEqualTo(200);
    assertThat(upstream.toolNames(0)).containsExactly("weather_current");
    assertThat(refused.statusCode()).isEqualTo(403);
    assertThat(upstream.requests()).hasSize(1);
  }

  @Test
  void theUpstreamUrlIsUsedAsConfigured() {
    assertThat(model(upstream).chatCompletionsUrl())
        .isEqualTo(URI.create(upstream.baseUrl() + "/chat/completions"));
  }
}
