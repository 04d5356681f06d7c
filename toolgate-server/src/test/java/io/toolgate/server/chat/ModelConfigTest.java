package io.toolgate.server.chat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.config.ConfigException;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import io.toolgate.json.Json;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ModelConfigTest {
  private static JsonNode yaml(String text) {
    return Json.yaml().readTree(text);
  }

  @Test
  void readsEveryKey() {
    List<ModelConfig> models =
        ModelConfig.parseAll(
            yaml(
                """
                - name: assistant
                  base_url: "http://127.0.0.1:11434/v1/"
                  model: qwen2.5:7b
                  api_key_env: UPSTREAM_KEY
                  timeout: 90s
                  connect_timeout: 500ms
                  params:
                    tools: search_registry
                    tool_embedding_model: local
                    tool_recursion_limit: 3
                    pinned: [time_now]
                    meta_tools: rfc
                    session_cache: {max_sessions: 10, ttl: 5m, max_tools: 4}
                """),
            List.of("local", "remote"));

    ModelConfig m = models.getFirst();
    assertThat(m.name()).isEqualTo("assistant");
    assertThat(m.baseUrl()).isEqualTo(URI.create("http://127.0.0.1:11434/v1"));
    assertThat(m.chatCompletionsUrl())
        .isEqualTo(URI.create("http://127.0.0.1:11434/v1/chat/completions"));
    assertThat(m.upstreamModel()).isEqualTo("qwen2.5:7b");
    assertThat(m.apiKeyEnv()).contains("UPSTREAM_KEY");
    assertThat(m.timeout()).isEqualTo(Duration.ofSeconds(90));
    assertThat(m.connectTimeout()).isEqualTo(Duration.ofMillis(500));
    assertThat(m.tools()).isEqualTo(ToolMode.SEARCH_REGISTRY);
    assertThat(m.embedder()).contains("local");
    assertThat(m.toolRecursionLimit()).isEqualTo(3);
    assertThat(m.pinned()).containsExactly("time_now");
    assertThat(m.metaTools()).isEqualTo(Profile.RFC);
    assertThat(m.sessionCache())
        .isEqualTo(new SessionCacheConfig(true, 10, Duration.ofMinutes(5), 4));
  }

  @Test
  void acceptsAMinimalRegistryModelWithoutEmbeddingsSection() {
    // No embeddings: means the default pair (local, minilm); serve used to exit over it.
    ToolgateConfig config =
        ToolgateConfig.parse(
            """
            models:
              - name: assistant
                base_url: "http://127.0.0.1:11434/v1"
                params: {tools: search_registry}
            """,
            "toolgate.yaml",
            Path.of("."),
            Map.<String, String>of()::get);

    ModelConfig m = ModelConfig.fromConfig(config).getFirst();

    assertThat(config.embeddings()).hasSizeGreaterThan(1);
    assertThat(m.tools()).isEqualTo(ToolMode.SEARCH_REGISTRY);
    assertThat(m.embedder()).isEmpty();
  }

  @Test
  void fillsDefaultsLikeSpice() {
    ModelConfig m =
        ModelConfig.parseAll(yaml("[{name: m, base_url: 'https://api.example.com/v1'}]"), List.of())
            .getFirst();

    assertThat(m.upstreamModel()).isEqualTo("m");
    assertThat(m.apiKeyEnv()).isEmpty();
    assertThat(m.tools()).isEqualTo(ToolMode.AUTO);
    assertThat(m.toolRecursionLimit()).isEqualTo(10);
    assertThat(m.embedder()).isEmpty();
    assertThat(m.metaTools()).isEqualTo(Profile.SPICE);
    assertThat(m.sessionCache()).isEqualTo(SessionCacheConfig.DEFAULTS);
  }

  @Test
  void readsAListOfToolNames() {
    ModelConfig m =
        ModelConfig.parseAll(
                yaml(
                    "[{name: m, base_url: 'http://h/v1', params: {tools: 'time_now, weather_current'}}]"),
                List.of())
            .getFirst();

    assertThat(m.tools()).isEqualTo(new ToolMode.Named(List.of("time_now", "weather_current")));
  }

  @Test
  void searchesWithEveryEmbedderWhenNoneIsNamed() {
    ModelConfig m =
        ModelConfig.parseAll(yaml("[{name: m, base_url: 'http://h/v1'}]"), List.of("local"))
            .getFirst();

    assertThat(m.embedder()).isEmpty();
  }

  @Test
  void needsNoToolEmbeddingModelWhenSeveralEmbeddingsExist() {
    // The default pair (local, minilm) is one search configuration, not an ambiguity.
    ModelConfig m =
        ModelConfig.parseAll(
                yaml("[{name: m, base_url: 'http://h/v1', params: {tools: search_registry}}]"),
                List.of("local", "minilm"))
            .getFirst();

    assertThat(m.embedder()).isEmpty();
    assertThat(m.tools()).isEqualTo(ToolMode.SEARCH_REGISTRY);
  }

  @Test
  void keepsTheNamedEmbeddingModelToRestrictSearchToIt() {
    ModelConfig m =
        ModelConfig.parseAll(
                yaml(
                    "[{name: m, base_url: 'http://h/v1', params: {tool_embedding_model: minilm}}]"),
                List.of("local", "minilm"))
            .getFirst();

    assertThat(m.embedder()).contains("minilm");
  }

  @Test
  void rejectsAToolEmbeddingModelThatIsNotConfigured() {
    assertThatThrownBy(
            () ->
                ModelConfig.parseAll(
                    yaml(
                        "[{name: m, base_url: 'http://h/v1', params: {tool_embedding_model: locl}}]"),
                    List.of("local")))
        .isInstanceOf(ModelConfigException.class)
        .hasMessageContaining("embedding model 'locl' is not configured")
        .hasMessageContaining("did you mean local?");
  }

  @Test
  void rejectsAnUnknownKeyWithTheClosestOne() {
    assertThatThrownBy(
            () ->
                ModelConfig.parseAll(
                    yaml("[{name: m, base_url: 'http://h/v1', params: {tool_recursion_limt: 3}}]"),
                    List.of()))
        .isInstanceOf(ModelConfigException.class)
        .hasMessageContaining("models[0].params: unknown key 'tool_recursion_limt'")
        .hasMessageContaining("did you mean 'tool_recursion_limit'?");
  }

  @Test
  void rejectsANegativeRecursionLimit() {
    assertThatThrownBy(
            () ->
                ModelConfig.parseAll(
                    yaml(
                        "[{name: m, base_url: 'http://h/v1', params: {tool_recursion_limit: -1}}]"),
                    List.of()))
        .isInstanceOf(ModelConfigException.class)
        .hasMessage(
            "models[0].params.tool_recursion_limit: must be a whole number, 0 or more, got -1");
  }

  @Test
  void rejectsABaseUrlThatIsNotHttp() {
    assertThatThrownBy(
            () -> ModelConfig.parseAll(yaml("[{name: m, base_url: 'ftp://h/v1'}]"), List.of()))
        .isInstanceOf(ModelConfigException.class)
        .hasMessageContaining("models[0]: base_url must be an absolute http(s) URL");
  }

  @Test
  void rejectsAModelConfiguredTwice() {
    assertThatThrownBy(
            () ->
                ModelConfig.parseAll(
                    yaml(
                        "[{name: m, base_url: 'http://h/v1'}, {name: m, base_url: 'http://g/v1'}]"),
                    List.of()))
        .isInstanceOf(ModelConfigException.class)
        .hasMessageContaining("models[1].name: model 'm' is configured twice");
  }

  @Test
  void turnsTheSessionCacheOff() {
    ModelConfig m =
        ModelConfig.parseAll(
                yaml("[{name: m, base_url: 'http://h/v1', params: {session_cache: off}}]"),
                List.of())
            .getFirst();

    assertThat(m.sessionCache().enabled()).isFalse();
  }

  @Test
  void takesDefaultPinnedToolsUnlessTheModelPinsItsOwn() {
    List<ModelConfig> models =
        ModelConfig.parseAll(
            yaml(
                "[{name: a, base_url: 'http://h/v1'},"
                    + " {name: b, base_url: 'http://h/v1', params: {pinned: [weather_current]}}]"),
            List.of(),
            List.of("time_now"));

    assertThat(models.get(0).pinned()).containsExactly("time_now");
    assertThat(models.get(1).pinned()).containsExactly("weather_current");
  }

  @Test
  void readsNoModelsFromAMissingSection() {
    assertThat(ModelConfig.parseAll(null, List.of())).isEmpty();
  }

  @Test
  void pointsAtTheValueAtFault() {
    ModelConfigException e =
        org.assertj.core.api.Assertions.catchThrowableOfType(
            ModelConfigException.class,
            () ->
                ModelConfig.parseAll(
                    yaml(
                        "[{name: m, base_url: 'http://h/v1'}, {name: n, base_url: 'http://h/v1', params: {tools: 5}}]"),
                    List.of()));

    assertThat(e.pointer()).isEqualTo("/models/1/params/tools");
  }

  @Test
  void readsTheModelsOfALoadedConfig() {
    ToolgateConfig config =
        ToolgateConfig.parse(
            """
            embeddings: [{name: local, from: "local:bge-small-en-v1.5"}]
            search: {pinned: [time_now]}
            models:
              - name: assistant
                base_url: "${UPSTREAM_URL}"
            """,
            "toolgate.yaml",
            Path.of("."),
            Map.of("UPSTREAM_URL", "http://127.0.0.1:8000/v1")::get);

    ModelConfig m = ModelConfig.fromConfig(config).getFirst();

    assertThat(m.baseUrl()).isEqualTo(URI.create("http://127.0.0.1:8000/v1"));
    assertThat(m.embedder()).isEmpty();
    assertThat(m.pinned()).containsExactly("time_now");
  }

  @Test
  void locatesAProblemInTheConfigFile() {
    ToolgateConfig config =
        ToolgateConfig.parse(
            """
            embeddings: []
            models:
              - name: assistant
                base_url: "http://127.0.0.1:8000/v1"
                params:
                  tools: auto
                  tool_recursion_limit: many
            """,
            "toolgate.yaml",
            Path.of("."),
            name -> null);

    assertThatThrownBy(() -> ModelConfig.fromConfig(config))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "toolgate.yaml:7:7: models[0].params.tool_recursion_limit: must be a whole number,"
                + " 0 or more, got \"many\"");
  }
}
