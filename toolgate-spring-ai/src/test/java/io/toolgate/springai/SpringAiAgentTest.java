package io.toolgate.springai;

import static io.toolgate.testing.ScriptedUpstream.Step.call;
import static io.toolgate.testing.ScriptedUpstream.Step.calls;
import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.ToolgateApi;
import io.toolgate.client.ToolgateClient;
import io.toolgate.client.testing.LoopbackGateway;
import io.toolgate.json.Json;
import io.toolgate.search.SearchRequest;
import io.toolgate.testing.ScriptedUpstream;
import io.toolgate.testing.ScriptedUpstream.Step;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;

/**
 * A real Spring AI agent ({@code ChatClient} with its OpenAI chat model) against a scripted
 * OpenAI-compatible server on loopback; the tools really run, through a gateway in this process and
 * through {@link ToolgateClient} against the real REST server on loopback.
 */
class SpringAiAgentTest {
  static final String TASK = "What is 2 to the power of 10? Evaluate the arithmetic expression.";

  @TempDir static Path data;
  static LoopbackGateway gateway;
  static LoopbackGateway.Served served;
  static ToolgateClient client;
  ScriptedUpstream model;

  @BeforeAll
  static void startGateway() {
    gateway = LoopbackGateway.demo();
    served = gateway.serve(data);
    client = ToolgateClient.builder(served.uri()).build();
  }

  @AfterAll
  static void stopGateway() {
    client.close();
    served.close();
    gateway.close();
  }

  @BeforeEach
  void startModel() throws IOException {
    model = ScriptedUpstream.start();
  }

  @AfterEach
  void stopModel() {
    model.close();
  }

  static OpenAiChatModel chatModel(ScriptedUpstream upstream) {
    return OpenAiChatModel.builder()
        .options(
            OpenAiChatOptions.builder()
                .baseUrl(upstream.baseUrl().toString())
                .apiKey("test-key")
                .model("gpt-4o-mini")
                .build())
        .build();
  }

  /** The final answer quotes the last tool result, so it holds the result only if the tool ran. */
  static Step answerWithTheToolResult() {
    return Step.computed(r -> Step.text("Done: " + ScriptedUpstream.lastToolResult(r)));
  }

  /** tool_search, then tool_invoke of the best hit, then the answer. */
  static void scriptSearchCallAnswer(ScriptedUpstream upstream) {
    upstream
        .then(
            calls(
                call(
                    "call_1", "tool_search", "{\"query\": \"evaluate an arithmetic expression\"}")))
        .then(
            Step.computed(
                r -> {
                  String best =
                      Json.parse(ScriptedUpstream.lastToolResult(r))
                          .path("tools")
                          .get(0)
                          .path("tool_id")
                          .asString();
                  return calls(
                      call(
                          "call_2",
                          "tool_invoke",
                          "{\"tool_id\": \""
                              + best
                              + "\", \"arguments\": {\"expression\": \"2^10\"}}"));
                }))
        .then(answerWithTheToolResult());
  }

  void searchCallAnswer(ToolgateApi api) {
    scriptSearchCallAnswer(model);
    ChatClient chat =
        ChatClient.builder(chatModel(model))
            .defaultTools(ToolgateToolCallbackProvider.metaTools(api))
            .build();

    String answer = chat.prompt().user(TASK).call().content();

    assertThat(model.toolNames(0)).containsExactlyInAnyOrder("tool_search", "tool_invoke");
    assertThat(model.requests()).hasSize(3);
    assertThat(model.requests().get(1).toString()).contains("math_evaluate");
    assertThat(answer).contains("\"ok\":true").contains("math_evaluate").contains("1024");
  }

  @Test
  void metaToolsAgentSearchesCallsTheFoundToolAndAnswersInProcess() {
    searchCallAnswer(gateway.toolgate());
  }

  @Test
  void metaToolsAgentSearchesCallsTheFoundToolAndAnswersThroughTheClient() {
    searchCallAnswer(client);
  }

  @Test
  void preselectionSendsOnlyTheTopKToolsAndTheyRun() {
    List<String> expected =
        gateway.toolgate().search(SearchRequest.of(TASK).withLimit(3)).tools().stream()
            .map(h -> h.tool().name())
            .toList();
    model
        .then(
            Step.computed(
                r ->
                    calls(
                        call(
                            "call_1",
                            r.path("tools").get(0).path("function").path("name").asString(),
                            "{\"expression\": \"2^10\"}"))))
        .then(answerWithTheToolResult());
    ChatClient chat =
        ChatClient.builder(chatModel(model))
            .defaultAdvisors(new ToolgatePreselectionAdvisor(client, 3))
            .build();

    String answer = chat.prompt().user(TASK).call().content();

    assertThat(model.toolNames(0)).hasSize(3).containsExactlyElementsOf(expected);
    assertThat(expected.getFirst()).isEqualTo("math_evaluate");
    assertThat(model.toolNames(1)).hasSize(3);
    assertThat(answer).contains("1024");
  }

  @Test
  void everyDemoToolsCallbackCarriesItsSchemaUnchanged() {
    var callbacks = ToolgateToolCallbackProvider.all(gateway.toolgate()).getToolCallbacks();

    assertThat(callbacks).hasSize(gateway.names().size());
    for (var callback : callbacks) {
      var definition = callback.getToolDefinition();
      var tool = gateway.definition(definition.name()).orElseThrow();
      assertThat(Json.parse(definition.inputSchema())).as(tool.name()).isEqualTo(tool.parameters());
      assertThat(definition.description()).isEqualTo(tool.description());
    }
  }
}
