package io.toolgate.search.eval;

import java.util.Locale;

/** Which retriever an evaluation measures. */
public enum EvalMode {
  /** The configured search: lexical channels and every embedder, fused. */
  HYBRID,
  /** The lexical channels only (full_text, keyword, schema), fused. */
  LEXICAL,
  /** The vector channel(s) only. */
  VECTOR,
  /**
   * The reference: plain BM25 (k1 1.2, b 0.75) over one bag of name, description and parameter
   * words, unstemmed, identifiers split.
   */
  BM25;

  /**
   * The mode named {@code name} ({@code hybrid}, {@code lexical}, {@code vector}, {@code bm25}).
   */
  public static EvalMode parse(String name) {
    try {
      return valueOf(name.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown eval mode '" + name + "', must be hybrid, lexical, vector or bm25", e);
    }
  }
}
