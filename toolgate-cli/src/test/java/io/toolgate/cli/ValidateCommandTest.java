package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ValidateCommandTest {
  @TempDir Path dir;

  static final String HTTP = "    http: {method: GET, url: \"https://api.example.com/{city}\"}\n";

  static final String GOOD =
      """
      tools:
        - name: weather_now
          description: Current weather for a city.
          parameters: {type: object, properties: {city: {type: string}}, required: [city]}
      """
          + HTTP;

  Path write(String name, String content) throws IOException {
    return Files.writeString(dir.resolve(name), content);
  }

  Cli cli() {
    return new Cli(dir.resolve("data"));
  }

  /** A broken file, the line of its problem and words of the message that say what to do. */
  static Arguments broken(String name, String content, int line, String... message) {
    return Arguments.of(name, content, line, message);
  }

  static Stream<Arguments> brokenFiles() {
    return Stream.of(
        broken(
            "syntax.yaml",
            GOOD.replace("required: [city]}", "required: [city]"),
            4,
            "malformed YAML",
            "expected ',' or '}'"),
        broken(
            "syntax.json",
            "{\"tools\": [\n  {\"name\": \"weather_now\",\n",
            3,
            "malformed JSON",
            "end-of-input"),
        broken(
            "as-tool.yaml",
            GOOD.replace("    description:", "    as_tool: hidden\n    description:"),
            3,
            "'as_tool' must be true or false"),
        broken(
            "unknown-key.yaml",
            GOOD.replace("parameters:", "paramters:"),
            4,
            "unknown key 'paramters'",
            "did you mean 'parameters'?"),
        broken(
            "tab.yaml",
            GOOD.replace("    description", "\tdescription"),
            3,
            "malformed YAML",
            "tab",
            "replace the tab with spaces"),
        broken(
            "unclosed-quote.yaml",
            GOOD.replace("Current weather for a city.", "\"Current weather for a city."),
            5,
            "malformed YAML",
            "text follows the quote at line 5, column 30",
            "a quote before it is not closed"),
        broken(
            "missing-colon.yaml",
            GOOD.replace("description:", "description"),
            3,
            "malformed YAML",
            "write 'key: value' on line 3"),
        broken(
            "bad-schema.yaml",
            GOOD.replace("{type: string}", "{type: strng}"),
            4,
            "parameters.properties.city.type: 'strng' is not a JSON Schema type",
            "(did you mean 'string'?)",
            "use one of string, number, integer, boolean, object, array, null",
            "[/tools/0/parameters/properties/city/type]"),
        broken(
            "duplicate.yaml",
            GOOD + GOOD.replace("tools:\n", ""),
            6,
            "'weather_now' is defined twice",
            "first at line 2",
            "rename or remove"),
        broken(
            "reserved.yaml",
            GOOD.replace("weather_now", "tool_search"),
            2,
            "reserved for a meta-tool",
            "rename it, e.g. 'my_tool_search'"),
        broken(
            "reserved-any-case.yaml",
            GOOD.replace("weather_now", "Tool_Search"),
            2,
            "reserved for the meta-tool 'tool_search'",
            "in any case"),
        broken(
            "number-name.yaml",
            GOOD.replace("weather_now", "12.50"),
            2,
            "'name' must be a JSON string, got number 12.5",
            "[/tools/0/name]"),
        broken(
            "ref-cycle.yaml",
            GOOD.replace(
                "{city: {type: string}}",
                "{a: {$ref: \"#/properties/b\"}, b: {$ref: \"#/properties/a\"}}"),
            4,
            "closes a $ref cycle (#/properties/a -> #/properties/b -> #/properties/a)",
            "[/tools/0/parameters/properties/b/$ref]"),
        broken(
            "long-name.yaml",
            GOOD.replace("weather_now", "w".repeat(130)),
            2,
            "130 characters",
            "the limit is 128",
            "shorten"),
        broken(
            "bad-name.yaml",
            GOOD.replace("weather_now", "weather now"),
            2,
            "may contain only",
            "e.g. 'weather_now'"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenFiles")
  void brokenFileExitsNonZeroNamingFileLineAndFix(
      String name, String content, int line, String[] message) throws IOException {
    Path file = write(name, content);

    Cli.Run run = cli().run("validate", file.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    String problem =
        run.err().lines().filter(l -> l.startsWith(file + ":" + line + ":")).findFirst().orElse("");
    assertThat(problem).as("a %s:%d: line in %s", file, line, run.err()).isNotEmpty();
    assertThat(problem).contains(message);
    assertThat(problem).doesNotContain("[Source:");
    assertThat(run.err()).contains(file + ": 1 problem");
  }

  @Test
  void everyProblemOfAFileIsReportedInFileOrder() throws IOException {
    Path file = write("two.yaml", GOOD.replace("weather_now", "tool_search") + "    timeout: 5\n");

    Cli.Run run = cli().run("validate", file.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines())
        .containsExactly(
            file
                + ":2:5: tool 'tool_search': the name is reserved for a meta-tool (find_tools,"
                + " tool_invoke, tool_search, use_tool); rename it, e.g. 'my_tool_search'"
                + " [/tools/0/name]",
            file
                + ":6:5: tool 'tool_search': unknown key 'timeout' (did you mean 'timeout_ms'?);"
                + " known keys: [annotations, as_tool, checksum, command, dependencies, description,"
                + " examples, http, id, max_concurrency, max_result_bytes, name, parameters,"
                + " returns, sandbox, schema_version, secrets, source, tags, timeout_ms, title,"
                + " version] [/tools/0/timeout]",
            file + ": 2 problems");
  }

  @Test
  void problemsBeyondTheCapAreCounted() throws IOException {
    StringBuilder many = new StringBuilder("tools:\n");
    for (int i = 0; i < ValidateCommand.SHOWN_PER_FILE + 10; i++) {
      many.append("  - {name: t").append(i).append(", parameters: {type: object}, command: [x],");
      many.append(" bogus: 1}\n");
    }
    Path file = write("many.yaml", many.toString());

    Cli.Run run = cli().run("validate", file.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines().filter(l -> l.contains("unknown key 'bogus'")))
        .hasSize(ValidateCommand.SHOWN_PER_FILE);
    assertThat(run.err())
        .contains(file + ": … and 10 more problems in this file; fix these and run validate again")
        .contains(file + ": " + (ValidateCommand.SHOWN_PER_FILE + 10) + " problems");
  }

  @Test
  void validFileExitsZero() throws IOException {
    Path file = write("good.yaml", GOOD);

    Cli.Run run = cli().run("validate", file.toString());

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains(file + ": OK");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void sameNameInTwoFilesNamesBothFiles() throws IOException {
    Path first = write("first.yaml", GOOD);
    Path second = write("second.yaml", GOOD);

    Cli.Run run = cli().run("validate", first.toString(), second.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .contains(second + ":2:")
        .contains("also defined in " + first + ":2")
        .contains("2 files: 1 problem");
  }

  @Test
  void missingFileIsAnError() {
    Path missing = dir.resolve("missing.yaml");

    Cli.Run run = cli().run("validate", missing.toString());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains(missing + ": no such file");
  }

  @Test
  void withoutFilesChecksTheEmbeddedDemo() {
    Cli.Run run = cli().run("validate");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).containsPattern("\\(embedded defaults\\): \\d{3} tools OK");
  }

  @Test
  void withoutFilesChecksTheConfigsCatalogs() throws IOException {
    write("tools.yaml", GOOD.replace("paramet", "paramt"));
    Path config = write("toolgate.yaml", "catalogs: [tools.yaml]\nembeddings: []\n");

    Cli.Run run = cli().run("validate", "--config", config.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines())
        .anySatisfy(
            l ->
                assertThat(l)
                    .endsWith(
                        "tools.yaml:4:5: tool 'weather_now': unknown key"
                            + " 'paramters' (did you mean 'parameters'?); known keys: [annotations, as_tool, checksum,"
                            + " command, dependencies, description, examples, http, id, max_concurrency,"
                            + " max_result_bytes, name, parameters, returns, sandbox, schema_version, secrets,"
                            + " source, tags, timeout_ms, title, version] [/tools/0/paramters]"))
        .last()
        .isEqualTo(config + ": 1 problem");
  }

  @Test
  void validConfigReportsItsToolCount() throws IOException {
    write("tools.yaml", GOOD);
    Path config = write("toolgate.yaml", "catalogs: [tools.yaml]\nembeddings: []\n");

    Cli.Run run = cli().run("validate", "--config", config.toString());

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains(config + ": ").contains(" tools OK");
  }

  @Test
  void unknownConfigKeyNamesTheConfigLine() throws IOException {
    Path config = write("toolgate.yaml", "embeddings: []\ncatalog: [tools.yaml]\n");

    Cli.Run run = cli().run("validate", "--config", config.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines())
        .first()
        .asString()
        .startsWith(config + ":2:1: catalog: unknown key")
        .contains("'catalogs'");
    assertThat(run.err().lines()).last().isEqualTo(config + ": 1 problem");
  }

  @Test
  void aTypoInTheServerSectionFailsValidateAsItFailsServe() throws IOException {
    Path config = write("toolgate.yaml", "embeddings: []\nserver: {prot: 18080}\n");

    Cli.Run run = cli().run("validate", "--config", config.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines())
        .first()
        .asString()
        .startsWith(config + ":2:")
        .contains("server: unknown key 'prot' (did you mean 'port'?)");
    assertThat(run.err().lines()).last().isEqualTo(config + ": 1 problem");
  }

  @Test
  void aTypoInAChatModelFailsValidate() throws IOException {
    Path config =
        write(
            "toolgate.yaml",
            "embeddings: []\nmodels:\n  - name: assistant\n    base_url: \"http://127.0.0.1:9/v1\"\n"
                + "    params: {tool_recursion_limt: 10}\n");

    Cli.Run run = cli().run("validate", "--config", config.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines())
        .first()
        .asString()
        .startsWith(config + ":")
        .contains("tool_recursion_limt");
    assertThat(run.err().lines()).last().isEqualTo(config + ": 1 problem");
  }

  @Test
  void aTypoInAnMcpServerFailsValidateWithoutStartingIt() throws IOException {
    Path config =
        write("toolgate.yaml", "embeddings: []\nmcp_servers: [{name: fs, comand: [npx]}]\n");

    Cli.Run run = cli().run("validate", "--config", config.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines()).first().asString().startsWith(config + ":").contains("comand");
    assertThat(run.err().lines()).last().isEqualTo(config + ": 1 problem");
  }

  @Test
  void theReadmeConfigWithItsSectionsValidates() throws IOException {
    Path config =
        write(
            "toolgate.yaml",
            "embeddings: []\nserver: {port: 18080, api_keys_file: keys.yaml}\n"
                + "mcp_servers:\n  - {name: fs, command: [npx, -y, server-filesystem, /data]}\n"
                + "models:\n  - {name: assistant, base_url: \"http://127.0.0.1:11434/v1\","
                + " model: \"qwen2.5:7b\", params: {tools: auto, tool_recursion_limit: 10}}\n");

    Cli.Run run = cli().run("validate", "--config", config.toString());

    assertThat(run.err()).doesNotContain("problem");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains(config + ": 13 tools OK");
  }

  @Test
  void aCatalogToolInTheNamespaceOfAConfiguredMcpServerIsRefused() throws IOException {
    write("tools.yaml", GOOD.replace("weather_now", "mem__read_graph"));
    Path config =
        write(
            "toolgate.yaml",
            "catalogs: [tools.yaml]\n"
                + "mcp_servers: [{name: mem, command: [/nonexistent/toolgate-mem]}]\n");

    Cli.Run run = cli().run("list", "--config", config.toString());

    assertThat(run.exitCode()).isNotZero();
    assertThat(run.err())
        .contains("tool 'mem__read_graph'")
        .contains("namespace of the upstream MCP server 'mem'")
        .contains("e.g. 'mem_read_graph'");
  }

  /** A variable no test environment sets. */
  static final String UNSET = "TOOLGATE_TEST_UNSET_TOKEN";

  static final String STORE =
      """
      embeddings: []
      store:
        url: "postgresql://127.0.0.1:9/toolgate"
        user: gateway
        pool_size: 4
        schema: toolgate
        connect_timeout: 2s
      """;

  /** Runs {@code toolgate validate --config CONFIG OPTIONS…}. */
  Cli.Run validate(Path config, String... options) {
    List<String> args = new ArrayList<>(List.of("validate", "--config", config.toString()));
    args.addAll(List.of(options));
    return cli().run(args.toArray(String[]::new));
  }

  /** The first problem line validate printed, and the message serve fails with on the config. */
  record Both(Cli.Run validate, String validateLine, Cli.Run serve) {}

  Both validateAndServe(Path config) {
    Cli.Run validate = validate(config);
    Cli.Run serve = cli().run("serve", "--port", "0", "--config", config.toString());
    return new Both(validate, validate.err().lines().findFirst().orElse(""), serve);
  }

  @Test
  void aMisspeltStoreKeyFailsValidateWithTheMessageServeGives() throws IOException {
    Path config = write("toolgate.yaml", STORE.replace("pool_size", "pool_sise"));

    Both run = validateAndServe(config);

    assertThat(run.validate().exitCode()).isEqualTo(1);
    assertThat(run.validateLine())
        .startsWith(config + ":")
        .contains("store: unknown key 'pool_sise' (did you mean 'pool_size'?)");
    assertThat(run.validate().err().lines()).last().isEqualTo(config + ": 1 problem");
    assertThat(run.serve().exitCode()).isNotZero();
    assertThat(run.serve().err()).contains("toolgate: " + run.validateLine());
  }

  @Test
  void aBadStoreValueFailsValidateAtItsLineWithTheFix() throws IOException {
    Path config = write("toolgate.yaml", STORE.replace("pool_size: 4", "pool_size: 0"));

    Both run = validateAndServe(config);

    assertThat(run.validate().exitCode()).isEqualTo(1);
    assertThat(run.validateLine())
        .startsWith(config + ":5:")
        .contains("store.pool_size: must be a whole number from 1 to 100, got 0");
    assertThat(run.serve().err()).contains("toolgate: " + run.validateLine());
  }

  @Test
  void aStoreUrlThatIsNotPostgresqlFailsValidate() throws IOException {
    Path config =
        write("toolgate.yaml", STORE.replace("postgresql://127.0.0.1:9", "mysql://127.0.0.1:9"));

    Cli.Run run = validate(config);

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines())
        .first()
        .asString()
        .startsWith(config + ":3:")
        .contains("store.url: must start with postgresql://")
        .contains("'mysql://127.0.0.1:9/toolgate'");
  }

  @Test
  void aValidStoreSectionValidatesWithoutConnecting() throws IOException {
    // Nothing listens on port 9: validate must not try.
    Path config = write("toolgate.yaml", STORE);

    Cli.Run run = validate(config);

    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEqualTo(config + ": 13 tools OK\n");
  }

  static final String UNSET_USES =
      """
      embeddings: []
      models:
        - name: assistant
          base_url: "http://${TOOLGATE_TEST_UNSET_HOST}:11434/v1"
      mcp_servers:
        - {name: crm, url: "http://127.0.0.1:9/mcp", headers: {Authorization: "Bearer ${%s}"}}
      """
          .formatted(UNSET);

  @Test
  void anUnsetVariableIsAWarningNamingItsPlaceAndThatServeFails() throws IOException {
    Path config = write("toolgate.yaml", UNSET_USES);

    Cli.Run run = validate(config);

    assertThat(run.exitCode()).isZero();
    assertThat(run.err().lines())
        .containsExactly(
            config
                + ":4:5: warning: models[0].base_url: ${TOOLGATE_TEST_UNSET_HOST} is not set;"
                + " `toolgate serve` will fail unless it is set (export TOOLGATE_TEST_UNSET_HOST,"
                + " or write ${TOOLGATE_TEST_UNSET_HOST:-default})",
            config
                + ":6:58: warning: mcp_servers[0].headers.Authorization: ${"
                + UNSET
                + "} is not set; `toolgate serve` will fail unless it is set (export "
                + UNSET
                + ")");
    assertThat(run.out())
        .isEqualTo(
            config
                + ": 13 tools OK; 2 warnings: variables serve needs are not set (--strict makes"
                + " them errors)\n");
  }

  @Test
  void strictMakesAnUnsetVariableAnError() throws IOException {
    Path config = write("toolgate.yaml", UNSET_USES);

    Cli.Run run = validate(config, "--strict");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines())
        .hasSize(3)
        .satisfies(l -> assertThat(l.get(0)).startsWith(config + ":4:5: models[0].base_url: "))
        .satisfies(l -> assertThat(l.get(1)).startsWith(config + ":6:58: mcp_servers[0]."))
        .last()
        .isEqualTo(config + ": 2 problems");
    assertThat(run.err()).doesNotContain("warning");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void strictPassesWhenEveryVariableIsSetOrHasAFallback() throws IOException {
    Path config =
        write(
            "toolgate.yaml",
            UNSET_USES
                .replace("${TOOLGATE_TEST_UNSET_HOST}", "${TOOLGATE_TEST_UNSET_HOST:-127.0.0.1}")
                .replace("${" + UNSET + "}", "$${" + UNSET + "}"));

    Cli.Run run = validate(config, "--strict");

    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
  }

  @Test
  void aValueThatIsWhollyAnUnsetVariableIsNotReportedAsWrong() throws IOException {
    // The stand-in is no postgresql:// URL; what it stands for is only known at deploy time.
    Path config =
        write(
            "toolgate.yaml",
            STORE.replace(
                "\"postgresql://127.0.0.1:9/toolgate\"", "\"${TOOLGATE_TEST_UNSET_DB}\""));

    Cli.Run run = validate(config);

    assertThat(run.exitCode()).isZero();
    assertThat(run.err())
        .contains(config + ":3:3: warning: store.url: ${TOOLGATE_TEST_UNSET_DB} is not set")
        .contains("store.url: not checked past here: this value needs an unset variable")
        .doesNotContain("must start with");
    assertThat(run.out()).contains("13 tools OK; 1 warning:");
  }

  @Test
  void anUnsetStorePasswordVariableIsAWarningUnlessStrict() throws IOException {
    Path config = write("toolgate.yaml", STORE + "  password_env: TOOLGATE_TEST_UNSET_PASSWORD\n");

    Cli.Run lenient = validate(config);
    Cli.Run strict = validate(config, "--strict");

    assertThat(lenient.exitCode()).isZero();
    assertThat(lenient.err())
        .startsWith(
            config
                + ":8:3: warning: store.password_env: names TOOLGATE_TEST_UNSET_PASSWORD, which is"
                + " not set; `toolgate serve` will fail unless it is set");
    assertThat(strict.exitCode()).isEqualTo(1);
    assertThat(strict.err()).startsWith(config + ":8:3: store.password_env: names");
  }

  @Test
  void aBadStoreValueIsStillAnErrorNextToAnUnsetPasswordVariable() throws IOException {
    Path config =
        write(
            "toolgate.yaml",
            STORE.replace("schema: toolgate", "schema: Tool-Gate")
                + "  password_env: TOOLGATE_TEST_UNSET_PASSWORD\n");

    Cli.Run run = validate(config);

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .contains("warning: store.password_env: names TOOLGATE_TEST_UNSET_PASSWORD")
        .contains("store: illegal schema name 'Tool-Gate'")
        .doesNotContain("not checked past here");
  }

  @Test
  void anUnsetVariableInAnEmbeddingOptionIsAWarning() throws IOException {
    Path config =
        write(
            "toolgate.yaml",
            "embeddings:\n  - {name: remote, from: \"openai:text-embedding-3-small\","
                + " base_url: \"https://${TOOLGATE_TEST_UNSET_HOST}/v1\"}\n");

    Cli.Run run = validate(config);

    assertThat(run.exitCode()).isZero();
    assertThat(run.err())
        .startsWith(config + ":2:")
        .contains("warning: embeddings[0].base_url: ${TOOLGATE_TEST_UNSET_HOST} is not set");
  }

  @Test
  void aRealProblemStillFailsNextToAnUnsetVariable() throws IOException {
    Path config = write("toolgate.yaml", UNSET_USES + "server: {prot: 18080}\n");

    Cli.Run run = validate(config);

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines())
        .anySatisfy(l -> assertThat(l).contains("server: unknown key 'prot'"))
        .anySatisfy(l -> assertThat(l).contains("warning: models[0].base_url"))
        .last()
        .isEqualTo(config + ": 1 problem");
  }
}
