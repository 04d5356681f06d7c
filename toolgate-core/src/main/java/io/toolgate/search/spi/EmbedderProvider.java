package io.toolgate.search.spi;

import java.util.Map;
import java.util.Optional;

/**
 * Creates embedders from a {@code from:} spec in the configuration, found with {@link
 * java.util.ServiceLoader}.
 *
 * <p>A spec is {@code scheme:model}, e.g. {@code local:bge-small-en-v1.5} or {@code
 * openai:text-embedding-3-small}. A provider returns empty for schemes it does not handle, so that
 * the caller can try the next one and list them all in its error.
 */
public interface EmbedderProvider {

  /**
   * A short description for error messages, e.g. {@code
   * "local:{all-minilm-l6-v2|all-minilm-l6-v2-q|bge-small-en-v1.5}"}.
   */
  String describe();

  /**
   * Creates the embedder for {@code spec}, or empty when this provider does not handle the scheme.
   *
   * @param spec the {@code from:} value
   * @param options the rest of the embedding's configuration entry (e.g. {@code base_url}, {@code
   *     api_key_env}, {@code batch_size}); never null
   * @throws EmbeddingException when the scheme is this provider's but the model cannot be loaded
   */
  Optional<Embedder> create(String spec, Map<String, Object> options);

  /**
   * What is wrong with {@code spec} and {@code options} that shows without creating the embedder
   * (an unknown model or option, a value out of range), for {@code toolgate validate}: empty when
   * nothing is, or when the scheme is not this provider's. Loads nothing and sends nothing.
   */
  default Optional<String> problem(String spec, Map<String, Object> options) {
    return Optional.empty();
  }
}
