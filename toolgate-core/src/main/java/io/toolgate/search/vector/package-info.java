/**
 * The vector channel: tool documents ({@link io.toolgate.search.vector.DocumentStyle}), their
 * embeddings computed in the background ({@link io.toolgate.search.vector.ToolVectors}) and cached
 * by model and tool checksum ({@link io.toolgate.search.vector.ToolVectorCache}): on disk ({@link
 * io.toolgate.search.vector.VectorCache}) or in a shared registry store.
 */
package io.toolgate.search.vector;
