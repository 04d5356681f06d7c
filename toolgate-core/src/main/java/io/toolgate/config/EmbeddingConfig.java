package io.toolgate.config;

import java.util.Map;
import java.util.Objects;

/**
 * One entry of {@code embeddings:}: a named embedder and how to create it.
 *
 * <pre>{@code
 * embeddings:
 *   - {name: local, from: "local:bge-small-en-v1.5"}
 *   - {name: remote, from: "openai:text-embedding-3-small", api_key_env: OPENAI_API_KEY}
 * }</pre>
 *
 * @param name how models and search refer to it ({@code tool_embedding_model: local})
 * @param from the spec {@code io.toolgate.search.embed.Embedders.create} reads
 * @param options every other key of the entry (strings with {@code ${ENV}} expanded), e.g. {@code
 *     base_url}, {@code batch_size}
 */
public record EmbeddingConfig(String name, String from, Map<String, Object> options) {
  public EmbeddingConfig {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(from, "from");
    options = Map.copyOf(options);
  }
}
