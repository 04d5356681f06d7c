package io.toolgate.search;

/**
 * How one channel ranked a hit.
 *
 * @param source the channel: {@code full_text}, {@code keyword}, {@code schema}, {@code vector}
 *     (the first embedder), {@code vector:<model>} (a later one) or {@code vector_draft} (the first
 *     embedder's drafts, in a search that its gate answered from them alone)
 * @param rank 1-based rank within that channel
 * @param score the channel's own score (BM25, keyword weight, cosine, …)
 */
public record MatchSource(String source, int rank, double score) {}
