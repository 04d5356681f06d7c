package io.toolgate.search;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@code tool_search} call.
 *
 * <pre>{@code
 * SearchRequest request = SearchRequest.of("count distinct values in a column")
 *     .withKeywords(List.of("distinct"))
 *     .withLimit(3);
 * }</pre>
 *
 * @param query what the caller needs, in words; must not be blank
 * @param keywords extra exact phrases for the keyword channel
 * @param limit how many tools to return, 1 to {@value #MAX_LIMIT}; larger values are capped
 * @param minScore drop hits whose normalized score is below this (0 to 1)
 * @param filter which tools may appear
 * @param mode which channels to use
 * @param embedder the one embedding model whose vector channel takes part (an {@code embeddings:}
 *     name or a model id); empty for every configured embedder, fused
 */
public record SearchRequest(
    String query,
    List<String> keywords,
    int limit,
    Optional<Double> minScore,
    SearchFilter filter,
    SearchMode mode,
    Optional<String> embedder) {
  /** The default number of hits. */
  public static final int DEFAULT_LIMIT = 5;

  /** The largest number of hits one search returns. */
  public static final int MAX_LIMIT = 20;

  public SearchRequest {
    Objects.requireNonNull(query, "query");
    if (query.isBlank() && (keywords == null || keywords.stream().allMatch(String::isBlank))) {
      throw new InvalidSearchException(
          "query must not be empty: describe the capability you need, e.g. \"send an email\"");
    }
    keywords =
        keywords == null
            ? List.of()
            : keywords.stream().filter(k -> k != null && !k.isBlank()).map(String::strip).toList();
    if (limit < 1) {
      throw new InvalidSearchException(
          "limit must be between 1 and " + MAX_LIMIT + ", got " + limit);
    }
    limit = Math.min(limit, MAX_LIMIT);
    minScore = minScore == null ? Optional.empty() : minScore;
    minScore.ifPresent(
        m -> {
          if (!(m >= 0 && m <= 1)) {
            throw new InvalidSearchException("min_score must be between 0 and 1, got " + m);
          }
        });
    filter = filter == null ? SearchFilter.NONE : filter;
    mode = mode == null ? SearchMode.HYBRID : mode;
    embedder = embedder == null ? Optional.empty() : embedder.filter(e -> !e.isBlank());
  }

  /** A request that searches with every embedder. */
  public SearchRequest(
      String query,
      List<String> keywords,
      int limit,
      Optional<Double> minScore,
      SearchFilter filter,
      SearchMode mode) {
    this(query, keywords, limit, minScore, filter, mode, Optional.empty());
  }

  /** A request with defaults: limit 5, no cut, no filter, hybrid. */
  public static SearchRequest of(String query) {
    return new SearchRequest(
        query, List.of(), DEFAULT_LIMIT, Optional.empty(), SearchFilter.NONE, SearchMode.HYBRID);
  }

  public SearchRequest withKeywords(List<String> newKeywords) {
    return new SearchRequest(query, newKeywords, limit, minScore, filter, mode, embedder);
  }

  public SearchRequest withLimit(int newLimit) {
    return new SearchRequest(query, keywords, newLimit, minScore, filter, mode, embedder);
  }

  public SearchRequest withMinScore(double newMinScore) {
    return new SearchRequest(
        query, keywords, limit, Optional.of(newMinScore), filter, mode, embedder);
  }

  public SearchRequest withFilter(SearchFilter newFilter) {
    return new SearchRequest(query, keywords, limit, minScore, newFilter, mode, embedder);
  }

  public SearchRequest withMode(SearchMode newMode) {
    return new SearchRequest(query, keywords, limit, minScore, filter, newMode, embedder);
  }

  /**
   * A copy that uses only {@code newEmbedder}'s vector channel (the lexical channels still run);
   * empty for every embedder.
   */
  public SearchRequest withEmbedder(Optional<String> newEmbedder) {
    return new SearchRequest(query, keywords, limit, minScore, filter, mode, newEmbedder);
  }
}
