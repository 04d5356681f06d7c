package io.toolgate.springai;

import io.toolgate.ToolgateApi;
import io.toolgate.client.ToolgateClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.ChatClientBuilderCustomizer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Spring Boot auto-configuration: with {@code toolgate.url} set (or a {@link ToolgateApi} bean of
 * the application's own, e.g. a {@code Toolgate} in the same process), every {@code ChatClient}
 * built from the auto-configured {@code ChatClient.Builder} gets Toolgate's tools as {@code
 * toolgate.mode} says: the meta-tools, a pre-selection advisor, or every tool.
 *
 * <p>Beans: a {@link ToolgateClient} for {@code toolgate.url} (unless the application defines a
 * {@code ToolgateApi}), and the {@code toolgateChatClientBuilderCustomizer} that equips each
 * builder.
 */
@AutoConfiguration
@ConditionalOnClass(ChatClient.class)
@EnableConfigurationProperties(ToolgateProperties.class)
public class ToolgateAutoConfiguration {
  private static final Logger log = LoggerFactory.getLogger(ToolgateAutoConfiguration.class);

  /** The client of the gateway at {@code toolgate.url}. */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean(ToolgateApi.class)
  @ConditionalOnProperty(prefix = "toolgate", name = "url")
  public ToolgateClient toolgateClient(ToolgateProperties properties) {
    return ToolgateClient.builder(properties.url())
        .apiKey(properties.apiKey())
        .requestTimeout(properties.timeout())
        .invokeTimeout(properties.invokeTimeout())
        .build();
  }

  /** Gives each {@code ChatClient.Builder} Toolgate's tools in {@code toolgate.mode}. */
  @Bean
  @ConditionalOnMissingBean(name = "toolgateChatClientBuilderCustomizer")
  public ChatClientBuilderCustomizer toolgateChatClientBuilderCustomizer(
      ObjectProvider<ToolgateApi> api, ToolgateProperties properties) {
    return builder -> {
      ToolgateApi gate = api.getIfAvailable();
      if (gate == null) {
        log.warn(
            "toolgate: no toolgate.url and no ToolgateApi bean, so ChatClient gets no Toolgate"
                + " tools; set toolgate.url=http://127.0.0.1:8080 (a running `toolgate serve`)");
        return;
      }
      switch (properties.mode()) {
        case META_TOOLS -> builder.defaultTools(ToolgateToolCallbackProvider.metaTools(gate));
        case PRESELECT ->
            builder.defaultAdvisors(new ToolgatePreselectionAdvisor(gate, properties.limit()));
        case ALL -> builder.defaultTools(ToolgateToolCallbackProvider.all(gate));
      }
    };
  }
}
