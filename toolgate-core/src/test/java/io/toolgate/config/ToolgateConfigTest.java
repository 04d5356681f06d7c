package io.toolgate.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.catalog.file.CatalogFiles;
import io.toolgate.catalog.file.CatalogLoad;
import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import io.toolgate.json.Json;
import io.toolgate.sandbox.SandboxRuntime;
import io.toolgate.search.SearchSettings;
import io.toolgate.search.lexical.LexicalSettings;
import io.toolgate.search.vector.DocumentStyle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolgateConfigTest {
  static final String FULL =
      """
      embeddings: [{name: local, from: "local:bge-small-en-v1.5"}]
      search: {mode: auto, limit: 5, rrf_k: 60, pinned: [time_now]}
      domains: [core]
      sandboxes: [{name: analytics, dependencies: [pandas], secrets: [DB_URL]}]
      catalogs: [tools/*.yaml]
      mcp_servers:
        - {name: fs, command: [npx, -y, "@modelcontextprotocol/server-filesystem", /data]}
        - {name: crm, url: "http://127.0.0.1:9000/mcp", headers: {Authorization: "Bearer ${CRM_TOKEN}"}}
      server: {port: 8080, api_keys_file: keys.yaml}
      models:
        - name: assistant
          base_url: "http://127.0.0.1:11434/v1"
          model: qwen2.5:7b
          api_key_env: UPSTREAM_KEY
          params: {tools: auto, tool_embedding_model: local, tool_recursion_limit: 10}
      """;

  static final UnaryOperator<String> ENV =
      Map.of("CRM_TOKEN", "s3cret", "HOST", "db.internal")::get;

  @TempDir Path dir;

  static ToolgateConfig parse(String yaml) {
    return ToolgateConfig.parse(yaml, "toolgate.yaml", Path.of("/etc/toolgate"), ENV);
  }

  static ConfigProblem onlyProblem(String yaml) {
    try {
      parse(yaml);
    } catch (ConfigException e) {
      assertThat(e.problems()).hasSize(1);
      return e.problems().getFirst();
    }
    throw new AssertionError("expected a config problem in:\n" + yaml);
  }

  @Test
  void anEmbeddingsDocumentStyleIsCheckedWhereItIsWritten() {
    ToolgateConfig config =
        parse(
            "embeddings: [{name: e, from: \"local:all-minilm-l6-v2\", document: json, threads: 1}]");
    assertThat(config.embeddings().getFirst().document()).contains(DocumentStyle.JSON);
    assertThat(config.embeddings().getFirst().embedderOptions()).isEqualTo(Map.of("threads", 1));
    ConfigProblem problem =
        onlyProblem("embeddings: [{name: e, from: \"local:all-minilm-l6-v2\", document: prose}]");
    assertThat(problem.toString()).contains("document").contains("prose").contains("plain or json");
  }

  @Test
  void anEmbeddingsEntryCreatesItsEmbedderWithoutTheSearchOnlyKeys() {
    EmbeddingConfig entry =
        new EmbeddingConfig(
            "remote",
            "openai:text-embedding-3-small",
            Map.of(
                "document",
                "json",
                "base_url",
                "http://127.0.0.1:9/v1",
                "dimensions",
                256,
                // any variable that is set: creating the embedder sends nothing
                "api_key_env",
                "PATH"));
    try (io.toolgate.search.spi.Embedder embedder = entry.createEmbedder()) {
      assertThat(embedder.modelId()).contains("text-embedding-3-small");
      assertThat(embedder.dimension()).isEqualTo(256);
    }
  }

  @Test
  void aMisspeltEmbedderOptionIsAConfigProblemWhereItIsWritten() {
    ConfigProblem problem =
        onlyProblem(
            "embeddings:\n"
                + "  - {name: remote, from: \"openai:text-embedding-3-small\", dimension: 256}");
    assertThat(problem.toString())
        .contains("embeddings[0]")
        .contains("'dimension'")
        .contains("did you mean 'dimensions'?");
  }

  @Test
  void anEmptyFileMeansEveryDefault() {
    ToolgateConfig config = parse("");
    assertThat(config.embeddings())
        .containsExactly(
            new EmbeddingConfig(
                "minilm",
                ToolgateConfig.FIRST_EMBEDDING_MODEL,
                Map.of("document", "plain", "threads", 1, "query_threads", 2)),
            new EmbeddingConfig(
                "local",
                ToolgateConfig.SECOND_EMBEDDING_MODEL,
                Map.of("document", "json", "threads", 1, "query_threads", 2)));
    assertThat(config.embeddings().getFirst().document()).contains(DocumentStyle.PLAIN);
    assertThat(config.embeddings().getFirst().embedderOptions())
        .isEqualTo(Map.of("threads", 1, "query_threads", 2));
    assertThat(config.search()).isEqualTo(SearchConfig.DEFAULTS);
    assertThat(config.domains()).isEmpty();
    assertThat(config.enabledDomains()).containsExactly("core");
    assertThat(config.sandboxes()).isEmpty();
    assertThat(config.catalogs()).isEmpty();
    assertThat(config.dataDir()).isEmpty();
    assertThat(config.section("mcp_servers").isMissingNode()).isTrue();
  }

  @Test
  void readsTheDesignExample() {
    ToolgateConfig config = parse(FULL);
    assertThat(config.embeddings())
        .singleElement()
        .satisfies(e -> assertThat(e.name()).isEqualTo("local"));
    assertThat(config.search().mode()).isEqualTo(ToolMode.AUTO);
    assertThat(config.search().pinned()).containsExactly("time_now");
    assertThat(config.search().rrfK()).isEqualTo(60);
    assertThat(config.domains()).contains(List.of("core"));
    assertThat(config.sandboxes())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.name()).isEqualTo("analytics");
              assertThat(s.secrets()).containsExactly("DB_URL");
            });
    assertThat(config.catalogs()).containsExactly("tools/*.yaml");
    assertThat(config.section("server").get("port").asInt()).isEqualTo(8080);
    assertThat(config.section("models").get(0).get("model").asString()).isEqualTo("qwen2.5:7b");
  }

  @Test
  void anUnknownTopLevelKeyNamesLineKeyAndTheKnownKeys() {
    ConfigProblem p = onlyProblem("search: {limit: 3}\ncatalog: [a.yaml]\n");
    assertThat(p.line()).isEqualTo(2);
    assertThat(p.key()).isEqualTo("catalog");
    assertThat(p.message())
        .contains("did you mean 'catalogs'?")
        .contains("mcp_servers, server, models");
    assertThat(p.toString()).startsWith("toolgate.yaml:2:1: catalog: unknown key");
  }

  @Test
  void everyProblemIsReportedAtOnce() {
    assertThatThrownBy(
            () ->
                parse(
                    "bogus: 1\nsearch: {limit: 50, mode: all}\nsandboxes: [{name: a, runtime: vm}]\n"))
        .isInstanceOfSatisfying(
            ConfigException.class,
            e ->
                assertThat(e.problems())
                    .extracting(ConfigProblem::key)
                    .containsExactly("bogus", "search.limit", "sandboxes[0]"))
        .hasMessageContaining("3 problems in the config");
  }

  @Test
  void malformedYamlNamesTheLine() {
    ConfigProblem p = onlyProblem("search:\n  limit: 5\n bad: [\n");
    assertThat(p.line()).isEqualTo(3);
    assertThat(p.message()).startsWith("malformed YAML");
  }

  @Test
  void aTabInTheConfigNamesItsLineAndTheFix() {
    ConfigProblem p = onlyProblem("search:\n\tlimit: 5\n");
    assertThat(p.line()).isEqualTo(2);
    assertThat(p.message()).contains("tab").contains("replace the tab with spaces");
  }

  @Test
  void aDuplicateKeyIsAnError() {
    ConfigProblem p = onlyProblem("catalogs: [a]\ncatalogs: [b]\n");
    assertThat(p.line()).isEqualTo(2);
    assertThat(p.message())
        .contains("the key 'catalogs' appears twice in one mapping; keep one of them");
  }

  @Test
  void readsEverySearchKey() {
    SearchConfig s =
        parse(
                "search: {mode: search_registry, limit: 8, rrf_k: 30, fusion: rrf, min_score: 0.25,"
                    + " meta_tools: rfc, weights: {vector: 2, schema: 0}, pinned: [a, b],"
                    + " bm25: {k1: 1.1}}\n")
            .search();
    assertThat(s.mode()).isEqualTo(ToolMode.SEARCH_REGISTRY);
    assertThat(s.limit()).isEqualTo(8);
    assertThat(s.rrfK()).isEqualTo(30);
    assertThat(s.fusion()).contains("rrf");
    assertThat(s.minScore()).contains(0.25);
    assertThat(s.metaTools()).isEqualTo(Profile.RFC);
    assertThat(s.weights()).containsEntry("vector", 2.0).containsEntry("schema", 0.0);
    assertThat(s.raw()).containsKey("bm25");
  }

  @Test
  void acceptsEveryKeyTheSearchEngineReads() {
    SearchConfig s =
        parse(
                "search: {clause_weight: 0.5, query_cache_size: 1024, family_weight: 0,"
                    + " exact_vector_limit: 5000, second_embedder_margin: 0,"
                    + " word_pair_weight: 0.5, first_sentence_in_name: false,"
                    + " draft_queries: false}\n")
            .search();
    assertThat(SearchSettings.fromConfig(s.raw()).draftQueries()).isFalse();
    LexicalSettings lex = SearchSettings.fromConfig(s.raw()).lexical();
    assertThat(lex.wordPairWeight()).isEqualTo(0.5f);
    assertThat(lex.firstSentenceInName()).isFalse();
  }

  @Test
  void aListOfNamesIsAMode() {
    assertThat(parse("search: {mode: [sql_query, time_now]}").search().mode())
        .isEqualTo(new ToolMode.Named(List.of("sql_query", "time_now")));
  }

  @Test
  void badSearchValuesAreLocated() {
    ConfigProblem limit = onlyProblem("search:\n  limit: 50\n");
    assertThat(limit.line()).isEqualTo(2);
    assertThat(limit.key()).isEqualTo("search.limit");
    assertThat(limit.message()).contains("from 1 to 20, got 50");
    assertThat(onlyProblem("search: {min_score: 2}").message()).contains("from 0 to 1");
    assertThat(onlyProblem("search: {meta_tools: mcp}").message())
        .contains("spice")
        .contains("rfc");
    assertThat(onlyProblem("search: {limt: 3}").message()).contains("did you mean 'limit'?");
    assertThat(onlyProblem("search: {weights: {vector: -1}}").key())
        .isEqualTo("search.weights.vector");
    assertThat(onlyProblem("search: {pinned: [\"a b\"]}").key()).isEqualTo("search.pinned[0]");
  }

  @Test
  void badValuesOfTheSearchEnginesKeysAreLocatedAtTheirKey() {
    ConfigProblem pivot = onlyProblem("search:\n  length_pivot: -1\n");
    assertThat(pivot.line()).isEqualTo(2);
    assertThat(pivot.key()).isEqualTo("search.length_pivot");
    assertThat(pivot.message()).contains("length_pivot").contains("-1");
    assertThat(onlyProblem("search: {fusion: foo}").key()).isEqualTo("search.fusion");
    ConfigProblem b = onlyProblem("search:\n  bm25:\n    k1: 1.2\n    b: 2\n");
    assertThat(b.line()).isEqualTo(4);
    assertThat(b.key()).isEqualTo("search.bm25.b");
    assertThat(onlyProblem("search: {bm25: {b: x}}").message())
        .isEqualTo("search.bm25.b: 'x' is not a number");
    assertThat(onlyProblem("search: {bm25: {kl: 1}}").message()).contains("did you mean 'k1'?");
    assertThat(onlyProblem("search: {boosts: 3}").message())
        .isEqualTo("must be a mapping of description, name, parameters");
    assertThat(onlyProblem("search: {first_sentence_in_name: maybe}").message())
        .contains("is not a boolean");
    assertThat(onlyProblem("search: {second_embedder_margin: 2}").key())
        .isEqualTo("search.second_embedder_margin");
    assertThat(onlyProblem("search:\n  draft_queries: sometimes\n"))
        .satisfies(p -> assertThat(p.key()).isEqualTo("search.draft_queries"))
        .satisfies(p -> assertThat(p.line()).isEqualTo(2))
        .satisfies(p -> assertThat(p.message()).contains("is not a boolean"));
  }

  @Test
  void expandedSectionsFillInEnvironmentVariables() {
    ToolgateConfig config = parse(FULL);
    assertThat(
            config
                .expandedSection("mcp_servers")
                .get(1)
                .get("headers")
                .get("Authorization")
                .asString())
        .isEqualTo("Bearer s3cret");
    assertThat(config.section("mcp_servers").get(1).get("headers").get("Authorization").asString())
        .isEqualTo("Bearer ${CRM_TOKEN}");
  }

  @Test
  void anUnsetVariableIsLocatedWhenTheSectionIsExpanded() {
    ToolgateConfig config =
        parse("mcp_servers:\n  - name: x\n    url: \"https://${MISSING}/mcp\"\n");
    assertThatThrownBy(() -> config.expandedSection("mcp_servers"))
        .isInstanceOfSatisfying(
            ConfigException.class,
            e -> {
              ConfigProblem p = e.problems().getFirst();
              assertThat(p.line()).isEqualTo(3);
              assertThat(p.key()).isEqualTo("mcp_servers[0].url");
              assertThat(p.message()).contains("MISSING is not set");
            });
  }

  @Test
  void fallbacksAndEscapesExpand() {
    assertThat(EnvVars.expand("${NOPE:-local}:${HOST}", ENV)).isEqualTo("local:db.internal");
    assertThat(EnvVars.expand("$${HOST} costs $5", ENV)).isEqualTo("${HOST} costs $5");
  }

  @Test
  void embeddingOptionsAreTypedAndExpanded() {
    ToolgateConfig config =
        parse(
            "embeddings:\n  - {name: remote, from: \"openai:text-embedding-3-small\","
                + " base_url: \"https://${HOST}/v1\", batch_size: 64}\n");
    EmbeddingConfig e = config.embeddings().getFirst();
    assertThat(e.options())
        .containsEntry("base_url", "https://db.internal/v1")
        .containsEntry("batch_size", 64);
  }

  @Test
  void anEmptyEmbeddingsListMeansNoEmbedder() {
    assertThat(parse("embeddings: []").embeddings()).isEmpty();
  }

  @Test
  void badEmbeddingsAreLocated() {
    assertThat(onlyProblem("embeddings:\n  - {name: x}\n").line()).isEqualTo(2);
    assertThat(onlyProblem("embeddings: [{name: a, from: x}, {name: a, from: y}]").message())
        .contains("two embeddings are named 'a'");
  }

  @Test
  void sandboxesAreReadAndCheckedByTheSandboxModule() {
    ToolgateConfig config =
        parse(
            "sandboxes:\n  - {name: iso, runtime: docker, image: \"python:3.12-slim\", timeout_ms: 20000}\n");
    assertThat(config.sandboxes().getFirst().runtime()).isEqualTo(SandboxRuntime.DOCKER);
    assertThat(config.sandboxes().getFirst().policy().timeout()).contains(Duration.ofSeconds(20));
    ConfigProblem bad = onlyProblem("sandboxes:\n  - {name: a}\n  - {name: b, colour: red}\n");
    assertThat(bad.line()).isEqualTo(3);
    assertThat(bad.message()).contains("unknown key 'colour'");
    assertThat(onlyProblem("sandboxes: [{name: a}, {name: a}]").message())
        .contains("two sandboxes");
  }

  @Test
  void domainsComeFromTheConfigThenTheEnvironmentThenCore() {
    UnaryOperator<String> env = Map.of("TOOLGATE_DOMAINS", "crm, weather")::get;
    Path base = Path.of("/x");
    assertThat(ToolgateConfig.parse("domains: [core]", "c", base, env).enabledDomains())
        .containsExactly("core");
    assertThat(ToolgateConfig.parse("domains: core, crm", "c", base, env).enabledDomains())
        .containsExactly("core", "crm");
    assertThat(ToolgateConfig.parse("", "c", base, env).enabledDomains())
        .containsExactly("crm", "weather");
  }

  @Test
  void otherSectionsMustHaveTheRightShape() {
    assertThat(onlyProblem("mcp_servers: {name: fs}").message()).contains("must be a list");
    assertThat(onlyProblem("server: 8080").message()).contains("mapping");
    assertThat(onlyProblem("catalogs: {a: 1}").message()).contains("list of strings");
  }

  @Test
  void modulesLocateTheirOwnErrors() {
    ToolgateConfig config = parse(FULL);
    ConfigException e = config.error("/mcp_servers/1/url", "must use https");
    assertThat(e.problems().getFirst().line()).isEqualTo(8);
    assertThat(e).hasMessage("toolgate.yaml:8:17: mcp_servers[1].url: must use https");
  }

  @Test
  void theDataDirectoryRule() {
    Path home = Path.of("/home/ana");
    Path base = Path.of("/etc/toolgate");
    UnaryOperator<String> env = Map.of("TOOLGATE_DATA", "/var/lib/toolgate")::get;
    UnaryOperator<String> none = name -> null;
    assertThat(
            ToolgateConfig.dataDir(
                Optional.of(Path.of("/flag")), Optional.of("cfg"), base, env, home))
        .isEqualTo(Path.of("/flag"));
    assertThat(ToolgateConfig.dataDir(Optional.empty(), Optional.of("data"), base, env, home))
        .isEqualTo(Path.of("/etc/toolgate/data"));
    assertThat(ToolgateConfig.dataDir(Optional.empty(), Optional.of("~/tg"), base, env, home))
        .isEqualTo(Path.of("/home/ana/tg"));
    assertThat(ToolgateConfig.dataDir(Optional.empty(), Optional.empty(), base, env, home))
        .isEqualTo(Path.of("/var/lib/toolgate"));
    assertThat(ToolgateConfig.dataDir(Optional.empty(), Optional.empty(), base, none, home))
        .isEqualTo(Path.of("/home/ana/.toolgate"));
  }

  @Test
  void theDataDirKeyIsExpanded() {
    assertThat(parse("data_dir: \"/srv/${HOST}\"").dataDir()).contains("/srv/db.internal");
  }

  @Test
  void theDefaultsAreTheEmbeddedDemo() {
    ToolgateConfig defaults = ToolgateConfig.defaults(name -> null);
    assertThat(defaults.catalogs()).containsExactly(CatalogFiles.DEMO);
    assertThat(defaults.enabledDomains()).containsExactly("core");
    assertThat(defaults.embeddings().getFirst().from()).isEqualTo("local:all-minilm-l6-v2");
    CatalogLoad demo = defaults.loadCatalogs(d -> call -> Json.object());
    assertThat(demo.problems()).isEmpty();
    assertThat(demo.tools()).hasSizeGreaterThanOrEqualTo(150);
  }

  @Test
  void catalogGlobsAreReadRelativeToTheConfigFile() throws IOException {
    Files.createDirectories(dir.resolve("conf/tools"));
    Files.writeString(
        dir.resolve("conf/tools/a.yaml"),
        "tools:\n  - {name: a, parameters: {type: object}, command: [echo]}\n");
    Path file = dir.resolve("conf/toolgate.yaml");
    Files.writeString(file, "catalogs: [tools/*.yaml]\n");
    ToolgateConfig config = ToolgateConfig.load(file, name -> null);
    assertThat(config.baseDir()).isEqualTo(dir.resolve("conf"));
    CatalogLoad load = config.loadCatalogs(d -> call -> Json.object());
    assertThat(load.problems()).isEmpty();
    assertThat(load.tools().getFirst().definition().source()).isEqualTo("file:tools/a.yaml");
  }

  @Test
  void resolvePrefersTheExplicitFileThenTheLocalOneThenTheDefaults() throws IOException {
    assertThat(ToolgateConfig.resolve(Optional.empty(), dir).catalogs())
        .containsExactly(CatalogFiles.DEMO);
    Files.writeString(dir.resolve("toolgate.yaml"), "catalogs: [local.yaml]\n");
    assertThat(ToolgateConfig.resolve(Optional.empty(), dir).catalogs())
        .containsExactly("local.yaml");
    Path other = dir.resolve("other.yaml");
    Files.writeString(other, "catalogs: [other.yaml]\n");
    assertThat(ToolgateConfig.resolve(Optional.of(other), dir).catalogs())
        .containsExactly("other.yaml");
  }

  @Test
  void aMissingFileIsNamed() {
    assertThatThrownBy(() -> ToolgateConfig.load(dir.resolve("nope.yaml")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("nope.yaml")
        .hasMessageContaining("no such file");
  }

  @Test
  void copiesOverrideCatalogsAndDomains() {
    ToolgateConfig config = parse(FULL).withCatalogs(List.of("x.yaml")).withDomains(List.of());
    assertThat(config.catalogs()).containsExactly("x.yaml");
    assertThat(config.enabledDomains()).isEmpty();
  }
}
