package io.toolgate.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.search.lexical.LexicalSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SearchSettingsTest {
  @Test
  void wordPairsAndTheFirstSentenceAreOnByDefault() {
    LexicalSettings lex = SearchSettings.defaults().lexical();
    assertThat(lex.wordPairWeight()).isEqualTo(1f);
    assertThat(lex.firstSentenceInName()).isTrue();
  }

  @Test
  void readsWordPairWeightAndFirstSentenceInNameFromConfig() {
    LexicalSettings lex =
        SearchSettings.fromConfig(
                Map.of(
                    "word_pair_weight",
                    0.5,
                    "first_sentence_in_name",
                    false,
                    "bm25",
                    Map.of("k1", 1.1)))
            .lexical();
    assertThat(lex.wordPairWeight()).isEqualTo(0.5f);
    assertThat(lex.firstSentenceInName()).isFalse();
    assertThat(lex.k1()).isEqualTo(1.1f);
    assertThat(SearchSettings.fromConfig(Map.of("first_sentence_in_name", "true")).lexical())
        .extracting(LexicalSettings::firstSentenceInName)
        .isEqualTo(true);
  }

  @Test
  void rejectsANegativeWordPairWeightAndANonBooleanFirstSentence() {
    assertThatThrownBy(() -> SearchSettings.fromConfig(Map.of("word_pair_weight", -1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("word_pair_weight value: -1.0");
    assertThatThrownBy(() -> SearchSettings.fromConfig(Map.of("first_sentence_in_name", "yes")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("search.first_sentence_in_name: 'yes' is not a boolean");
  }
}
