package io.toolgate.catalog.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.InvalidToolException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogFilesTest {
  static final Function<ToolDefinition, ToolExecutor> EXECUTORS = d -> call -> Json.object();

  static final String GOOD =
      """
      tools:
        - name: weather_current
          description: Current weather for a city.
          version: 1.0.0
          tags: [weather]
          parameters:
            type: object
            properties: {city: {type: string, description: "City name, e.g. Lisbon"}}
            required: [city]
          secrets: [WEATHER_KEY]
          timeout_ms: 5000
          http:
            method: GET
            url: "https://api.example.com/v1/weather?q={city}"
            headers: {Authorization: "Bearer ${WEATHER_KEY}"}
        - name: csv_stats
          description: Summary statistics of the columns of a CSV file.
          parameters: {type: object, properties: {path: {type: string}}, required: [path]}
          sandbox: analytics
          dependencies: ["npm:csv-parse@5"]
          command: [node, stats.js]
      """;

  @TempDir Path dir;

  Path write(String name, String content) throws IOException {
    Path file = dir.resolve(name);
    Files.createDirectories(file.getParent());
    Files.writeString(file, content);
    return file;
  }

  static CatalogLoad load(String label, String text) {
    return CatalogFiles.loadFiles(List.of(CatalogFile.text(label, text)), EXECUTORS);
  }

  static CatalogProblem onlyProblem(String label, String text) {
    CatalogLoad load = load(label, text);
    assertThat(load.tools()).as("a failing file registers nothing").isEmpty();
    assertThat(load.problems()).hasSize(1);
    return load.problems().getFirst();
  }

  @Test
  void loadsHttpAndCommandToolsWithTheFileAsSource() throws IOException {
    Path file = write("tools.yaml", GOOD);
    CatalogLoad load = CatalogFiles.load(List.of(file), EXECUTORS);
    assertThat(load.ok()).isTrue();
    assertThat(load.tools())
        .extracting(RegisteredTool::name)
        .containsExactly("weather_current", "csv_stats");
    ToolDefinition weather = load.tools().getFirst().definition();
    assertThat(weather.source()).isEqualTo("file:" + file);
    assertThat(weather.implementation()).isInstanceOf(Implementation.Http.class);
    assertThat(load.tools().get(1).definition().implementation())
        .isEqualTo(new Implementation.Command(List.of("node", "stats.js")));
  }

  @Test
  void loadsJsonFiles() {
    CatalogLoad load =
        load(
            "tools.json",
            "{\"tools\": [{\"name\": \"t\", \"parameters\": {\"type\": \"object\"},"
                + " \"command\": [\"echo\"]}]}");
    assertThat(load.ok()).isTrue();
    assertThat(load.tools()).hasSize(1);
  }

  @Test
  void malformedYamlNamesTheLineAndColumn() {
    CatalogProblem p = onlyProblem("bad.yaml", "tools:\n  - name: x\n   bad: [\n");
    assertThat(p.file()).isEqualTo("bad.yaml");
    assertThat(p.line()).isEqualTo(3);
    assertThat(p.column()).isEqualTo(4);
    assertThat(p.message()).startsWith("malformed YAML: ").doesNotContain("\n");
    assertThat(p.toString()).startsWith("bad.yaml:3:4: malformed YAML");
  }

  @Test
  void malformedJsonNamesTheLineAndColumn() {
    CatalogProblem p = onlyProblem("bad.json", "{\"tools\": [\n  {\"name\": \"x\",, }\n]}");
    assertThat(p.line()).isEqualTo(2);
    assertThat(p.column()).isEqualTo(16);
    assertThat(p.message()).startsWith("malformed JSON: ");
  }

  @Test
  void aDuplicateKeyIsMalformed() {
    CatalogProblem p =
        onlyProblem(
            "dup.yaml",
            "tools:\n  - name: a\n    parameters: {type: object}\n    name: b\n    command: [x]\n");
    assertThat(p.line()).isEqualTo(4);
    assertThat(p.message())
        .isEqualTo(
            "malformed YAML: the key 'name' appears twice in one mapping; keep one of them and"
                + " delete the other (a key may appear only once)");
  }

  @Test
  void anUnknownKeyNamesItsLineAndTheFix() {
    CatalogProblem p =
        onlyProblem(
            "t.yaml",
            """
            tools:
              - name: weather
                paramters: {type: object}
                command: [x]
            """);
    assertThat(p.line()).isEqualTo(3);
    assertThat(p.column()).isEqualTo(5);
    assertThat(p.pointer()).isEqualTo("/tools/0/paramters");
    assertThat(p.message())
        .contains("unknown key 'paramters'")
        .contains("did you mean 'parameters'?");
  }

  @Test
  void anInvalidSchemaPointsAtTheBadKeywordsLine() {
    CatalogProblem p =
        onlyProblem(
            "t.yaml",
            """
            tools:
              - name: t
                parameters:
                  type: object
                  properties:
                    a:
                      type: strin
                command: [x]
            """);
    assertThat(p.line()).isEqualTo(7);
    assertThat(p.pointer()).isEqualTo("/tools/0/parameters/properties/a/type");
    assertThat(p.message())
        .isEqualTo(
            "tool 't': parameters.properties.a.type: 'strin' is not a JSON Schema type (did you"
                + " mean 'string'?); use one of string, number, integer, boolean, object, array,"
                + " null");
  }

  @Test
  void parametersThatAreNotAnObjectSchemaAreNamed() {
    CatalogProblem p =
        onlyProblem(
            "t.yaml", "tools:\n  - name: t\n    parameters: {type: string}\n    command: [x]\n");
    assertThat(p.line()).isEqualTo(3);
    assertThat(p.message()).contains("parameters.type: must be \"object\", not \"string\"");
  }

  @Test
  void aMissingRequiredKeyPointsAtTheTool() {
    CatalogProblem p = onlyProblem("t.yaml", "tools:\n  - name: t\n    command: [x]\n");
    assertThat(p.line()).isEqualTo(2);
    assertThat(p.message()).contains("'parameters' is required");
  }

  @Test
  void aNameTooLongNamesTheLimit() {
    CatalogProblem p =
        onlyProblem(
            "t.yaml",
            "tools:\n  - name: "
                + "n".repeat(129)
                + "\n    parameters: {type: object}\n    command: [x]\n");
    assertThat(p.line()).isEqualTo(2);
    assertThat(p.pointer()).isEqualTo("/tools/0/name");
    assertThat(p.message()).contains("129 characters").contains("limit is 128");
  }

  @Test
  void aNameWithBadCharactersSuggestsAFix() {
    CatalogProblem p =
        onlyProblem(
            "t.yaml",
            "tools:\n  - name: get weather\n    parameters: {type: object}\n    command: [x]\n");
    assertThat(p.message()).contains("'get_weather'");
  }

  @Test
  void reservedNamesAreRefused() {
    for (String reserved : List.of("tool_search", "tool_invoke", "find_tools", "use_tool")) {
      CatalogProblem p =
          onlyProblem(
              "t.yaml",
              "tools:\n  - name: "
                  + reserved
                  + "\n    parameters: {type: object}\n    command: [x]\n");
      assertThat(p.line()).isEqualTo(2);
      assertThat(p.message()).contains("reserved").contains("'my_" + reserved + "'");
    }
  }

  @Test
  void aDuplicateNameInAFileNamesBothLines() {
    CatalogProblem p =
        onlyProblem(
            "t.yaml",
            """
            tools:
              - name: same
                parameters: {type: object}
                command: [a]
              - name: same
                parameters: {type: object}
                command: [b]
            """);
    assertThat(p.line()).isEqualTo(5);
    assertThat(p.message()).contains("defined twice").contains("first at line 2");
  }

  @Test
  void aDuplicateNameAcrossFilesNamesTheOtherFileAndLine() throws IOException {
    Path a = write("a.yaml", GOOD);
    Path b =
        write(
            "b.yaml",
            "tools:\n  - name: other\n    parameters: {type: object}\n    command: [x]\n"
                + "  - name: csv_stats\n    parameters: {type: object}\n    command: [y]\n");
    CatalogLoad load = CatalogFiles.load(List.of(a, b), EXECUTORS);
    assertThat(load.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.file()).isEqualTo(b.toString());
              assertThat(p.line()).isEqualTo(5);
              assertThat(p.message()).contains("also defined in " + a + ":16");
            });
    assertThat(load.toolsBySource()).containsOnlyKeys("file:" + a);
  }

  @Test
  void aToolWithoutHttpOrCommandIsRefused() {
    CatalogProblem p =
        onlyProblem("t.yaml", "tools:\n  - name: t\n    parameters: {type: object}\n");
    assertThat(p.message()).contains("neither 'http' nor 'command'");
  }

  @Test
  void whatTheExecutorFactoryRefusesIsLocatedToo() {
    Function<ToolDefinition, ToolExecutor> strict =
        d -> {
          throw new InvalidToolException(
              "tool '" + d.name() + "': placeholders may not appear in the host", "/http/url");
        };
    CatalogLoad load =
        CatalogFiles.loadFiles(
            List.of(
                CatalogFile.text(
                    "t.yaml",
                    "tools:\n  - name: t\n    parameters: {type: object}\n    http:\n"
                        + "      method: GET\n      url: \"https://{host}/x\"\n")),
            strict);
    assertThat(load.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.line()).isEqualTo(6);
              assertThat(p.pointer()).isEqualTo("/tools/0/http/url");
            });
  }

  @Test
  void everyProblemOfEveryFileIsReported() {
    List<CatalogProblem> problems =
        CatalogFiles.validate(
            List.of(
                CatalogFile.text(
                    "one.yaml",
                    "tools:\n  - name: a b\n    parameters: {type: object}\n    command: [x]\n"
                        + "  - name: ok\n    parameters: {type: object}\n    command: [x]\n"
                        + "  - name: tool_search\n    parameters: {type: object}\n    command: [x]\n"),
                CatalogFile.text("two.json", "{\"tools\": 5}"),
                CatalogFile.text("three.yaml", "tools: [\n")));
    assertThat(problems)
        .extracting(p -> p.file() + ":" + p.line())
        .containsExactly("one.yaml:2", "one.yaml:8", "two.json:1", "three.yaml:1");
  }

  @Test
  void everyProblemOfAToolIsReported() {
    CatalogLoad load =
        load(
            "t.yaml",
            """
            tools:
              - name: tool_search
                paramters: {type: object}
                parameters: {type: object, properties: {city: {type: strin}}}
                timeout_ms: -1
            """);
    assertThat(load.tools()).isEmpty();
    assertThat(load.problems())
        .extracting(p -> p.line() + ": " + p.message())
        .satisfiesExactly(
            reserved -> assertThat(reserved).startsWith("2: ").contains("reserved for a meta-tool"),
            neither -> assertThat(neither).startsWith("2: ").contains("neither 'http' nor"),
            unknown -> assertThat(unknown).startsWith("3: ").contains("unknown key 'paramters'"),
            schema -> assertThat(schema).startsWith("4: ").contains("'strin' is not a JSON Schema"),
            timeout -> assertThat(timeout).startsWith("5: ").contains("positive whole number"));
  }

  @Test
  void problemsOfSeveralToolsAreListedInTheOrderOfTheFile() {
    CatalogLoad load =
        load(
            "t.yaml",
            """
            tools:
              - name: a
                parameters: {type: object}
                command: [x]
                bogus: 1
              - name: b
                parameters: {type: strng}
                command: [x]
              - name: a
                parameters: {type: object}
            """);
    assertThat(load.problems())
        .extracting(CatalogProblem::line)
        .containsExactly(5, 7, 9, 9)
        .isSorted();
    assertThat(load.problems().get(2).message() + load.problems().get(3).message())
        .contains("defined twice")
        .contains("neither 'http' nor 'command'");
  }

  @Test
  void aBrokenToolStillClashesWithItsNameInAnotherFile() throws IOException {
    Path a = write("a.yaml", GOOD);
    Path b = write("b.yaml", "tools:\n  - name: csv_stats\n    parameters: {type: strng}\n");
    CatalogLoad load = CatalogFiles.load(List.of(a, b), EXECUTORS);
    assertThat(load.problems())
        .filteredOn(p -> p.file().equals(b.toString()))
        .extracting(CatalogProblem::message)
        .anySatisfy(m -> assertThat(m).contains("also defined in " + a + ":16"));
  }

  @Test
  void aFailingFileDoesNotStopTheOthers() {
    CatalogLoad load =
        CatalogFiles.loadFiles(
            List.of(CatalogFile.text("good.yaml", GOOD), CatalogFile.text("bad.yaml", "tools: {")),
            EXECUTORS);
    assertThat(load.tools()).hasSize(2);
    assertThat(load.problems()).hasSize(1);
    assertThatThrownBy(load::orThrow)
        .isInstanceOf(CatalogException.class)
        .hasMessageContaining("1 problem in catalog files")
        .hasMessageContaining("bad.yaml:");
  }

  @Test
  void theFileShapeIsChecked() {
    assertThat(onlyProblem("e.yaml", "").message()).contains("the file is empty");
    assertThat(onlyProblem("e.yaml", "- name: x\n").message()).contains("'tools:' list");
    assertThat(onlyProblem("e.yaml", "tools: {name: x}\n").message()).contains("must be a list");
    assertThat(onlyProblem("e.yaml", "tool: []\n").message()).contains("did you mean 'tools'?");
    assertThat(onlyProblem("e.yaml", "other: 1\n").message())
        .contains("unknown top-level key 'other'");
  }

  @Test
  void aSourceKeyInTheFileCannotHideTheFile() {
    CatalogLoad load =
        load(
            "t.yaml",
            "tools:\n  - {name: t, source: elsewhere, parameters: {type: object}, command: [x]}\n");
    assertThat(load.tools().getFirst().definition().source()).isEqualTo("file:t.yaml");
  }

  @Test
  void anUnreadableFileIsAProblemNamingIt() {
    CatalogProblem p = CatalogFiles.validatePaths(List.of(dir.resolve("missing.yaml"))).getFirst();
    assertThat(p.message()).contains("missing.yaml").contains("no such file");
  }
}
