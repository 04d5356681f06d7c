/**
 * The lexical channels of tool search: Lucene analysis, scoring on an in-memory inverted index.
 *
 * <ul>
 *   <li>{@link io.toolgate.search.lexical.ToolAnalyzer}: identifier splitting, stemming, non-ASCII
 *       text kept.
 *   <li>{@link io.toolgate.search.lexical.ToolText} and {@link
 *       io.toolgate.search.lexical.LexicalDocument}: what text of a tool is indexed (with the
 *       description's first sentence apart).
 *   <li>{@link io.toolgate.search.lexical.LexicalIndex}: {@code full_text} (BM25F), {@code keyword}
 *       (exact words and phrases) and {@code schema} (parameter keys), updated incrementally; word
 *       pairs of name and description in {@code full_text}. Its parts: {@code QueryAnalysis} (a
 *       request's terms, word pairs and phrase words), {@code DocumentAnalysis} (a tool's tokens by
 *       field, analyzed outside the lock), {@code TermBag} (postings and BM25(F) of one view),
 *       {@code PhraseIndex} (exact tokens with positions, phrase scoring).
 * </ul>
 */
package io.toolgate.search.lexical;
