package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/** Lexical search only: no embedding model is loaded, so these run in seconds. */
class SearchCommandTest {
  @TempDir Path dataDir;

  JsonNode search(String... args) {
    return new Cli(dataDir).json(args);
  }

  static List<String> toolIds(JsonNode response) {
    return response.path("tools").valueStream().map(t -> t.path("tool_id").asString()).toList();
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "send an email to a colleague, email_send_message",
    "refund a customer, payments_refund_payment",
    "current weather in Lisbon, weather_current",
    "convert 5 miles to km, unit_convert"
  })
  void findsTheObviousDemoToolInTheTopFive(String query, String expected) {
    JsonNode response = search("search", query, "--mode", "lexical", "--json");

    assertThat(response.path("query").asString()).isEqualTo(query);
    assertThat(response.path("search_mode").asString()).startsWith("lexical");
    assertThat(toolIds(response)).hasSizeLessThanOrEqualTo(5).contains(expected);
  }

  @Test
  void everyHitCarriesItsScoreAndChannels() {
    JsonNode response = search("search", "refund a customer", "--mode", "lexical", "--json");

    assertThat(response.path("tools").size()).isEqualTo(5);
    double previous = Double.MAX_VALUE;
    for (JsonNode hit : response.path("tools")) {
      double score = hit.path("score").asDouble();
      assertThat(score).isBetween(0.0, 1.0).isLessThanOrEqualTo(previous);
      previous = score;
      assertThat(hit.path("parameters").path("type").asString()).isEqualTo("object");
      assertThat(hit.path("match_sources")).isNotEmpty();
      for (JsonNode channel : hit.path("match_sources")) {
        assertThat(channel.path("rank").asInt()).isPositive();
      }
    }
  }

  @Test
  void wordsOfAnUnquotedQueryAreJoined() {
    JsonNode response = search("search", "refund", "a", "customer", "--mode", "lexical", "--json");

    assertThat(response.path("query").asString()).isEqualTo("refund a customer");
  }

  @Test
  void limitAndTagNarrowTheHits() {
    JsonNode response =
        search(
            "search",
            "forecast",
            "--mode",
            "lexical",
            "--limit",
            "2",
            "--tag",
            "weather",
            "--json");

    assertThat(toolIds(response))
        .hasSize(2)
        .allSatisfy(id -> assertThat(id).startsWith("weather_"));
  }

  @Test
  void tablePrintsRankToolAndChannels() {
    Cli.Run run = new Cli(dataDir).run("search", "refund a customer", "--mode", "lexical");

    assertThat(run.exitCode()).isZero();
    List<String> rows = ListCommandTest.tableRows(run.out());
    assertThat(rows).hasSize(5);
    assertThat(rows.getFirst()).startsWith("1  payments_refund_payment").contains("keyword#");
    assertThat(run.out()).contains("search_mode lexical");
  }

  @Test
  void noMatchExitsOneWithAHint() {
    Cli.Run run =
        new Cli(dataDir).run("search", "zzqxv", "--mode", "lexical", "--min-score", "0.99");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).startsWith("No tools matched.");
  }

  @Test
  void unknownModeIsAnError() {
    Cli.Run run = new Cli(dataDir).run("search", "email", "--mode", "fuzzy");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("fuzzy");
  }
}
