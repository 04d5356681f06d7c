package io.toolgate.search.vector;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import io.toolgate.search.BlockingEmbedder;
import io.toolgate.search.FakeEmbedder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolVectorsTest {
  @TempDir Path data;

  private static ToolDefinition tool(String name, String description) {
    return ToolDefinition.builder(name, Json.parse("{\"type\":\"object\"}"))
        .description(description)
        .build();
  }

  private static ToolDefinition[] catalog(ToolDefinition... tools) {
    return tools;
  }

  private static int scored(ToolVectors vectors, ToolDefinition[] tools, String query) {
    long[] keys = new long[tools.length];
    for (int i = 0; i < tools.length; i++) {
      keys[i] = VectorCache.key(tools[i].checksum());
    }
    List<Integer> slots = new ArrayList<>();
    vectors.score(new FakeEmbedder().embedQuery(query), keys, null, (slot, s) -> slots.add(slot));
    return slots.size();
  }

  private static ToolVectors start(FakeEmbedder embedder, Path dir, ToolDefinition[] tools)
      throws InterruptedException {
    ToolVectors vectors = new ToolVectors(embedder, DocumentStyle.PLAIN, Optional.of(dir), 2);
    vectors.refresh(tools);
    assertThat(vectors.awaitIdle(Duration.ofSeconds(30))).isTrue();
    return vectors;
  }

  @Test
  void aRestartReusesCachedVectorsAndEmbedsOnlyChangedTools() throws Exception {
    ToolDefinition[] first =
        catalog(tool("a", "alpha"), tool("b", "beta"), tool("c", "gamma"), tool("d", "delta"));
    FakeEmbedder embedder = new FakeEmbedder();
    try (ToolVectors vectors = start(embedder, data, first)) {
      assertThat(embedder.embeddedDocuments()).isEqualTo(4);
      assertThat(vectors.usable()).isTrue();
    }
    assertThat(Files.list(data))
        .extracting(p -> p.getFileName().toString())
        .containsExactly("vectors-fake-bow-64.bin");

    ToolDefinition[] second = first.clone();
    second[2] = tool("c", "gamma changed");
    FakeEmbedder restarted = new FakeEmbedder();
    try (ToolVectors vectors = start(restarted, data, second)) {
      assertThat(restarted.embeddedDocuments()).isEqualTo(1);
      assertThat(scored(vectors, second, "gamma")).isEqualTo(4);
    }
  }

  @Test
  void aCacheOfAnotherDocumentStyleIsIgnored() throws Exception {
    ToolDefinition[] tools = catalog(tool("a", "alpha"));
    try (ToolVectors v = start(new FakeEmbedder(), data, tools)) {
      assertThat(v.vectorCount()).isEqualTo(1);
    }
    FakeEmbedder json = new FakeEmbedder();
    try (ToolVectors v = new ToolVectors(json, DocumentStyle.JSON, Optional.of(data), 8)) {
      v.refresh(tools);
      v.awaitIdle(Duration.ofSeconds(30));
    }
    assertThat(json.embeddedDocuments()).isEqualTo(1);
  }

  @Test
  void aVectorCountsOnlyForTheChecksumItWasComputedFor() throws Exception {
    ToolDefinition[] tools = catalog(tool("a", "alpha"), tool("b", "beta"));
    try (ToolVectors vectors = start(new FakeEmbedder(), data, tools)) {
      ToolDefinition[] changed = catalog(tools[0], tool("b", "beta 2"));
      assertThat(scored(vectors, changed, "beta")).isEqualTo(1);
    }
  }

  @Test
  void screeningAlsoScoresOnlyVectorsOfTheCurrentChecksum() throws Exception {
    ToolDefinition[] tools = catalog(tool("a", "alpha"), tool("b", "beta"));
    try (ToolVectors vectors =
        new ToolVectors(new FakeEmbedder(), DocumentStyle.PLAIN, Optional.empty(), 2, 0)) {
      vectors.refresh(tools);
      assertThat(vectors.awaitIdle(Duration.ofSeconds(30))).isTrue();
      assertThat(scored(vectors, tools, "beta")).isEqualTo(2);
      ToolDefinition[] changed = catalog(tools[0], tool("b", "beta 2"));
      assertThat(scored(vectors, changed, "beta")).isEqualTo(1);
    }
  }

  @Test
  void freeCatalogSlotsDoNotCountInTheScreeningStatistics() throws Exception {
    java.util.Random random = new java.util.Random(11);
    ToolDefinition[] tools = new ToolDefinition[4000]; // 1,000 tools, then free slots
    for (int i = 0; i < 1000; i++) {
      tools[i] = tool("t" + i, "word" + random.nextInt(50) + " word" + random.nextInt(50));
    }
    long[] keys = new long[tools.length];
    for (int i = 0; i < 1000; i++) {
      keys[i] = VectorCache.key(tools[i].checksum());
    }
    float[] query = new FakeEmbedder().embedQuery("word3 word17");
    List<Float> cosines = new ArrayList<>();
    Optional<io.toolgate.search.fusion.ChannelInput.Moments> moments;
    try (ToolVectors all =
            new ToolVectors(new FakeEmbedder(), DocumentStyle.PLAIN, Optional.empty(), 256);
        ToolVectors screening =
            new ToolVectors(new FakeEmbedder(), DocumentStyle.PLAIN, Optional.empty(), 256, 0)) {
      all.refresh(tools);
      screening.refresh(tools);
      assertThat(all.awaitIdle(Duration.ofSeconds(60))).isTrue();
      assertThat(screening.awaitIdle(Duration.ofSeconds(60))).isTrue();
      all.score(query, keys, null, (slot, c) -> cosines.add(c));
      moments = screening.score(query, keys, null, (slot, c) -> {});
    }
    // 1,000 tools fit in one sample of 1,024: the statistics are those of every cosine.
    double mean = cosines.stream().mapToDouble(Float::doubleValue).average().orElseThrow();
    double sd =
        Math.sqrt(
            cosines.stream().mapToDouble(c -> (c - mean) * (c - mean)).average().orElseThrow());
    assertThat(moments)
        .hasValueSatisfying(
            m -> {
              assertThat(m.mean()).isCloseTo(mean, org.assertj.core.api.Assertions.within(1e-6));
              assertThat(m.sd()).isCloseTo(sd, org.assertj.core.api.Assertions.within(1e-6));
            });
  }

  @Test
  void aFailingEmbedderLeavesTheVectorsUnusableAndARetryRecovers() throws Exception {
    FakeEmbedder embedder = new FakeEmbedder();
    embedder.failWith("offline");
    ToolDefinition[] tools = catalog(tool("a", "alpha"));
    try (ToolVectors vectors = start(embedder, data, tools)) {
      assertThat(vectors.usable()).isFalse();
      assertThat(vectors.failure()).hasValueSatisfying(f -> assertThat(f).contains("offline"));
      embedder.setFailing(false);
      vectors.refresh(tools);
      vectors.awaitIdle(Duration.ofSeconds(30));
      assertThat(vectors.usable()).isTrue();
    }
  }

  @Test
  void anEmbedderClosedUnderAPassAfterCloseIsNoFailure() throws Exception {
    BlockingEmbedder blocking = new BlockingEmbedder();
    ToolVectors vectors = new ToolVectors(blocking, DocumentStyle.PLAIN, Optional.of(data), 2);
    vectors.refresh(catalog(tool("a", "alpha")));
    assertThat(blocking.entered.await(30, TimeUnit.SECONDS)).isTrue();

    vectors.close(); // as a command that failed at start closes the gateway under the first pass

    assertThat(vectors.awaitIdle(Duration.ofSeconds(30))).isTrue();
    assertThat(vectors.failure()).isEmpty();
  }

  @Test
  void aLargeCatalogIsScreenedBySignBitsAndKeepsTheBestCosinesAndTheirStatistics()
      throws Exception {
    java.util.Random random = new java.util.Random(7);
    ToolDefinition[] tools = new ToolDefinition[3000];
    for (int i = 0; i < tools.length; i++) {
      StringBuilder words = new StringBuilder();
      for (int w = 0; w < 6; w++) {
        words.append(" word").append(random.nextInt(200));
      }
      tools[i] = tool("t" + i, words.toString().strip());
    }
    long[] keys = new long[tools.length];
    for (int i = 0; i < tools.length; i++) {
      keys[i] = VectorCache.key(tools[i].checksum());
    }
    float[] query = new FakeEmbedder().embedQuery("word3 word17 word42");
    java.util.Map<Integer, Float> exact = new java.util.HashMap<>();
    java.util.Map<Integer, Float> screened = new java.util.HashMap<>();
    Optional<io.toolgate.search.fusion.ChannelInput.Moments> none;
    Optional<io.toolgate.search.fusion.ChannelInput.Moments> sampled;
    try (ToolVectors all =
            new ToolVectors(new FakeEmbedder(), DocumentStyle.PLAIN, Optional.empty(), 256);
        ToolVectors screening =
            new ToolVectors(new FakeEmbedder(), DocumentStyle.PLAIN, Optional.empty(), 256, 100)) {
      all.refresh(tools);
      screening.refresh(tools);
      assertThat(all.awaitIdle(Duration.ofSeconds(60))).isTrue();
      assertThat(screening.awaitIdle(Duration.ofSeconds(60))).isTrue();
      none = all.score(query, keys, null, exact::put);
      sampled = screening.score(query, keys, null, screened::put);
    }
    assertThat(none).isEmpty();
    assertThat(exact).hasSize(3000);
    // The pool: the closest 1,000 by sign bits (more on a tie), each with its exact cosine.
    assertThat(screened.size()).isBetween(1000, 2999);
    screened.forEach((slot, cosine) -> assertThat(cosine).isEqualTo(exact.get(slot)));
    List<Integer> best =
        exact.entrySet().stream()
            .sorted(java.util.Map.Entry.<Integer, Float>comparingByValue().reversed())
            .limit(10)
            .map(java.util.Map.Entry::getKey)
            .toList();
    assertThat(screened).containsKeys(best.toArray(Integer[]::new));
    double mean = exact.values().stream().mapToDouble(Float::doubleValue).average().orElseThrow();
    double sd =
        Math.sqrt(
            exact.values().stream()
                .mapToDouble(c -> (c - mean) * (c - mean))
                .average()
                .orElseThrow());
    assertThat(sampled)
        .hasValueSatisfying(
            m -> {
              assertThat(m.mean()).isCloseTo(mean, org.assertj.core.api.Assertions.within(0.01));
              assertThat(m.sd()).isCloseTo(sd, org.assertj.core.api.Assertions.within(0.01));
            });
  }

  @Test
  void theTablesOwnSampleAndOneDrawnThroughAFilterThatKeepsEveryToolAgree() throws Exception {
    // Without a filter the statistics come from the copies made when the table was published;
    // with one, from the vectors in place: the same tools, so the same figures to the bit.
    ToolDefinition[] tools = new ToolDefinition[2500];
    for (int i = 0; i < tools.length; i++) {
      tools[i] = tool("t" + i, "word" + (i % 97) + " word" + (i % 31) + " item " + i);
    }
    long[] keys = new long[tools.length];
    for (int i = 0; i < tools.length; i++) {
      keys[i] = VectorCache.key(tools[i].checksum());
    }
    boolean[] everyTool = new boolean[tools.length];
    java.util.Arrays.fill(everyTool, true);
    float[] query = new FakeEmbedder().embedQuery("word5 word12 item");
    java.util.Map<Integer, Float> unfiltered = new java.util.TreeMap<>();
    java.util.Map<Integer, Float> filtered = new java.util.TreeMap<>();
    try (ToolVectors screening =
        new ToolVectors(new FakeEmbedder(), DocumentStyle.PLAIN, Optional.empty(), 256, 100)) {
      screening.refresh(tools);
      assertThat(screening.awaitIdle(Duration.ofSeconds(60))).isTrue();
      Optional<io.toolgate.search.fusion.ChannelInput.Moments> own =
          screening.score(query, keys, null, unfiltered::put);
      Optional<io.toolgate.search.fusion.ChannelInput.Moments> drawn =
          screening.score(query, keys, everyTool, filtered::put);
      assertThat(own).isPresent().isEqualTo(drawn);
      assertThat(unfiltered).isEqualTo(filtered).hasSizeGreaterThanOrEqualTo(1000);

      // A changed tool's old vector no longer counts, in the pool or in the sample.
      keys[0] = 42;
      java.util.Map<Integer, Float> afterChange = new java.util.TreeMap<>();
      Optional<io.toolgate.search.fusion.ChannelInput.Moments> changed =
          screening.score(query, keys, null, afterChange::put);
      assertThat(afterChange).doesNotContainKey(0);
      assertThat(changed).isNotEqualTo(own);
    }
  }

  @Test
  void plainDocumentsSpellOutNamesAndParameters() {
    ToolDefinition t =
        ToolDefinition.builder(
                "getWeather_forecast",
                Json.parse(
                    "{\"type\":\"object\",\"properties\":{\"cityName\":{\"type\":\"string\","
                        + "\"description\":\"The city\"},\"days\":{\"type\":\"integer\"}}}"))
            .description("Forecast for a city.")
            .build();
    assertThat(DocumentStyle.PLAIN.document(t))
        .isEqualTo(
            "get weather forecast: Forecast for a city. Parameters: city name (The city); days.");
  }
}
