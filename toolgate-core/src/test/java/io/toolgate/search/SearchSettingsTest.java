package io.toolgate.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.search.lexical.LexicalSettings;
import org.junit.jupiter.api.Test;

class SearchSettingsTest {
  @Test
  void wordPairsAndTheFirstSentenceAreOnByDefault() {
    LexicalSettings lex = SearchSettings.defaults().lexical();
    assertThat(lex.wordPairWeight()).isEqualTo(1f);
    assertThat(lex.firstSentenceInName()).isTrue();
  }
}
