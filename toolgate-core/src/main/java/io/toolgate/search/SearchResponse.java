package io.toolgate.search;

import java.util.List;
import java.util.Optional;

/**
 * The answer to a {@link SearchRequest}; its JSON form is the {@code tool_search} result.
 *
 * @param query the query as received
 * @param keywords the keywords as received
 * @param searchMode {@code hybrid_rrf} when the vector channel took part, else {@code lexical_rrf}
 *     (or the fusion actually used, see {@link ToolSearch})
 * @param fallback true when {@code min_score} cut every hit and the best one was returned anyway
 * @param tools the hits, best first, ties broken by name
 * @param hint advice when nothing matched, e.g. to rephrase
 */
public record SearchResponse(
    String query,
    List<String> keywords,
    String searchMode,
    boolean fallback,
    List<SearchHit> tools,
    Optional<String> hint) {
  public SearchResponse {
    keywords = List.copyOf(keywords);
    tools = List.copyOf(tools);
    hint = hint == null ? Optional.empty() : hint;
  }
}
