/**
 * The vector channel: tool documents ({@link io.toolgate.search.vector.DocumentStyle}), their
 * embeddings computed in the background ({@link io.toolgate.search.vector.ToolVectors}) and cached
 * by model and tool checksum ({@link io.toolgate.search.vector.ToolVectorCache}): on disk ({@link
 * io.toolgate.search.vector.VectorCache}) or in a shared registry store.
 *
 * <p>{@code ToolVectors} is the facade search uses; behind it, package-private: {@code
 * EmbeddingWorker} (the background thread: batches, progress lines, failure state), {@code
 * CachedVectors} (the cache's vectors in memory, shared fetches, saving), {@code VectorTable} (the
 * published int8 vectors with their sign bits and sample) and {@code VectorScorer} (exact and
 * sign-bit-screened scoring, the channel's hot loops).
 */
package io.toolgate.search.vector;
