/**
 * The lexical channels of tool search: Lucene analysis, scoring on an in-memory inverted index.
 *
 * <ul>
 *   <li>{@link io.toolgate.search.lexical.ToolAnalyzer}: identifier splitting, stemming, non-ASCII
 *       text kept.
 *   <li>{@link io.toolgate.search.lexical.ToolText} and {@link
 *       io.toolgate.search.lexical.LexicalDocument}: what text of a tool is indexed.
 *   <li>{@link io.toolgate.search.lexical.LexicalIndex}: {@code full_text} (BM25F), {@code keyword}
 *       (exact words and phrases) and {@code schema} (parameter keys), updated incrementally.
 * </ul>
 */
package io.toolgate.search.lexical;
