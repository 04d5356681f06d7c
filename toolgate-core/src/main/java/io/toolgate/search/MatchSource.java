package io.toolgate.search;

/**
 * How one channel ranked a hit.
 *
 * @param source the channel: {@code full_text}, {@code keyword}, {@code schema} or {@code vector}
 * @param rank 1-based rank within that channel
 * @param score the channel's own score (BM25, keyword weight, cosine, …)
 */
public record MatchSource(String source, int rank, double score) {}
