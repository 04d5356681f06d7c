package io.toolgate.search.embed;

import io.toolgate.search.spi.Embedder;
import io.toolgate.search.spi.EmbedderProvider;
import io.toolgate.search.spi.EmbeddingException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * Creates {@link Embedder}s from {@code from:} specs by asking every {@link EmbedderProvider}.
 *
 * <pre>{@code
 * Embedder local = Embedders.create("local:bge-small-en-v1.5");
 * Embedder remote = Embedders.create("openai:text-embedding-3-small",
 *     Map.of("api_key_env", "OPENAI_API_KEY", "batch_size", 128));
 * }</pre>
 *
 * <p>Providers are found with {@link ServiceLoader} on the thread's context class loader ({@code
 * local:} needs {@code toolgate-embeddings-onnx} on the class path), or passed by hand. When none
 * handles a spec, the error lists every provider tried.
 */
public final class Embedders {
  private Embedders() {}

  /** {@link #create(String, Map)} with no options. */
  public static Embedder create(String spec) {
    return create(spec, Map.of());
  }

  /**
   * Creates the embedder for {@code spec} with the first {@link ServiceLoader} provider that
   * handles it.
   *
   * @param options the rest of the configuration entry, e.g. {@code base_url}, {@code batch_size}
   * @throws EmbeddingException when no provider handles the spec ("Tried: …"), or the one that does
   *     cannot create the embedder
   */
  public static Embedder create(String spec, Map<String, Object> options) {
    return create(spec, options, providers());
  }

  /** Like {@link #create(String, Map)}, with providers registered by hand, tried in order. */
  public static Embedder create(
      String spec, Map<String, Object> options, List<? extends EmbedderProvider> providers) {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(options, "options");
    for (EmbedderProvider provider : providers) {
      Optional<Embedder> embedder = provider.create(spec, options);
      if (embedder.isPresent()) {
        return embedder.get();
      }
    }
    String tried =
        providers.isEmpty()
            ? "no providers (none on the class path)"
            : providers.stream().map(EmbedderProvider::describe).collect(Collectors.joining(", "));
    String hint =
        spec.strip().startsWith("local:")
            ? "; local: models need toolgate-embeddings-onnx on the class path"
            : "";
    throw new EmbeddingException("no embedder handles '" + spec + "'. Tried: " + tried + hint);
  }

  /**
   * What the provider of {@code spec} finds wrong with it without creating the embedder (see {@link
   * EmbedderProvider#problem}); empty when nothing, or when no provider on the class path handles
   * the scheme (creating it then says so).
   */
  public static Optional<String> problem(String spec, Map<String, Object> options) {
    for (EmbedderProvider provider : providers()) {
      Optional<String> problem = provider.problem(spec, options);
      if (problem.isPresent()) {
        return problem;
      }
    }
    return Optional.empty();
  }

  /** The providers {@link ServiceLoader} finds on the thread's context class loader. */
  public static List<EmbedderProvider> providers() {
    return ServiceLoader.load(EmbedderProvider.class).stream()
        .map(ServiceLoader.Provider::get)
        .toList();
  }
}
