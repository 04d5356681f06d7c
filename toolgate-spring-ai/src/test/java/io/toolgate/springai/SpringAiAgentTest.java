package io.toolgate.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.ToolgateApi;
import io.toolgate.client.testing.AgentScripts;
import io.toolgate.client.testing.AgentTestBase;
import io.toolgate.json.Json;
import io.toolgate.testing.ScriptedUpstream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.openai.OpenAiChatModel;
import org.springframework.ai.openai.OpenAiChatOptions;

/**
 * A real Spring AI agent ({@code ChatClient} with its OpenAI chat model) against a scripted
 * OpenAI-compatible server on loopback; the tools really run, through a gateway in this process and
 * through {@code ToolgateClient} against the real REST server on loopback.
 */
class SpringAiAgentTest extends AgentTestBase {
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

  void searchCallAnswer(ToolgateApi api) {
    AgentScripts.searchInvokeAnswer(model);
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
    List<String> expected = topToolsForTheTask(3);
    AgentScripts.callTheFirstOfferedToolThenAnswer(model);
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
