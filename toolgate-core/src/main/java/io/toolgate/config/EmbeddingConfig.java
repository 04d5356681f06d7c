package io.toolgate.config;

import io.toolgate.search.embed.Embedders;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.vector.DocumentStyle;
import java.util.HashMap;
import java.util.List;
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

  /**
   * all-MiniLM-L6-v2 on plain documents, then bge-small-en-v1.5 on JSON ones: the pair measured
   * best on every dev set (BENCHMARKS.md; each model reads its own document style best, and the
   * second view added 1.4–2.5 NDCG points over bge alone). The cheap model is first: with the
   * default {@code search.second_embedder_margin} a search runs bge only where MiniLM and the full
   * text leave it unsure.
   */
  static List<EmbeddingConfig> defaults() {
    // Documents one ONNX Runtime thread a run (batches run side by side, one a core); a query two:
    // the gate runs one model at a time, and two threads embed a query in 5.1 ms instead of 7.4
    // (all-MiniLM-L6-v2's int8 copy, AMD EPYC; BENCHMARKS.md).
    return List.of(
        new EmbeddingConfig(
            ToolgateConfig.FIRST_EMBEDDING_NAME,
            ToolgateConfig.FIRST_EMBEDDING_MODEL,
            Map.of(EmbeddingConfig.DOCUMENT, "plain", "threads", 1, "query_threads", 2)),
        new EmbeddingConfig(
            ToolgateConfig.SECOND_EMBEDDING_NAME,
            ToolgateConfig.SECOND_EMBEDDING_MODEL,
            Map.of(EmbeddingConfig.DOCUMENT, "json", "threads", 1, "query_threads", 2)));
  }
}
