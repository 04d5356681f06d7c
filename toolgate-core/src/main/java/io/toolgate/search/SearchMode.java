package io.toolgate.search;

/** Which channels a search uses. */
public enum SearchMode {
  /** Lexical channels and, when tool vectors are ready, the vector channel. */
  HYBRID,
  /** Lexical channels only (full text, keyword, schema). */
  LEXICAL,
  /** The vector channel only; an error when no embedder is configured. */
  VECTOR
}
