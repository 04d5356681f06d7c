package io.toolgate.search.lexical;

/**
 * How the lexical index weighs fields and scores terms. Immutable; {@code with…} methods return
 * copies.
 *
 * @param nameBoost weight of the tool name in BM25F (default 3)
 * @param descriptionBoost weight of the description (default 2)
 * @param parametersBoost weight of parameter keys and descriptions (default 1)
 * @param k1 BM25 term-frequency saturation (default 1.2)
 * @param b BM25 length normalization, 0 (none) to 1 (full) (default 0.75)
 * @param wordPairWeight how much each pair of adjacent query words adds to {@code full_text} when
 *     the tool has the same two words adjacent in its name or description ({@code "weather
 *     forecast"}), relative to a single word (default 1; 0 = off)
 * @param firstSentenceInName whether the first sentence of the description, which says what the
 *     tool does, is also indexed with the name and weighs as much (default true)
 */
public record LexicalSettings(
    float nameBoost,
    float descriptionBoost,
    float parametersBoost,
    float k1,
    float b,
    float wordPairWeight,
    boolean firstSentenceInName) {

  /**
   * Name ×3, description ×2, parameters ×1, k1 = 1.2, b = 0.75, word pairs ×1, the first sentence
   * with the name.
   */
  public static final LexicalSettings DEFAULTS =
      new LexicalSettings(3f, 2f, 1f, 1.2f, 0.75f, 1f, true);

  public LexicalSettings {
    requireBoost("name", nameBoost);
    requireBoost("description", descriptionBoost);
    requireBoost("parameters", parametersBoost);
    if (!(k1 >= 0 && Float.isFinite(k1))) {
      throw new IllegalArgumentException(
          "illegal k1 value: " + k1 + ", must be a non-negative finite value");
    }
    if (!(b >= 0 && b <= 1)) {
      throw new IllegalArgumentException("illegal b value: " + b + ", must be between 0 and 1");
    }
    if (!(wordPairWeight >= 0 && Float.isFinite(wordPairWeight))) {
      throw new IllegalArgumentException(
          "illegal word_pair_weight value: "
              + wordPairWeight
              + ", must be a finite number >= 0 (0 = off)");
    }
  }

  /** A copy with field boosts {@code name}, {@code description} and {@code parameters}. */
  public LexicalSettings withBoosts(float name, float description, float parameters) {
    return new LexicalSettings(
        name, description, parameters, k1, b, wordPairWeight, firstSentenceInName);
  }

  /** A copy with BM25 parameters {@code newK1} and {@code newB}. */
  public LexicalSettings withBm25(float newK1, float newB) {
    return new LexicalSettings(
        nameBoost,
        descriptionBoost,
        parametersBoost,
        newK1,
        newB,
        wordPairWeight,
        firstSentenceInName);
  }

  /** A copy where a matching pair of adjacent words weighs {@code weight} (0 turns pairs off). */
  public LexicalSettings withWordPairWeight(float weight) {
    return new LexicalSettings(
        nameBoost, descriptionBoost, parametersBoost, k1, b, weight, firstSentenceInName);
  }

  /** A copy that indexes the description's first sentence with the name, or not. */
  public LexicalSettings withFirstSentenceInName(boolean on) {
    return new LexicalSettings(
        nameBoost, descriptionBoost, parametersBoost, k1, b, wordPairWeight, on);
  }

  private static void requireBoost(String field, float boost) {
    // CombinedFieldQuery takes weights of at least 1.
    if (!(boost >= 1 && Float.isFinite(boost))) {
      throw new IllegalArgumentException(
          "illegal " + field + " boost: " + boost + ", must be a finite value >= 1");
    }
  }
}
