/**
 * The vector channel: tool documents ({@link io.toolgate.search.vector.DocumentStyle}), their
 * embeddings computed in the background ({@link io.toolgate.search.vector.ToolVectors}) and cached
 * on disk by model and tool checksum ({@link io.toolgate.search.vector.VectorCache}).
 */
package io.toolgate.search.vector;
