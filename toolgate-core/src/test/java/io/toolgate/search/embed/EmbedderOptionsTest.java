package io.toolgate.search.embed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.search.spi.EmbeddingException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EmbedderOptionsTest {

  @Test
  void intOptionDefaultsWhenAbsent() {
    assertThat(EmbedderOptions.intOption(Map.of(), "batch_size", 64, 1, 2048)).isEqualTo(64);
  }

  @Test
  void intOptionAcceptsNumbersAndNumericStrings() {
    assertThat(EmbedderOptions.intOption(Map.of("n", 16), "n", 0, 1, 100)).isEqualTo(16);
    assertThat(EmbedderOptions.intOption(Map.of("n", 16L), "n", 0, 1, 100)).isEqualTo(16);
    assertThat(EmbedderOptions.intOption(Map.of("n", 16.0), "n", 0, 1, 100)).isEqualTo(16);
    assertThat(EmbedderOptions.intOption(Map.of("n", " 16 "), "n", 0, 1, 100)).isEqualTo(16);
  }

  @Test
  void intOptionRejectsOutOfRangeNamingOptionValueAndRange() {
    assertThatThrownBy(
            () -> EmbedderOptions.intOption(Map.of("batch_size", 0), "batch_size", 64, 1, 2048))
        .isInstanceOf(EmbeddingException.class)
        .hasMessage(
            "embedding option batch_size: illegal value '0', must be an integer in [1, 2048]");
  }

  @Test
  void intOptionRejectsFractionsAndText() {
    assertThatThrownBy(() -> EmbedderOptions.intOption(Map.of("n", 1.5), "n", 0, 1, 100))
        .isInstanceOf(EmbeddingException.class);
    assertThatThrownBy(() -> EmbedderOptions.intOption(Map.of("n", "many"), "n", 0, 1, 100))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("'many'");
  }

  @Test
  void stringOptionKeepsSpacesThatMatterInPrefixes() {
    assertThat(EmbedderOptions.stringOption(Map.of("query_prefix", "query: "), "query_prefix"))
        .contains("query: ");
  }

  @Test
  void stringOptionIsEmptyWhenAbsentOrBlank() {
    assertThat(EmbedderOptions.stringOption(Map.of(), "base_url")).isEmpty();
    assertThat(EmbedderOptions.stringOption(Map.of("base_url", "  "), "base_url")).isEmpty();
  }

  @Test
  void stringOptionRejectsNonStrings() {
    assertThatThrownBy(
            () -> EmbedderOptions.stringOption(Map.of("base_url", java.util.List.of()), "base_url"))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("must be a string");
  }
}
