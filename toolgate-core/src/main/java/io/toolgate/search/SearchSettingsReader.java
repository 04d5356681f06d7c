package io.toolgate.search;

import io.toolgate.search.fusion.FusionMethod;
import io.toolgate.search.lexical.LexicalSettings;
import io.toolgate.search.vector.DocumentStyle;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Reads the search engine's keys of the {@code search:} section of {@code toolgate.yaml} into
 * {@link SearchSettings}; {@link SearchSettings#fromConfig} is the way in.
 *
 * <p>The section arrives as plain values ({@code SearchConfig.raw()}): numbers may be numbers or
 * strings, a boolean {@code true}/{@code false} in either form. A key that is absent or {@code
 * null} keeps its default. The keys are applied in a fixed order, each through its {@code with…}
 * copy, so the first bad value in that order is the one reported, with the message of {@link
 * SearchSettings}' own checks ({@code illegal rrf_k value: 0, must be >= 1}) or, for a value of the
 * wrong type, {@code search.<key>: '<value>' is not a number}. Unknown keys are not this class's
 * concern: {@code ToolgateConfig} reports them at file:line against {@link #KEYS}. Stateless.
 */
public final class SearchSettingsReader {
  /**
   * The keys of the {@code search:} section that {@link SearchSettings#fromConfig} reads; the
   * section's other keys ({@code mode}, {@code limit}, {@code pinned}, …) belong to {@code
   * SearchConfig}.
   */
  public static final Set<String> KEYS =
      Set.of(
          "fusion",
          "rrf_k",
          "weights",
          "boosts",
          "bm25",
          "length_pivot",
          "min_similarity",
          "document",
          "embed_batch_size",
          "exact_vector_limit",
          "query_cache_size",
          "clause_weight",
          "family_weight",
          "second_embedder_margin",
          "compact_query_embedding",
          "draft_queries",
          "word_pair_weight",
          "first_sentence_in_name");

  /** The keys of the sections within {@code search:} that {@link #KEYS} names. */
  public static final Map<String, Set<String>> NESTED_KEYS =
      Map.of(
          "boosts", Set.of("name", "description", "parameters"),
          "bm25", Set.of("k1", "b"));

  private SearchSettingsReader() {}

  /** What {@link SearchSettings#fromConfig} returns. */
  static SearchSettings read(Map<String, ?> search) {
    SearchSettings s = SearchSettings.defaults();
    if (search == null) {
      return s;
    }
    if (search.get("fusion") != null) {
      s = s.withFusion(FusionMethod.parse(String.valueOf(search.get("fusion"))));
    }
    s = ifSet(s, search, "rrf_k", (x, v) -> x.withRrfK(v.intValue()));
    if (search.get("weights") instanceof Map<?, ?> weights) {
      for (Map.Entry<?, ?> e : weights.entrySet()) {
        s = s.withWeight(String.valueOf(e.getKey()), number(weights, e.getKey(), "weights."));
      }
    }
    s = s.withLexical(lexical(s.lexical(), search));
    s = ifSet(s, search, "length_pivot", SearchSettings::withLengthPivot);
    s = ifSet(s, search, "min_similarity", SearchSettings::withMinSimilarity);
    if (search.get("document") != null) {
      s = s.withDocumentStyle(DocumentStyle.parse(String.valueOf(search.get("document"))));
    }
    s = ifSet(s, search, "embed_batch_size", (x, v) -> x.withEmbedBatchSize(v.intValue()));
    s = ifSet(s, search, "exact_vector_limit", (x, v) -> x.withExactVectorLimit(v.intValue()));
    s = ifSet(s, search, "query_cache_size", (x, v) -> x.withQueryCacheSize(v.intValue()));
    s = ifSet(s, search, "clause_weight", SearchSettings::withClauseWeight);
    s = ifSet(s, search, "family_weight", SearchSettings::withFamilyWeight);
    s = ifSet(s, search, "second_embedder_margin", SearchSettings::withSecondEmbedderMargin);
    if (search.get("compact_query_embedding") != null) {
      s = s.withCompactQueryEmbedding(bool(search, "compact_query_embedding"));
    }
    if (search.get("draft_queries") != null) {
      s = s.withDraftQueries(bool(search, "draft_queries"));
    }
    return s;
  }

  /** {@code boosts}, {@code bm25}, {@code word_pair_weight}, {@code first_sentence_in_name}. */
  private static LexicalSettings lexical(LexicalSettings lex, Map<String, ?> search) {
    if (search.get("boosts") instanceof Map<?, ?> boosts) {
      lex =
          lex.withBoosts(
              floatOr(boosts, "boosts", "name", lex.nameBoost()),
              floatOr(boosts, "boosts", "description", lex.descriptionBoost()),
              floatOr(boosts, "boosts", "parameters", lex.parametersBoost()));
    }
    if (search.get("bm25") instanceof Map<?, ?> bm25) {
      lex =
          lex.withBm25(floatOr(bm25, "bm25", "k1", lex.k1()), floatOr(bm25, "bm25", "b", lex.b()));
    }
    if (search.get("word_pair_weight") != null) {
      lex = lex.withWordPairWeight((float) number(search, "word_pair_weight", ""));
    }
    if (search.get("first_sentence_in_name") != null) {
      lex = lex.withFirstSentenceInName(bool(search, "first_sentence_in_name"));
    }
    return lex;
  }

  /** The number at {@code key} of the section {@code parent}, or {@code fallback} when unset. */
  private static float floatOr(Map<?, ?> section, String parent, String key, float fallback) {
    return section.get(key) == null ? fallback : (float) number(section, key, parent + ".");
  }

  /** {@code s} with the number at {@code key} applied, or {@code s} when the key is unset. */
  private static SearchSettings ifSet(
      SearchSettings s,
      Map<String, ?> search,
      String key,
      BiFunction<SearchSettings, Double, SearchSettings> with) {
    return search.get(key) == null ? s : with.apply(s, number(search, key, ""));
  }

  private static boolean bool(Map<?, ?> map, String key) {
    Object value = map.get(key);
    if (value instanceof Boolean b) {
      return b;
    }
    String text = String.valueOf(value).strip().toLowerCase(Locale.ROOT);
    if (text.equals("true") || text.equals("false")) {
      return Boolean.parseBoolean(text);
    }
    throw new IllegalArgumentException(
        "search." + key + ": '" + value + "' is not a boolean (true or false)");
  }

  /** The number at {@code key}; an error names it as {@code search.<parent><key>}. */
  private static double number(Map<?, ?> map, Object key, String parent) {
    Object value = map.get(key);
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    try {
      return Double.parseDouble(String.valueOf(value).strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "search." + parent + key + ": '" + value + "' is not a number", e);
    }
  }
}
