package io.toolgate.springai;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.ToolgateApi;
import io.toolgate.client.ToolgateClient;
import io.toolgate.client.testing.AgentScripts;
import io.toolgate.client.testing.LoopbackGateway;
import io.toolgate.testing.ScriptedUpstream;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring Boot application with Spring AI's OpenAI starter pieces and this module on the class
 * path, configured by properties only: {@code toolgate.url} to a real server on loopback and the
 * OpenAI base URL to the scripted model.
 */
class ToolgateAutoConfigurationTest {
  @TempDir Path data;

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {}

  ConfigurableApplicationContext start(String... properties) {
    return new SpringApplicationBuilder(App.class)
        .web(WebApplicationType.NONE)
        .properties(properties)
        .run();
  }

  @Test
  void propertiesAloneGiveEveryChatClientToolgatesMetaTools() throws Exception {
    try (LoopbackGateway gateway = LoopbackGateway.demo();
        var served = gateway.serve(data);
        ScriptedUpstream model = ScriptedUpstream.start();
        var context =
            start(
                "spring.ai.openai.base-url=" + model.baseUrl(),
                "spring.ai.openai.api-key=test-key",
                "spring.ai.openai.chat.options.model=gpt-4o-mini",
                "toolgate.url=" + served.uri())) {
      AgentScripts.searchInvokeAnswer(model);

      assertThat(context.getBean(ToolgateApi.class)).isInstanceOf(ToolgateClient.class);
      String answer =
          context
              .getBean(ChatClient.Builder.class)
              .build()
              .prompt()
              .user(AgentScripts.TASK)
              .call()
              .content();

      assertThat(model.toolNames(0)).containsExactlyInAnyOrder("tool_search", "tool_invoke");
      assertThat(answer).contains("1024");
    }
  }

  @Test
  void preselectModeSendsTheConfiguredNumberOfTools() throws Exception {
    try (LoopbackGateway gateway = LoopbackGateway.demo();
        var served = gateway.serve(data);
        ScriptedUpstream model = ScriptedUpstream.start();
        var context =
            start(
                "spring.ai.openai.base-url=" + model.baseUrl(),
                "spring.ai.openai.api-key=test-key",
                "toolgate.url=" + served.uri(),
                "toolgate.mode=preselect",
                "toolgate.limit=2")) {
      model.then(ScriptedUpstream.Step.text("No tool needed."));

      String answer =
          context
              .getBean(ChatClient.Builder.class)
              .build()
              .prompt()
              .user("send an email")
              .call()
              .content();

      assertThat(model.toolNames(0)).hasSize(2);
      assertThat(answer).isEqualTo("No tool needed.");
    }
  }

  @Test
  void withoutAUrlOrAGatewayBeanNoClientIsCreated() {
    try (var context = start("spring.ai.openai.api-key=test-key")) {
      assertThat(context.getBeanNamesForType(ToolgateApi.class)).isEmpty();
      assertThat(context.getBean(ToolgateProperties.class).mode())
          .isEqualTo(ToolgateMode.META_TOOLS);
    }
  }
}
