package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.search.eval.EvalFiles;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * The drafts of the real all-MiniLM-L6-v2 embedder, through the projection the build fitted ({@code
 * DraftFit} in the module's process-classes phase).
 */
class QueryDraftsTest {
  private static final List<String> TOOLS =
      List.of(
          "weather forecast: the forecast for the next days in a city: rain, snow, temperature",
          "send email: send an email message to a recipient with a subject and a body",
          "convert currency: convert an amount of money from one currency to another",
          "track package: where a parcel or shipment is now and when it arrives",
          "create calendar event: schedule a meeting in the calendar with attendees");

  private static final List<String> REQUESTS =
      List.of(
          "will it rain in Lisbon tomorrow",
          "send an email to my boss",
          "how much is 100 dollars in euros",
          "where is my parcel",
          "book a meeting with the team on Monday");

  @Test
  void theDefaultMiniLmDraftsThroughItsFirstThreeLayers() {
    OnnxEmbedder embedder = TestModels.miniLm();

    assertThat(embedder.draftsQueries()).isTrue();
    assertThat(embedder.draftModelId()).matches("all-minilm-l6-v2-q-draft3-[0-9a-f]{8}");
  }

  @Test
  void draftsAreUnitVectorsCloseToTheExactOnes() {
    OnnxEmbedder embedder = TestModels.miniLm();
    float[][] drafts = embedder.draftQueries(REQUESTS);
    float[][] exact = embedder.embedQueries(REQUESTS);

    for (int i = 0; i < REQUESTS.size(); i++) {
      assertThat(drafts[i]).hasSize(embedder.dimension());
      assertThat(dot(drafts[i], drafts[i])).isCloseTo(1.0, Offset.offset(1e-4));
      assertThat(dot(drafts[i], exact[i])).as(REQUESTS.get(i)).isGreaterThan(0.5);
    }
  }

  @Test
  void draftsRankTheToolThatDoesItFirstAsTheExactVectorsDo() {
    OnnxEmbedder embedder = TestModels.miniLm();
    float[][] tools = embedder.embedDocuments(TOOLS);
    float[][] drafts = embedder.draftQueries(REQUESTS);
    float[][] exact = embedder.embedQueries(REQUESTS);

    for (int i = 0; i < REQUESTS.size(); i++) {
      assertThat(best(tools, drafts[i])).as(REQUESTS.get(i)).isEqualTo(i);
      assertThat(best(tools, exact[i])).as(REQUESTS.get(i)).isEqualTo(i);
    }
  }

  @Test
  void withDraftsOffOrWithoutAProjectionDraftsAreTheExactVectors() {
    try (OnnxEmbedder off =
        OnnxEmbedder.load(
            LocalModel.ALL_MINILM_L6_V2_Q,
            OnnxOptions.defaults(LocalModel.ALL_MINILM_L6_V2_Q)
                .withThreads(1)
                .withQueryDrafts(false))) {
      assertThat(off.draftsQueries()).isFalse();
      assertThat(off.draftModelId()).isEqualTo(off.queryModelId());
      assertThat(off.draftQueries(REQUESTS)).isDeepEqualTo(off.embedQueries(REQUESTS));
    }
    assertThat(TestModels.bgeSmall().draftsQueries()).isFalse();
  }

  @Test
  void theFitReadsWhatAUserMightSayForATool() throws Exception {
    String line =
        "{\"name\": \"getWeather_forecast\", \"description\": \"Gets the forecast. Days ahead"
            + " too.\", \"parameters\": {\"properties\": {\"city\": {\"description\": \"The"
            + " city name\"}}}}";

    assertThat(
            DraftFit.fragments(
                EvalFiles.readTools(
                        new ByteArrayInputStream(line.getBytes(StandardCharsets.UTF_8)), "a line")
                    .getFirst()))
        .containsExactly(
            "get weather forecast",
            "Gets the forecast.",
            "get weather forecast Gets the forecast.",
            "Days ahead too.",
            "The city name");
    assertThat(DraftFit.texts(List.of(Path.of("src/test/resources/draft-tools.jsonl")), 10))
        .containsExactlyInAnyOrder(
            "get weather forecast",
            "Gets forecast",
            "get weather forecast Gets forecast",
            "Days ahead",
            "city name");
  }

  private static int best(float[][] tools, float[] query) {
    int best = 0;
    for (int t = 1; t < tools.length; t++) {
      if (dot(tools[t], query) > dot(tools[best], query)) {
        best = t;
      }
    }
    return best;
  }

  private static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += a[i] * b[i];
    }
    return sum;
  }
}
