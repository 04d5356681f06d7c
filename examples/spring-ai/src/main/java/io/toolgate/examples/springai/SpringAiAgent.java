package io.toolgate.examples.springai;

import io.toolgate.ToolgateApi;
import io.toolgate.springai.ToolgatePreselectionAdvisor;
import io.toolgate.springai.ToolgateToolCallbackProvider;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot agent whose tools come from a shared Toolgate gateway: the starter reads {@code
 * toolgate.url} (application.properties) and gives every {@code ChatClient} the gateway's tools.
 *
 * <pre>
 * bin/toolgate serve &amp;
 * OPENAI_API_KEY=… java … io.toolgate.examples.springai.SpringAiAgent "what is 2^10?"
 * </pre>
 */
@SpringBootApplication
public class SpringAiAgent {
  public static void main(String[] args) {
    SpringApplication.run(SpringAiAgent.class, args);
  }

  /** Asks the question on the command line; the auto-configured builder carries the tools. */
  @Bean
  CommandLineRunner ask(ChatClient.Builder chat) {
    return args -> {
      String question = args.length > 0 ? String.join(" ", args) : "What is 2 to the power of 10?";
      System.out.println(chat.build().prompt().user(question).call().content());
    };
  }

  /** Without the starter's customizer: the meta-tools on one ChatClient, by hand. */
  static ChatClient withMetaTools(ChatModel model, ToolgateApi gate) {
    return ChatClient.builder(model)
        .defaultTools(ToolgateToolCallbackProvider.metaTools(gate))
        .build();
  }

  /** The five tools Toolgate ranks best for each user message, ready to call. */
  static ChatClient withPreselection(ChatModel model, ToolgateApi gate) {
    return ChatClient.builder(model)
        .defaultAdvisors(new ToolgatePreselectionAdvisor(gate, 5))
        .build();
  }
}
