package io.toolgate.langchain4j;

import static io.toolgate.testing.ScriptedUpstream.Step.call;
import static io.toolgate.testing.ScriptedUpstream.Step.calls;
import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.service.AiServices;
import io.toolgate.ToolgateApi;
import io.toolgate.client.testing.AgentScripts;
import io.toolgate.client.testing.AgentTestBase;
import io.toolgate.testing.ScriptedUpstream;
import io.toolgate.testing.ScriptedUpstream.Step;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A real LangChain4j agent ({@code AiServices} with its OpenAI chat model) against a scripted
 * OpenAI-compatible server on loopback; the tools really run, through a gateway in this process and
 * through {@code ToolgateClient} against the real REST server on loopback.
 */
class LangChain4jAgentTest extends AgentTestBase {
  interface Assistant {
    String chat(String message);
  }

  Assistant agent(dev.langchain4j.service.tool.ToolProvider tools) {
    return AiServices.builder(Assistant.class).chatModel(chatModel()).toolProvider(tools).build();
  }

  OpenAiChatModel chatModel() {
    return OpenAiChatModel.builder()
        .baseUrl(model.baseUrl().toString())
        .apiKey("test-key")
        .modelName("gpt-4o-mini")
        .build();
  }

  void searchCallAnswer(ToolgateApi api) {
    AgentScripts.searchInvokeAnswer(model);

    String answer = agent(ToolgateToolProvider.metaTools(api)).chat(TASK);

    assertThat(model.toolNames(0)).containsExactly("tool_search", "tool_invoke");
    assertThat(model.requests().get(1).toString()).contains("math_evaluate");
    assertThat(model.requests()).hasSize(3);
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

    String answer = agent(ToolgateToolProvider.preselect(client, 3)).chat(TASK);

    assertThat(model.toolNames(0)).hasSize(3).containsExactlyElementsOf(expected);
    assertThat(expected.getFirst()).isEqualTo("math_evaluate");
    assertThat(gateway.names()).hasSizeGreaterThan(150);
    assertThat(model.toolNames(1)).hasSize(3);
    assertThat(answer).contains("1024");
  }

  @Test
  void theBuiltInToolSearchRanksWithToolgateAndAddsOnlyWhatItFound() {
    model
        .then(calls(call("call_1", "tool_search", AgentScripts.QUERY)))
        .then(Step.computed(r -> calls(call("call_2", "math_evaluate", AgentScripts.ARGUMENTS))))
        .then(AgentScripts.answerWithTheToolResult());
    Assistant assistant =
        AiServices.builder(Assistant.class)
            .chatModel(chatModel())
            .toolProvider(ToolgateToolProvider.all(gateway.toolgate()))
            .toolSearchStrategy(new ToolgateToolSearchStrategy(gateway.toolgate(), 3))
            .build();

    String answer = assistant.chat(TASK);

    assertThat(model.toolNames(0)).containsExactly("tool_search");
    assertThat(ScriptedUpstream.lastToolResult(model.requests().get(1)))
        .startsWith("Tools found, best first: math_evaluate");
    assertThat(model.toolNames(1)).hasSize(4).contains("tool_search", "math_evaluate");
    assertThat(answer).contains("1024");
  }
}
