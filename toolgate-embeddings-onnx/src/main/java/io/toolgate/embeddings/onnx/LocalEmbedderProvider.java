package io.toolgate.embeddings.onnx;

import io.toolgate.search.embed.EmbedderOptions;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.spi.EmbedderProvider;
import io.toolgate.search.spi.EmbeddingException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Creates {@link OnnxEmbedder}s for the {@code local:} scheme.
 *
 * <pre>{@code
 * embeddings:
 *   - {name: local, from: "local:bge-small-en-v1.5", max_tokens: 256, threads: 2}
 *   - {name: fast, from: "local:all-minilm-l6-v2", batch_size: 8}
 * }</pre>
 *
 * <p>Model names are matched ignoring case, with aliases ({@code local:all-MiniLM-L6-v2}, {@code
 * local:bge-small-en-v15}); see {@link LocalModel}. Options: {@code batch_size} ({@linkplain
 * LocalModel#defaultBatchSize() the model's default}, in [1, 1024]), {@code max_tokens} (the
 * model's {@linkplain LocalModel#defaultMaxTokens() default}, in [2, 512]), {@code threads}
 * (available processors, in [1, 256]), {@code query_threads} (intra-op threads of a query; {@code
 * threads} unless given, a second session of the model when it differs).
 */
public final class LocalEmbedderProvider implements EmbedderProvider {
  private static final String SCHEME = "local:";

  /** The options local embedders read. */
  static final Set<String> OPTIONS = Set.of("batch_size", "max_tokens", "threads", "query_threads");

  @Override
  public String describe() {
    return "local:{all-minilm-l6-v2|all-minilm-l6-v2-q|bge-small-en-v1.5}";
  }

  /**
   * Loads the named model, or returns empty when {@code spec} is not {@code local:…}.
   *
   * @throws EmbeddingException for an unknown model (the message lists the known ones), a bad
   *     option, or a model that fails to load
   */
  @Override
  public Optional<Embedder> create(String spec, Map<String, Object> options) {
    return checked(spec, options).map(model -> OnnxEmbedder.load(model, options(model, options)));
  }

  @Override
  public Optional<String> problem(String spec, Map<String, Object> options) {
    try {
      checked(spec, options).ifPresent(model -> options(model, options));
      return Optional.empty();
    } catch (EmbeddingException e) {
      return Optional.of(e.getMessage());
    }
  }

  /**
   * The model {@code spec} names, after checking that {@code options} are all known; empty when the
   * spec is not {@code local:…}.
   */
  private static Optional<LocalModel> checked(String spec, Map<String, Object> options) {
    String trimmed = spec.strip();
    if (!trimmed.toLowerCase(Locale.ROOT).startsWith(SCHEME)) {
      return Optional.empty();
    }
    String name = trimmed.substring(SCHEME.length()).strip();
    LocalModel model =
        LocalModel.find(name)
            .orElseThrow(
                () ->
                    new EmbeddingException(
                        "unknown local embedding model '"
                            + name
                            + "' in '"
                            + spec
                            + "'; known models: "
                            + LocalModel.describeAll()));
    EmbedderOptions.requireKnown(options, OPTIONS, spec);
    return Optional.of(model);
  }

  static OnnxEmbedder.Options options(LocalModel model, Map<String, Object> options) {
    OnnxEmbedder.Options defaults = OnnxEmbedder.Options.defaults(model);
    int threads = EmbedderOptions.intOption(options, "threads", defaults.threads(), 1, 256);
    return new OnnxEmbedder.Options(
        EmbedderOptions.intOption(options, "batch_size", defaults.batchSize(), 1, 1024),
        EmbedderOptions.intOption(options, "max_tokens", defaults.maxTokens(), 2, 512),
        threads,
        EmbedderOptions.intOption(options, "query_threads", threads, 1, 256));
  }
}
