package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.toolgate.search.spi.EmbeddingException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class OnnxEmbedderTest {
  private static final List<String> TOOLS =
      List.of(
          "get_weather: Current weather conditions for a city",
          "create_refund: Create a refund for a payment",
          "search_issues: Search GitHub issues by text, repository, label and state; returns"
              + " titles, numbers and URLs of the matching issues",
          "send_email: Send an email message to one or more recipients",
          "x",
          "convert_currency: Convert an amount of money between two currencies at today's rate",
          "list_files: List the files in a directory");

  private static OnnxEmbedder embedder(LocalModel model) {
    return TestModels.of(model);
  }

  private static double cosine(float[] a, float[] b) {
    double dot = 0;
    for (int i = 0; i < a.length; i++) {
      dot += (double) a[i] * b[i];
    }
    return dot;
  }

  @ParameterizedTest
  @EnumSource(LocalModel.class)
  void producesNormalized384DimensionalVectors(LocalModel model) {
    float[][] vectors = embedder(model).embedDocuments(TOOLS);

    assertThat(embedder(model).dimension()).isEqualTo(384);
    for (float[] vector : vectors) {
      assertThat(vector).hasSize(384);
      assertThat(Math.sqrt(cosine(vector, vector))).isCloseTo(1.0, within(1e-5));
    }
  }

  @ParameterizedTest
  @EnumSource(LocalModel.class)
  void ranksAParaphraseAboveAnUnrelatedSentence(LocalModel model) {
    float[] query = embedder(model).embedQuery("what's the weather like in Paris");
    float[][] docs =
        embedder(model)
            .embedDocuments(
                List.of("Current weather conditions for a city", "Create a refund for a payment"));

    assertThat(cosine(query, docs[0])).isGreaterThan(cosine(query, docs[1]) + 0.1);
  }

  @ParameterizedTest
  @EnumSource(LocalModel.class)
  void findsTheRightToolAmongSeveral(LocalModel model) {
    float[][] tools = embedder(model).embedDocuments(TOOLS);
    float[] query = embedder(model).embedQuery("email my team about the outage");

    int best = 0;
    for (int i = 1; i < tools.length; i++) {
      best = cosine(query, tools[i]) > cosine(query, tools[best]) ? i : best;
    }
    assertThat(TOOLS.get(best)).startsWith("send_email");
  }

  @Test
  void batchesOfTwoInShuffledOrderMatchOneByOne() {
    OnnxEmbedder twoPerBatch = TestModels.miniLmTwoPerBatch();
    List<String> shuffled = new ArrayList<>(TOOLS);
    Collections.shuffle(shuffled, new java.util.Random(42));

    float[][] batched = twoPerBatch.embedDocuments(shuffled);

    for (int i = 0; i < shuffled.size(); i++) {
      float[] alone = twoPerBatch.embedDocuments(List.of(shuffled.get(i)))[0];
      for (int d = 0; d < alone.length; d++) {
        assertThat(batched[i][d])
            .as("%s [%d]", shuffled.get(i), d)
            .isCloseTo(alone[d], within(1e-4f));
      }
    }
  }

  @Test
  void truncatesTextsToMaxTokens() {
    OnnxEmbedder sixteenTokens = TestModels.miniLmTwoPerBatch();
    String start =
        "one two three four five six seven eight nine ten eleven twelve thirteen fourteen";

    float[][] vectors =
        sixteenTokens.embedDocuments(
            List.of(start + " apples", start + " a completely different tail"));

    assertThat(vectors[0]).containsExactly(vectors[1], within(1e-5f));
  }

  @Test
  void bgeRunsOneTextPerCallByDefaultBecauseItsVectorsDependOnTheBatch() {
    assertThat(LocalModel.BGE_SMALL_EN_V15.batchInvariant()).isFalse();
    assertThat(TestModels.bgeSmall().options().batchSize()).isEqualTo(1);
    assertThat(TestModels.miniLm().options().batchSize()).isEqualTo(8);
    assertThat(LocalModel.ALL_MINILM_L6_V2_Q.batchInvariant()).isFalse();
    assertThat(TestModels.miniLmQuantized().options().batchSize()).isEqualTo(1);
  }

  @Test
  void theQuantizedMiniLmAgreesWithTheFloatModel() {
    float[][] quantized = TestModels.miniLmQuantized().embedDocuments(TOOLS);
    float[][] full = TestModels.miniLm().embedDocuments(TOOLS);
    for (int i = 0; i < TOOLS.size(); i++) {
      assertThat(cosine(quantized[i], full[i])).as(TOOLS.get(i)).isGreaterThan(0.95);
    }
  }

  @Test
  void oneCallOfManyBatchesGivesEachTextTheVectorItGetsAlone() {
    // Batches of one run side by side in the shared pool; each vector must land in its own row.
    OnnxEmbedder bge = TestModels.bgeSmall();
    List<String> many = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      many.addAll(TOOLS);
    }
    Collections.shuffle(many, new java.util.Random(7));
    float[][] together = bge.embedDocuments(many);
    for (int i = 0; i < many.size(); i++) {
      float[] alone = bge.embedDocuments(List.of(many.get(i)))[0];
      assertThat(together[i]).as(many.get(i)).containsExactly(alone, within(1e-6f));
    }
  }

  @Test
  void bgeBatchedVectorsStayCloseToOneByOne() {
    OnnxEmbedder eightPerBatch = TestModels.bgeSmallEightPerBatch();
    float[][] batched = eightPerBatch.embedDocuments(TOOLS);

    for (int i = 0; i < TOOLS.size(); i++) {
      float[] alone = TestModels.bgeSmall().embedDocuments(List.of(TOOLS.get(i)))[0];
      assertThat(cosine(batched[i], alone)).as(TOOLS.get(i)).isGreaterThan(0.98);
    }
  }

  @Test
  void bgePutsTheInstructionBeforeQueriesOnly() {
    OnnxEmbedder bge = TestModels.bgeSmall();
    String query = "is it raining in Lisbon";

    float[] asQuery = bge.embedQuery(query);
    float[] instructed = bge.embedDocuments(List.of(LocalModel.BGE_QUERY_INSTRUCTION + query))[0];
    float[] plain = bge.embedDocuments(List.of(query))[0];

    assertThat(asQuery).containsExactly(instructed, within(1e-5f));
    assertThat(cosine(asQuery, plain)).isLessThan(0.99);
  }

  @Test
  void miniLmEmbedsQueriesWithItsInt8CopyIntoTheSameSpace() {
    OnnxEmbedder minilm = TestModels.miniLm();
    String query = "is it raining in Lisbon";

    float[] asQuery = minilm.embedQuery(query);

    assertThat(minilm.queryModel()).isEqualTo(LocalModel.ALL_MINILM_L6_V2_Q);
    assertThat(minilm.queryModelId()).isEqualTo("all-minilm-l6-v2-q");
    assertThat(minilm.modelId()).isEqualTo("all-minilm-l6-v2");
    assertThat(asQuery)
        .containsExactly(
            TestModels.miniLmQuantized().embedDocuments(List.of(query))[0], within(1e-5f));
    // Not the float model's vector, but next to it: cosines to tool vectors barely move.
    float[] floatVector = minilm.embedDocuments(List.of(query))[0];
    assertThat(asQuery).isNotEqualTo(floatVector);
    assertThat(cosine(asQuery, floatVector)).isGreaterThan(0.98);
  }

  @Test
  void aQueryModelOfItsOwnRanksToolsAsTheDocumentModelDoes() {
    float[][] tools = TestModels.miniLm().embedDocuments(TOOLS);
    try (OnnxEmbedder floatQueries =
        OnnxEmbedder.load(
            LocalModel.ALL_MINILM_L6_V2,
            LocalModel.ALL_MINILM_L6_V2,
            OnnxOptions.defaults(LocalModel.ALL_MINILM_L6_V2).withThreads(1))) {
      assertThat(floatQueries.queryModelId()).isEqualTo("all-minilm-l6-v2");
      for (String query :
          List.of("email my team about the outage", "refund that payment", "files in /tmp")) {
        assertThat(ranking(TestModels.miniLm().embedQuery(query), tools))
            .as(query)
            .isEqualTo(ranking(floatQueries.embedQuery(query), tools));
      }
    }
  }

  private static List<Integer> ranking(float[] query, float[][] tools) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < tools.length; i++) {
      order.add(i);
    }
    order.sort((a, b) -> Double.compare(cosine(query, tools[b]), cosine(query, tools[a])));
    return order.subList(0, 3);
  }

  @Test
  void aQueryModelOfAnotherVectorSpaceIsRefused() {
    assertThatThrownBy(
            () ->
                OnnxEmbedder.load(
                    LocalModel.BGE_SMALL_EN_V15,
                    LocalModel.ALL_MINILM_L6_V2_Q,
                    OnnxOptions.defaults(LocalModel.BGE_SMALL_EN_V15)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("query model all-minilm-l6-v2-q")
        .hasMessageContaining("bge-small-en-v1.5");
  }

  @Test
  void modelIdsNameTheWeightsAndATokenLimitOtherThan256() {
    assertThat(TestModels.miniLm().modelId()).isEqualTo("all-minilm-l6-v2");
    // bge reads 512 tokens by default; ids of 256-token vectors stay what they were.
    assertThat(TestModels.bgeSmall().modelId()).isEqualTo("bge-small-en-v1.5-q-max512");
    assertThat(LocalModel.BGE_SMALL_EN_V15.defaultMaxTokens()).isEqualTo(512);
    assertThat(LocalModel.ALL_MINILM_L6_V2.defaultMaxTokens()).isEqualTo(256);
    assertThat(TestModels.miniLmTwoPerBatch().modelId()).isEqualTo("all-minilm-l6-v2-max16");
  }

  @Test
  void isSafeToUseFromManyThreads() throws Exception {
    OnnxEmbedder minilm = TestModels.miniLm();
    float[][] expected = minilm.embedDocuments(TOOLS);

    List<Future<float[][]>> results = new ArrayList<>();
    try (ExecutorService threads =
        Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("embed-test-", 0).factory())) {
      for (int i = 0; i < 8; i++) {
        results.add(threads.submit(() -> minilm.embedDocuments(TOOLS)));
      }
    }

    for (Future<float[][]> result : results) {
      for (int i = 0; i < expected.length; i++) {
        assertThat(result.get()[i]).containsExactly(expected[i], within(1e-5f));
      }
    }
  }

  @Test
  void closedEmbedderThrowsEmbeddingException() {
    OnnxEmbedder embedder =
        OnnxEmbedder.load(LocalModel.ALL_MINILM_L6_V2, new OnnxOptions(32, 256, 1));
    embedder.close();
    embedder.close(); // idempotent

    assertThatThrownBy(() -> embedder.embedQuery("hello"))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("is closed");
  }

  @Test
  void rejectsNullDocumentsNamingTheIndex() {
    List<String> withNull = new ArrayList<>(List.of("a"));
    withNull.add(null);

    assertThatThrownBy(() -> TestModels.miniLm().embedDocuments(withNull))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("documents[1] is null");
  }

  @Test
  void optionsRejectValuesOutOfRangeNamingTheRange() {
    assertThatThrownBy(() -> OnnxOptions.defaults(LocalModel.ALL_MINILM_L6_V2).withMaxTokens(1000))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("illegal maxTokens value: 1000, must be in [2, 512]");
  }
}
