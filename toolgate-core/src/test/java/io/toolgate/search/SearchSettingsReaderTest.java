package io.toolgate.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.search.lexical.LexicalSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SearchSettingsReaderTest {
  /** A value other than the default for every key the reader lists. */
  private static final Map<String, Object> NOT_DEFAULT =
      Map.ofEntries(
          Map.entry("fusion", "rrf"),
          Map.entry("rrf_k", 10),
          Map.entry("weights", Map.of("schema", 0.5)),
          Map.entry("boosts", Map.of("name", 2)),
          Map.entry("bm25", Map.of("b", "0.5")),
          Map.entry("length_pivot", "10"),
          Map.entry("min_similarity", 0.1),
          Map.entry("document", "json"),
          Map.entry("embed_batch_size", 8),
          Map.entry("exact_vector_limit", 7),
          Map.entry("query_cache_size", 3),
          Map.entry("clause_weight", 0.2),
          Map.entry("family_weight", 0.3),
          Map.entry("second_embedder_margin", 0.05),
          Map.entry("compact_query_embedding", "false"),
          Map.entry("draft_queries", false),
          Map.entry("word_pair_weight", 0.5),
          Map.entry("first_sentence_in_name", false));

  @Test
  void everyListedKeyChangesTheSettings() {
    assertThat(NOT_DEFAULT.keySet()).isEqualTo(SearchSettingsReader.KEYS);
    NOT_DEFAULT.forEach(
        (key, value) ->
            assertThat(SearchSettings.fromConfig(Map.of(key, value)))
                .as(key)
                .isNotEqualTo(SearchSettings.defaults()));
  }

  @Test
  void aMissingSectionAndOtherKeysGiveTheDefaults() {
    assertThat(SearchSettings.fromConfig(null)).isEqualTo(SearchSettings.defaults());
    assertThat(SearchSettings.fromConfig(Map.of("mode", "auto", "limit", 5)))
        .isEqualTo(SearchSettings.defaults());
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

  @Test
  void readsCompactQueryEmbeddingAsABoolean() {
    assertThat(SearchSettings.defaults().compactQueryEmbedding()).isTrue();
    assertThat(SearchSettings.fromConfig(Map.of("compact_query_embedding", false)))
        .extracting(SearchSettings::compactQueryEmbedding)
        .isEqualTo(false);
    assertThatThrownBy(() -> SearchSettings.fromConfig(Map.of("compact_query_embedding", "off")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("search.compact_query_embedding: 'off' is not a boolean (true or false)");
  }

  @Test
  void draftQueriesIsOnByDefaultAndReadAsABoolean() {
    assertThat(SearchSettings.defaults().draftQueries()).isTrue();
    assertThat(SearchSettings.fromConfig(Map.of("draft_queries", "false")))
        .extracting(SearchSettings::draftQueries)
        .isEqualTo(false);
    assertThat(SearchSettings.defaults().withDraftQueries(false).withDraftQueries(true))
        .isEqualTo(SearchSettings.defaults());
    assertThatThrownBy(() -> SearchSettings.fromConfig(Map.of("draft_queries", "no")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("search.draft_queries: 'no' is not a boolean (true or false)");
  }

  @Test
  void namesTheKeyOfAValueThatIsNotANumber() {
    assertThatThrownBy(() -> SearchSettings.fromConfig(Map.of("rrf_k", "sixty")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("search.rrf_k: 'sixty' is not a number");
  }
}
