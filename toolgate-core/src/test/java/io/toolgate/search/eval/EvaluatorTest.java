package io.toolgate.search.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.toolgate.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvaluatorTest {
  @TempDir Path dir;

  @Test
  void metricsFollowTheirDefinitions() {
    List<String> ranked = List.of("x", "a", "y", "b");
    Set<String> relevant = Set.of("a", "b", "c");
    assertThat(Evaluator.recall(ranked, relevant, 1)).isZero();
    assertThat(Evaluator.recall(ranked, relevant, 5)).isCloseTo(2 / 3.0, within(1e-12));
    double dcg = 1 / (Math.log(3) / Math.log(2)) + 1 / (Math.log(5) / Math.log(2));
    double idcg = 1 + 1 / (Math.log(3) / Math.log(2)) + 1 / (Math.log(4) / Math.log(2));
    assertThat(Evaluator.ndcg(ranked, relevant, 10)).isCloseTo(dcg / idcg, within(1e-12));
    assertThat(Evaluator.reciprocalRank(ranked, relevant)).isEqualTo(0.5);
    assertThat(Evaluator.reciprocalRank(List.of("x"), relevant)).isZero();
  }

  @Test
  void evaluatesFilesWithNamesAndSchemasAToolDefinitionWouldRefuse() throws Exception {
    Path tools = dir.resolve("t.tools.jsonl");
    Files.writeString(
        tools,
        """
        {"name": "requestFirst Aid Assistance", "description": "Request first aid help", "parameters": {"type": "dict", "properties": {"location": {"type": "Boolean", "description": "where"}}}}
        {"name": "ns::send_email", "description": "Send an email", "parameters": {"type": "object", "properties": {"to": {"type": ""}}}}
        {"name": "weather", "description": "Current weather", "parameters": {}}
        """);
    Path queries = dir.resolve("t.queries.jsonl");
    Files.writeString(
        queries,
        """
        {"query": "I need first aid", "relevant": ["requestFirst Aid Assistance"]}
        {"query": "send an email to Bob", "relevant": ["ns::send_email"]}
        """);
    EvalReport report =
        Evaluator.run(
            EvalFiles.readTools(tools),
            EvalFiles.readQueries(queries),
            EvalOptions.of(EvalMode.LEXICAL));
    assertThat(report.queries()).isEqualTo(2);
    assertThat(report.recallAt1()).isEqualTo(1.0);
    assertThat(report.mrr()).isEqualTo(1.0);
    assertThat(Json.parse(report.toJson()).get("ndcg@10").asDouble()).isEqualTo(1.0);
    assertThat(Json.parse(report.toJson()).propertyNames())
        .containsExactly(
            "queries", "recall@1", "recall@5", "recall@10", "ndcg@10", "mrr", "multi_tool");
  }

  @Test
  void allFoundNeedsEveryRelevantToolOrAFullTopK() {
    Set<String> relevant = Set.of("a", "b", "c");
    assertThat(Evaluator.allFound(List.of("a", "x", "b", "c", "y"), relevant, 5)).isTrue();
    assertThat(Evaluator.allFound(List.of("a", "x", "b", "y", "c"), relevant, 5)).isTrue();
    assertThat(Evaluator.allFound(List.of("a", "x", "b", "y", "z", "c"), relevant, 5)).isFalse();
    Set<String> many = Set.of("a", "b", "c", "d", "e", "f");
    assertThat(Evaluator.allFound(List.of("a", "b", "c", "d", "e"), many, 5)).isTrue();
  }

  @Test
  void multiToolQueriesAreMeasuredApart() {
    List<EvalTool> tools =
        List.of(
            new EvalTool("weather", "current weather for a city", Json.object()),
            new EvalTool("email", "send an email message", Json.object()),
            new EvalTool("calendar", "create a calendar event", Json.object()));
    List<EvalQuery> queries =
        List.of(
            new EvalQuery("weather in Lisbon", List.of("weather")),
            new EvalQuery("send an email and create an event", List.of("email", "calendar")),
            new EvalQuery("send an email", List.of("email", "nonexistent")));
    EvalReport r = Evaluator.run(tools, queries, EvalOptions.of(EvalMode.LEXICAL));
    assertThat(r.multiTool().queries()).isEqualTo(2);
    assertThat(r.multiTool().allAt5()).isEqualTo(0.5);
    assertThat(r.multiTool().recallAt5()).isEqualTo(0.75);
    assertThat(Json.parse(r.toJson()).get("multi_tool").get("all@5").asDouble()).isEqualTo(0.5);
    assertThat(r.toText()).contains("2+ tools: 2 queries", "all@5 50.00");
  }

  @Test
  void bm25ModeUsesTheOneBagReference() {
    List<EvalTool> tools =
        List.of(
            new EvalTool("a", "alpha beta", Json.object()),
            new EvalTool("b", "gamma", Json.object()));
    EvalReport r =
        Evaluator.run(
            tools, List.of(new EvalQuery("gamma", List.of("b"))), EvalOptions.of(EvalMode.BM25));
    assertThat(r.recallAt1()).isEqualTo(1.0);
  }

  /**
   * FakeEmbedder's vectors under other ids: a second, distinct vector channel, whose queries may be
   * said to come from other weights.
   */
  private record Renamed(String modelId, String queryModelId)
      implements io.toolgate.search.spi.Embedder {
    private static final io.toolgate.search.FakeEmbedder FAKE =
        new io.toolgate.search.FakeEmbedder();

    Renamed() {
      this("other", "other");
    }

    @Override
    public int dimension() {
      return FAKE.dimension();
    }

    @Override
    public float[][] embedDocuments(List<String> documents) {
      return FAKE.embedDocuments(documents);
    }

    @Override
    public float[] embedQuery(String query) {
      return FAKE.embedQuery(query);
    }
  }

  @Test
  void aLaterEmbeddersChannelCanBeMeasuredAlone() {
    List<EvalTool> tools =
        List.of(
            new EvalTool("a", "alpha beta", Json.object()),
            new EvalTool("b", "gamma delta", Json.object()));
    List<EvalQuery> queries = List.of(new EvalQuery("gamma", List.of("b")));
    EvalOptions options =
        EvalOptions.of(EvalMode.VECTOR)
            .withEmbedders(List.of(new io.toolgate.search.FakeEmbedder(), new Renamed()));
    EvalReport alone = Evaluator.run(tools, queries, options.withChannels(Set.of("vector:other")));
    assertThat(alone.recallAt1()).isEqualTo(1.0);
    EvalReport firstOnly = Evaluator.run(tools, queries, options.withChannels(Set.of("vector")));
    assertThat(firstOnly.recallAt1()).isEqualTo(1.0);
  }

  @Test
  void queryVectorsAreCachedUnderTheQueryModelsId() throws Exception {
    List<EvalTool> tools = List.of(new EvalTool("a", "alpha beta", Json.object()));
    List<EvalQuery> queries = List.of(new EvalQuery("alpha", List.of("a")));
    io.toolgate.search.spi.Embedder quantizedQueries = new Renamed("model", "model-q");

    Evaluator.run(
        tools,
        queries,
        EvalOptions.of(EvalMode.VECTOR)
            .withEmbedders(List.of(quantizedQueries))
            .withDataDirectory(dir));

    // Query vectors of other weights must not be read back as this model's.
    assertThat(dir.resolve("queries-model-q.bin")).isRegularFile();
    assertThat(dir.resolve("queries-model.bin")).doesNotExist();
  }

  @Test
  void aSecondEvalOfADraftingEmbedderDraftsAndEmbedsNothing() {
    List<EvalTool> tools =
        List.of(
            new EvalTool("a", "alpha beta", Json.object()),
            new EvalTool("b", "gamma delta", Json.object()));
    List<EvalQuery> queries =
        List.of(new EvalQuery("gamma", List.of("b")), new EvalQuery("alpha beta", List.of("a")));
    io.toolgate.search.DraftingEmbedder drafting = new io.toolgate.search.DraftingEmbedder();
    EvalOptions options =
        EvalOptions.of(EvalMode.HYBRID)
            .withEmbedders(List.of(drafting, new Renamed()))
            .withDataDirectory(dir);
    EvalReport first = Evaluator.run(tools, queries, options);
    assertThat(drafting.draftCalls()).isPositive();
    drafting.resetCounts();

    EvalReport second = Evaluator.run(tools, queries, options);

    assertThat(second).isEqualTo(first);
    assertThat(drafting.draftCalls()).isZero();
    assertThat(drafting.exact.queryCalls()).isZero();
  }
}
