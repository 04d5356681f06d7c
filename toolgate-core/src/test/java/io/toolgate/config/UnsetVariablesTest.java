package io.toolgate.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A config read with {@link UnsetVariables#WARN} (validate) and with FAIL (every other command).
 */
class UnsetVariablesTest {
  static final UnaryOperator<String> ENV = Map.of("HOST", "db.internal")::get;

  static final String CONFIG =
      """
      embeddings:
        - {name: remote, from: "openai:text-embedding-3-small", base_url: "https://${EMB_HOST}/v1"}
      data_dir: "${DATA_ROOT}/toolgate"
      models:
        - name: assistant
          base_url: "http://${LLM_HOST}:11434/v1"
          api_key_env: KEY
      store: {url: "postgresql://${HOST}:5432/${DB_NAME:-toolgate}"}
      """;

  @TempDir Path dir;

  ToolgateConfig load(String yaml, UnsetVariables unset) throws IOException {
    return ToolgateConfig.load(Files.writeString(dir.resolve("toolgate.yaml"), yaml), ENV, unset);
  }

  @Test
  void failIsTheDefaultAndLocatesEveryUnsetVariableOfTheTypedSections() throws IOException {
    Path file = Files.writeString(dir.resolve("toolgate.yaml"), CONFIG);

    assertThatThrownBy(() -> ToolgateConfig.load(file, ENV))
        .isInstanceOfSatisfying(
            ConfigException.class,
            e ->
                assertThat(e.problems())
                    .extracting(ConfigProblem::key)
                    .containsExactly("embeddings[0].base_url", "data_dir"));
  }

  @Test
  void warnLoadsTheConfigAndNamesEachUnsetVariableAtItsLine() throws IOException {
    ToolgateConfig config = load(CONFIG, UnsetVariables.WARN);

    assertThat(config.unsetVariables())
        .extracting(UnsetVariable::name, u -> u.where().line(), u -> u.where().key())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("EMB_HOST", 2, "embeddings[0].base_url"),
            org.assertj.core.groups.Tuple.tuple("DATA_ROOT", 3, "data_dir"));
    assertThat(config.unsetVariables().getFirst().where().message())
        .isEqualTo(
            "${EMB_HOST} is not set; `toolgate serve` will fail unless it is set (export"
                + " EMB_HOST, or write ${EMB_HOST:-default})");
  }

  @Test
  void warnReadsAnUnsetVariableAsItsStandIn() throws IOException {
    ToolgateConfig config = load(CONFIG, UnsetVariables.WARN);

    assertThat(config.embeddings().getFirst().options())
        .containsEntry("base_url", "https://emb-host/v1");
    assertThat(config.dataDir()).hasValue("data-root/toolgate");
    assertThat(config.expandedSection("models").get(0).get("base_url").asString())
        .isEqualTo("http://llm-host:11434/v1");
  }

  @Test
  void anExpandedSectionListsItsUnsetVariablesButNotSetOnesOrFallbacks() throws IOException {
    ToolgateConfig config = load(CONFIG, UnsetVariables.WARN);

    assertThat(config.unsetVariablesIn("models"))
        .singleElement()
        .satisfies(
            u -> {
              assertThat(u.name()).isEqualTo("LLM_HOST");
              assertThat(u.where().line()).isEqualTo(6);
              assertThat(u.where().key()).isEqualTo("models[0].base_url");
            });
    assertThat(config.unsetVariablesIn("store")).isEmpty();
    assertThat(config.expandedSection("store").get("url").asString())
        .isEqualTo("postgresql://db.internal:5432/toolgate");
    assertThat(config.unsetVariablesIn("mcp_servers")).isEmpty();
  }

  @Test
  void failStillRefusesAnUnsetVariableWhenASectionIsExpanded() throws IOException {
    ToolgateConfig config =
        load("models: [{name: a, base_url: \"${LLM_HOST}\"}]\n", UnsetVariables.FAIL);

    assertThat(config.unsetVariablesIn("models")).isEmpty();
    assertThatThrownBy(() -> config.expandedSection("models"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(
            "models[0].base_url: environment variable LLM_HOST is not set; set it, or write"
                + " ${LLM_HOST:-default}");
  }

  @Test
  void anEmbeddingThatUsesAnUnsetVariableSkipsTheEmbeddersOwnChecks() throws IOException {
    // The model name comes from the deployment: whether a provider knows it is not known here.
    ToolgateConfig config =
        load("embeddings: [{name: e, from: \"${EMB_SPEC}\"}]\n", UnsetVariables.WARN);

    assertThat(config.embeddings()).extracting(EmbeddingConfig::from).containsExactly("emb-spec");
    assertThat(config.unsetVariables()).extracting(UnsetVariable::name).containsExactly("EMB_SPEC");
  }

  @Test
  void anEmbeddingWithoutUnsetVariablesIsStillCheckedWithWarn() {
    String yaml =
        "embeddings:\n  - {name: e, from: \"openai:text-embedding-3-small\", dimension: 256}\n";

    assertThatThrownBy(() -> load(yaml, UnsetVariables.WARN))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("did you mean 'dimensions'?");
  }
}
