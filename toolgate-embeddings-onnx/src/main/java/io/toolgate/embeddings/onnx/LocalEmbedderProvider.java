package io.toolgate.embeddings.onnx;

import io.toolgate.search.embed.EmbedderOptions;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.spi.EmbedderProvider;
import io.toolgate.search.spi.EmbeddingException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

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
 * threads} unless given, a second session of the model when it differs), {@code query_model} (the
 * weights that embed queries: the model or its quantized copy; {@linkplain
 * LocalModel#defaultQueryModel() the model's default} unless given, which for {@code
 * all-minilm-l6-v2} is {@code all-minilm-l6-v2-q}), {@code query_drafts} (true unless given:
 * approximate queries cheaply first where the build made a {@link DraftProjection} for the query
 * model; see {@link OnnxEmbedder#draftQueries}).
 */
public final class LocalEmbedderProvider implements EmbedderProvider {
  private static final String SCHEME = "local:";

  /** The options local embedders read. */
  static final Set<String> OPTIONS =
      Set.of("batch_size", "max_tokens", "threads", "query_threads", "query_model", "query_drafts");

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
    return checked(spec, options)
        .map(
            model -> OnnxEmbedder.load(model, queryModel(model, options), options(model, options)));
  }

  @Override
  public Optional<String> problem(String spec, Map<String, Object> options) {
    try {
      checked(spec, options)
          .ifPresent(
              model -> {
                options(model, options);
                queryModel(model, options);
              });
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

  /**
   * The {@code query_model} option: a model of the same vector space as {@code model}, or the
   * model's default query model when absent.
   *
   * @throws EmbeddingException naming the value and the models that fit
   */
  static LocalModel queryModel(LocalModel model, Map<String, Object> options) {
    Object value = options.get("query_model");
    if (value == null) {
      return model.defaultQueryModel();
    }
    return LocalModel.find(String.valueOf(value))
        .filter(model::sharesVectorSpaceWith)
        .orElseThrow(
            () ->
                new EmbeddingException(
                    "embedding option query_model: '"
                        + value
                        + "' cannot embed queries for "
                        + model.id()
                        + "'s documents; use one of: "
                        + Arrays.stream(LocalModel.values())
                            .filter(model::sharesVectorSpaceWith)
                            .map(LocalModel::id)
                            .collect(Collectors.joining(", "))));
  }

  static OnnxOptions options(LocalModel model, Map<String, Object> options) {
    OnnxOptions defaults = OnnxOptions.defaults(model);
    int threads = EmbedderOptions.intOption(options, "threads", defaults.threads(), 1, 256);
    return new OnnxOptions(
        EmbedderOptions.intOption(options, "batch_size", defaults.batchSize(), 1, 1024),
        EmbedderOptions.intOption(options, "max_tokens", defaults.maxTokens(), 2, 512),
        threads,
        EmbedderOptions.intOption(options, "query_threads", threads, 1, 256),
        EmbedderOptions.booleanOption(options, "query_drafts", true));
  }
}
