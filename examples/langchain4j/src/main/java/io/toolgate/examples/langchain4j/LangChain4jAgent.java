package io.toolgate.examples.langchain4j;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.service.AiServices;
import io.toolgate.ToolgateApi;
import io.toolgate.client.ToolgateClient;
import io.toolgate.langchain4j.ToolgateToolProvider;
import io.toolgate.langchain4j.ToolgateToolSearchStrategy;

/**
 * A LangChain4j agent whose tools come from a shared Toolgate gateway.
 *
 * <pre>
 * bin/toolgate serve &amp;                      # the gateway, http://127.0.0.1:8080
 * OPENAI_API_KEY=… java … io.toolgate.examples.langchain4j.LangChain4jAgent "what is 2^10?"
 * </pre>
 */
public final class LangChain4jAgent {
  /** What the agent does: answer a message, calling tools on the way. */
  interface Assistant {
    String chat(String message);
  }

  private LangChain4jAgent() {}

  public static void main(String[] args) {
    String question = args.length > 0 ? String.join(" ", args) : "What is 2 to the power of 10?";
    ChatModel model =
        OpenAiChatModel.builder()
            .baseUrl(env("OPENAI_BASE_URL", "https://api.openai.com/v1"))
            .apiKey(System.getenv("OPENAI_API_KEY"))
            .modelName(env("OPENAI_MODEL", "gpt-4o-mini"))
            .build();
    try (ToolgateClient gate =
        ToolgateClient.builder(env("TOOLGATE_URL", "http://127.0.0.1:8080"))
            .apiKey(System.getenv("TOOLGATE_KEY"))
            .build()) {
      System.out.println(withMetaTools(gate, model).chat(question));
    }
  }

  /** The model gets tool_search and tool_invoke, and finds what it needs in the whole catalog. */
  static Assistant withMetaTools(ToolgateApi gate, ChatModel model) {
    return AiServices.builder(Assistant.class)
        .chatModel(model)
        .toolProvider(ToolgateToolProvider.metaTools(gate))
        .build();
  }

  /** The model gets the five tools Toolgate ranks best for each user message, ready to call. */
  static Assistant withPreselection(ToolgateApi gate, ChatModel model) {
    return AiServices.builder(Assistant.class)
        .chatModel(model)
        .toolProvider(ToolgateToolProvider.preselect(gate, 5))
        .build();
  }

  /** LangChain4j's own tool search, ranked by Toolgate's hybrid search. */
  static Assistant withToolSearch(ToolgateApi gate, ChatModel model) {
    return AiServices.builder(Assistant.class)
        .chatModel(model)
        .toolProvider(ToolgateToolProvider.all(gate))
        .toolSearchStrategy(new ToolgateToolSearchStrategy(gate, 5))
        .build();
  }

  private static String env(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : value;
  }
}
