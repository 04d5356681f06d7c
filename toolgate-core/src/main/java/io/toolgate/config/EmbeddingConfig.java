package io.toolgate.config;

import io.toolgate.search.embed.Embedders;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.vector.DocumentStyle;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

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
 * @param from the spec {@link Embedders#create} reads
 * @param options every other key of the entry (strings with {@code ${ENV}} expanded), e.g. {@code
 *     base_url}, {@code batch_size}; {@code document} ({@code plain} or {@code json}) is how search
 *     writes tools for this embedder, the other keys go to the embedder
 */
public record EmbeddingConfig(String name, String from, Map<String, Object> options) {
  /** The option that chooses the tool document an embedder reads. */
  public static final String DOCUMENT = "document";

  public EmbeddingConfig {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(from, "from");
    options = Map.copyOf(options);
  }

  /** The tool document style for this embedder ({@code document:}), if the entry names one. */
  public Optional<DocumentStyle> document() {
    Object style = options.get(DOCUMENT);
    return style == null ? Optional.empty() : Optional.of(DocumentStyle.parse(style.toString()));
  }

  /**
   * Creates the embedder ({@link Embedders#create} with {@link #embedderOptions()}); the caller
   * closes it.
   *
   * @throws io.toolgate.search.spi.EmbeddingException when no provider handles {@code from}, an
   *     option is bad or the model cannot load
   */
  public Embedder createEmbedder() {
    return Embedders.create(from, embedderOptions());
  }

  /** The options for the embedder itself: all but {@code document}. */
  public Map<String, Object> embedderOptions() {
    Map<String, Object> rest = new HashMap<>(options);
    rest.remove(DOCUMENT);
    return Map.copyOf(rest);
  }
}
