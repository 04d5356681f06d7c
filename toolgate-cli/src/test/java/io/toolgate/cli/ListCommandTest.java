package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ListCommandTest {
  @TempDir Path dataDir;

  /** The rows of a table printed by {@link Table}: the lines between the rule and a blank line. */
  static List<String> tableRows(String out) {
    List<String> lines = out.lines().toList();
    int rule = 0;
    while (!lines.get(rule).matches("-[- ]*")) {
      rule++;
    }
    return lines.subList(rule + 1, lines.size()).stream()
        .takeWhile(line -> !line.isBlank())
        .toList();
  }

  @Test
  void printsTheDemoCatalogAsATableOfAtLeast150Tools() {
    Cli.Run run = new Cli(dataDir).run("list");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).startsWith("NAME").contains("DESCRIPTION");
    List<String> rows = tableRows(run.out());
    assertThat(rows).hasSizeGreaterThanOrEqualTo(150);
    assertThat(rows)
        .anySatisfy(row -> assertThat(row).startsWith("weather_current "))
        .anySatisfy(row -> assertThat(row).startsWith("math_evaluate "));
    Matcher summary = Pattern.compile("(\\d+) tools from (\\d+) sources").matcher(run.out());
    assertThat(summary.find()).isTrue();
    assertThat(Integer.parseInt(summary.group(1))).isEqualTo(rows.size());
  }

  @Test
  void printsEveryDefinitionAsAJsonArray() {
    Cli.Run run = new Cli(dataDir).run("list", "--json");

    assertThat(run.exitCode()).isZero();
    JsonNode tools = run.json();
    assertThat(tools.isArray()).isTrue();
    assertThat(tools.size()).isGreaterThanOrEqualTo(150);
    for (JsonNode tool : tools) {
      assertThat(tool.path("name").asString()).isNotBlank();
      assertThat(tool.path("description").asString()).isNotBlank();
      assertThat(tool.path("parameters").path("type").asString()).isEqualTo("object");
    }
  }

  @Test
  void tableAndJsonListTheSameNumberOfTools() {
    Cli cli = new Cli(dataDir);

    assertThat(tableRows(cli.run("list").out())).hasSize(cli.json("list", "--json").size());
  }

  @Test
  void tagKeepsOnlyToolsWithThatTag() {
    JsonNode tools = new Cli(dataDir).json("list", "--tag", "weather", "--json");

    assertThat(tools.size()).isBetween(3, 40);
    for (JsonNode tool : tools) {
      assertThat(tool.path("tags").valueStream().map(JsonNode::asString)).contains("weather");
    }
  }

  @Test
  void sourcesCountsTheToolsOfEachSource() {
    Cli cli = new Cli(dataDir);
    JsonNode sources = cli.json("list", "--sources", "--json");

    assertThat(sources.size()).isGreaterThan(1);
    int total = 0;
    for (JsonNode source : sources) {
      assertThat(source.path("state").asString()).isEqualTo("loaded");
      total += source.path("tools").asInt();
    }
    assertThat(total).isEqualTo(cli.json("list", "--json").size());
  }
}
