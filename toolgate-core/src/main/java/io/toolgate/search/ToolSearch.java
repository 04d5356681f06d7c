package io.toolgate.search;

/**
 * Finds the tools that fit a request. The implementation follows the registry it indexes.
 *
 * <p>Thread-safe: searches run concurrently with each other and with index updates.
 */
public interface ToolSearch extends AutoCloseable {

  /**
   * Runs a search.
   *
   * @throws InvalidSearchException for a request the channels cannot serve (e.g. vector mode
   *     without an embedder)
   */
  SearchResponse search(SearchRequest request);

  /** Which backends are active now. */
  SearchCapabilities capabilities();

  @Override
  default void close() {}
}
