/**
 * Creating and running {@link io.toolgate.search.spi.Embedder}s.
 *
 * <ul>
 *   <li>{@link io.toolgate.search.embed.Embedders} — creates an embedder from a {@code from:} spec
 *       such as {@code local:bge-small-en-v1.5} by asking every {@link
 *       io.toolgate.search.spi.EmbedderProvider} on the class path.
 *   <li>{@link io.toolgate.search.embed.OpenAiEmbedder} — any OpenAI-compatible {@code /embeddings}
 *       endpoint over HTTP (OpenAI, Azure-style gateways, Ollama, vLLM, LM Studio), with batching,
 *       retries and timeouts; {@link io.toolgate.search.embed.OpenAiEmbedderProvider} handles the
 *       {@code openai:} and {@code openai-compatible:} schemes.
 *   <li>{@link io.toolgate.search.embed.EmbedderOptions} — typed, range-checked reading of the
 *       options of an {@code embeddings:} configuration entry, for providers.
 * </ul>
 *
 * <p>In-process models live in the {@code toolgate-embeddings-onnx} module ({@code local:}).
 */
package io.toolgate.search.embed;
