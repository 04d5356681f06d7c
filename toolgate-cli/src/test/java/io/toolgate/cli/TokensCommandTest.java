package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.format.Format;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class TokensCommandTest {
  @TempDir Path dataDir;

  static final List<String> EVERY_FORMAT = Arrays.stream(Format.values()).map(Format::id).toList();

  @Test
  void registryWithFiveResultsCostsAtLeastTenTimesLessThanAllToolsInEveryFormat() {
    Cli.Run run = new Cli(dataDir).run("tokens", "--json");

    assertThat(run.exitCode()).isZero();
    JsonNode report = run.json();
    assertThat(report.path("catalog_size").asInt()).isGreaterThanOrEqualTo(150);
    assertThat(report.path("results").asInt()).isEqualTo(5);
    List<String> formats = new ArrayList<>();
    for (JsonNode row : report.path("rows")) {
      formats.add(row.path("format").asString());
      int all = row.path("all_tools").asInt();
      int registry = row.path("registry").asInt();
      int withResults = row.path("registry_with_results").asInt();
      assertThat(registry).as("meta-tools of %s", row).isPositive();
      assertThat(withResults).as("registry + 5 of %s", row).isGreaterThan(registry);
      assertThat(all).as("all tools of %s", row).isGreaterThanOrEqualTo(10 * withResults);
    }
    assertThat(formats).containsAll(EVERY_FORMAT);
  }

  @Test
  void tablePrintsTheSameFiguresAsTheJsonReport() {
    Cli cli = new Cli(dataDir);
    Cli.Run table = cli.run("tokens");
    JsonNode report = cli.json("tokens", "--json");

    assertThat(table.exitCode()).isZero();
    assertThat(table.out()).contains("REGISTRY+5");
    Map<String, List<String>> rows =
        ListCommandTest.tableRows(table.out()).stream()
            .map(line -> List.of(line.split("\\s+")))
            .collect(Collectors.toMap(cells -> cells.get(0) + "/" + cells.get(1), cells -> cells));
    assertThat(rows).hasSize(report.path("rows").size());
    for (JsonNode expected : report.path("rows")) {
      List<String> cells =
          rows.get(expected.path("format").asString() + "/" + expected.path("encoding").asString());
      assertThat(cells).as("row of %s", expected).isNotNull();
      assertThat(cells.subList(2, 5))
          .containsExactly(
              expected.path("all_tools").asString(),
              expected.path("registry").asString(),
              expected.path("registry_with_results").asString());
      double saved = Double.parseDouble(cells.get(5).replace("x", ""));
      assertThat(saved).isGreaterThanOrEqualTo(10.0);
    }
  }

  @Test
  void encodingAndResultsNarrowTheReport() {
    JsonNode report =
        new Cli(dataDir).json("tokens", "--encoding", "cl100k_base", "--results", "3", "--json");

    assertThat(report.path("results").asInt()).isEqualTo(3);
    assertThat(report.path("rows").valueStream().map(r -> r.path("encoding").asString()))
        .containsOnly("cl100k_base");
    assertThat(report.path("rows").size()).isEqualTo(EVERY_FORMAT.size());
  }

  @Test
  void profileNamesTheMetaToolsMeasured() {
    JsonNode rfc = new Cli(dataDir).json("tokens", "--profile", "rfc", "--json");

    assertThat(rfc.path("profile").asString()).isEqualTo("rfc");
    assertThat(rfc.path("rows").valueStream().map(r -> r.path("registry").asInt()))
        .allSatisfy(registry -> assertThat(registry).isPositive());
  }

  @Test
  void unknownEncodingIsAUsageError() {
    Cli.Run run = new Cli(dataDir).run("tokens", "--encoding", "p50k");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("p50k");
  }
}
