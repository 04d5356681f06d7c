package io.toolgate.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.toolgate.search.spi.Embedder;
import io.toolgate.search.spi.EmbeddingException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FakeEmbedderTest extends EmbedderContract {
  private final FakeEmbedder fake = new FakeEmbedder();

  @Override
  protected Embedder embedder() {
    return fake;
  }

  @Override
  protected double tolerance() {
    return 0;
  }

  @Test
  void synonymsMakeParaphrasesCloserThanUnrelatedText() {
    float[] query = fake.embedQuery("weather forecast for Paris");
    float[][] docs =
        fake.embedDocuments(List.of("Current weather conditions", "Create a refund for a payment"));

    assertThat(dot(query, docs[0])).isGreaterThan(dot(query, docs[1]));
  }

  @Test
  void defaultSynonymMapsForecastToWeather() {
    assertThat(fake.embedQuery("forecast")).containsExactly(fake.embedQuery("weather"));
  }

  @Test
  void customSynonymsReplaceTheDefaults() {
    FakeEmbedder custom = new FakeEmbedder(Map.of("invoice", "bill"));

    assertThat(custom.embedQuery("invoice")).containsExactly(custom.embedQuery("bill"));
    assertThat(custom.embedQuery("forecast")).isNotEqualTo(custom.embedQuery("weather"));
  }

  @Test
  void textWithoutWordsIsStillNormalized() {
    assertThat(norm(fake.embedQuery("  ?! "))).isCloseTo(1.0, within(1e-6));
  }

  @Test
  void countsEmbeddedDocumentsButNotQueries() {
    fake.embedDocuments(List.of("a", "b", "c"));
    fake.embedQuery("d");

    assertThat(fake.embeddedDocuments()).isEqualTo(3);
    assertThat(fake.embeddedQueries()).isEqualTo(1);
  }

  @Test
  void resetCountsSetsCountersToZero() {
    fake.embedDocuments(List.of("a"));

    fake.resetCounts();

    assertThat(fake.embeddedDocuments()).isZero();
  }

  @Test
  void failingSwitchMakesEveryCallThrowEmbeddingException() {
    fake.failWith("model offline");

    assertThatThrownBy(() -> fake.embedDocuments(List.of("a")))
        .isInstanceOf(EmbeddingException.class)
        .hasMessage("model offline");
    assertThatThrownBy(() -> fake.embedQuery("a")).isInstanceOf(EmbeddingException.class);
  }

  @Test
  void failingCallsAreNotCounted() {
    fake.setFailing(true);

    assertThatThrownBy(() -> fake.embedDocuments(List.of("a")))
        .isInstanceOf(EmbeddingException.class);

    assertThat(fake.embeddedDocuments()).isZero();
  }

  @Test
  void switchingFailureOffRestoresService() {
    fake.setFailing(true);
    fake.setFailing(false);

    assertThat(fake.embedQuery("a")).hasSize(FakeEmbedder.DIMENSION);
  }
}
