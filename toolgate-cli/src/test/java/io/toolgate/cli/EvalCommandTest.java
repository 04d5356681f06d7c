package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class EvalCommandTest {
  @TempDir Path dir;
  Path tools;
  Path queries;

  @BeforeEach
  void writeRetrievalSet() throws IOException {
    tools =
        Files.writeString(
            dir.resolve("tools.jsonl"),
            """
            {"name": "weather_now", "description": "Current weather for a city: temperature, wind and rain.", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}
            {"name": "send_email", "description": "Sends an email message to a recipient.", "parameters": {"type": "object", "properties": {"to": {"type": "string"}}}}
            {"name": "refund_payment", "description": "Refunds a customer payment.", "parameters": {"type": "object", "properties": {"id": {"type": "string"}}}}
            {"name": "create_event", "description": "Creates a calendar event with attendees.", "parameters": {"type": "object", "properties": {"title": {"type": "string"}}}}
            """);
    queries =
        Files.writeString(
            dir.resolve("queries.jsonl"),
            """
            {"query": "what is the weather in Lisbon", "relevant": ["weather_now"]}
            {"query": "send an email to my boss", "relevant": ["send_email"]}
            {"query": "refund the customer", "relevant": ["refund_payment"]}
            {"query": "book a meeting with attendees on my calendar", "relevant": ["create_event"]}
            """);
  }

  Cli.Run eval(String... extra) {
    String[] base = {"eval", "--tools", tools.toString(), "--queries", queries.toString()};
    String[] args =
        java.util.stream.Stream.concat(
                java.util.Arrays.stream(base), java.util.Arrays.stream(extra))
            .toArray(String[]::new);
    return new Cli(dir.resolve("data")).run(args);
  }

  @Test
  void bm25JsonReportsEveryMetricBetweenZeroAndOne() {
    Cli.Run run = eval("--mode", "bm25", "--json");

    assertThat(run.exitCode()).isZero();
    JsonNode report = run.json();
    assertThat(report.path("queries").asInt()).isEqualTo(4);
    for (String metric : new String[] {"recall@1", "recall@5", "recall@10", "ndcg@10", "mrr"}) {
      assertThat(report.has(metric)).as(metric).isTrue();
      assertThat(report.path(metric).asDouble()).as(metric).isBetween(0.0, 1.0);
    }
    // each query shares distinctive words with its one relevant tool
    assertThat(report.path("recall@1").asDouble()).isEqualTo(1.0);
    assertThat(report.path("mrr").asDouble()).isEqualTo(1.0);
    assertThat(run.err()).contains("4 tools, 4 queries, mode bm25");
  }

  @Test
  void textReportPrintsTheSameMetrics() {
    Cli.Run run = eval("--mode", "lexical");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("queries 4").contains("R@1").contains("NDCG@10").contains("MRR");
  }

  @Test
  void missingQueriesFileIsAnError() {
    queries = dir.resolve("missing.jsonl");

    Cli.Run run = eval("--mode", "bm25");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("missing.jsonl");
  }

  @Test
  void unknownModeListsTheModes() {
    Cli.Run run = eval("--mode", "dense");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("'dense'").contains("bm25");
  }

  /** A config with one small local model, so a hybrid eval loads quickly. */
  private Path smallModelConfig() throws IOException {
    return Files.writeString(
        dir.resolve("toolgate.yaml"),
        "embeddings: [{name: q, from: \"local:all-minilm-l6-v2-q\", threads: 1}]\n");
  }

  private static List<String> files(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> list = Files.list(folder)) {
      return list.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aHybridEvalCachesItsVectorsInAnEvalCacheFolderOfItsOwn() throws IOException {
    Cli.Run run = eval("--mode", "hybrid", "--config", smallModelConfig().toString());

    assertThat(run.exitCode()).as(run.err()).isZero();
    Path data = dir.resolve("data");
    assertThat(files(data.resolve("eval-cache").resolve("tools")))
        .anyMatch(f -> f.startsWith("queries-") && f.endsWith(".bin"))
        .anyMatch(f -> f.startsWith("vectors-") && f.endsWith(".bin"));
    assertThat(files(data)).noneMatch(f -> f.endsWith(".bin")); // the gateway's cache untouched
  }

  @Test
  void cacheDirChoosesTheFolderAndNoCacheWritesNone() throws IOException {
    Path config = smallModelConfig();
    Path elsewhere = dir.resolve("elsewhere");

    assertThat(eval("--mode", "vector", "--config", config.toString(), "--no-cache").exitCode())
        .isZero();
    assertThat(files(dir.resolve("data").resolve("eval-cache"))).isEmpty();
    assertThat(
            eval(
                    "--mode",
                    "vector",
                    "--config",
                    config.toString(),
                    "--cache-dir",
                    elsewhere.toString())
                .exitCode())
        .isZero();
    assertThat(files(elsewhere.resolve("tools"))).anyMatch(f -> f.startsWith("queries-"));
  }

  @Test
  void helpSaysWhereTheCacheGoes() {
    Cli.Run run = Cli.runExactly("eval", "--help");

    assertThat(run.out()).contains("<data-dir>/eval-cache/<set>/").contains("--cache-dir");
  }
}
