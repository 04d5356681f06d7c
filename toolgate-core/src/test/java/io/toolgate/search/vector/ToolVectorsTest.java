package io.toolgate.search.vector;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import io.toolgate.search.FakeEmbedder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
