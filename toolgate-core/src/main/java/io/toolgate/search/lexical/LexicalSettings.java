package io.toolgate.search.lexical;

/**
 * How the lexical index weighs fields and scores terms.
 *
 * @param nameBoost weight of the tool name in BM25F (default 3)
 * @param descriptionBoost weight of the description (default 2)
 * @param parametersBoost weight of parameter keys and descriptions (default 1)
 * @param k1 BM25 term-frequency saturation (default 1.2)
 * @param b BM25 length normalization, 0 (none) to 1 (full) (default 0.75)
 */
public record LexicalSettings(
    float nameBoost, float descriptionBoost, float parametersBoost, float k1, float b) {

  /** Name ×3, description ×2, parameters ×1, k1 = 1.2, b = 0.75. */
  public static final LexicalSettings DEFAULTS = new LexicalSettings(3f, 2f, 1f, 1.2f, 0.75f);

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
  }

  private static void requireBoost(String field, float boost) {
    // CombinedFieldQuery takes weights of at least 1.
    if (!(boost >= 1 && Float.isFinite(boost))) {
      throw new IllegalArgumentException(
          "illegal " + field + " boost: " + boost + ", must be a finite value >= 1");
    }
  }
}
