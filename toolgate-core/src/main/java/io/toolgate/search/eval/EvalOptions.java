package io.toolgate.search.eval;

import io.toolgate.search.SearchSettings;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.vector.DocumentStyle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How {@link Evaluator#run} measures.
 *
 * <pre>{@code
 * EvalOptions options = EvalOptions.of(EvalMode.HYBRID)
 *     .withEmbedders(List.of(embedder))
 *     .withDataDirectory(Path.of("data"));     // tool and query vectors are cached here
 * }</pre>
 *
 * @param mode the retriever to measure
 * @param settings the search settings (ignored by {@link EvalMode#BM25})
 * @param embedders the embedders of the vector channel(s); needed by hybrid and vector modes
 * @param documents the document style of each embedder, by position; embedders past its end use the
 *     settings' style
 * @param channels when not empty, only these channels take part (ablation), e.g. {@code
 *     [full_text]}
 * @param dataDirectory where tool vectors ({@code vectors-<model>.bin}), query vectors ({@code
 *     queries-<model>.bin}) and query drafts ({@code drafts-<draft model>.bin}) are cached between
 *     runs; empty for none
 * @param vectorTimeout how long to wait for tool vectors before measuring
 */
public record EvalOptions(
    EvalMode mode,
    SearchSettings settings,
    List<Embedder> embedders,
    List<DocumentStyle> documents,
    Set<String> channels,
    Optional<Path> dataDirectory,
    Duration vectorTimeout) {
  public EvalOptions {
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(settings, "settings");
    embedders = List.copyOf(embedders);
    documents = List.copyOf(documents);
    channels = Set.copyOf(channels);
    Objects.requireNonNull(dataDirectory, "dataDirectory");
    Objects.requireNonNull(vectorTimeout, "vectorTimeout");
  }

  /** {@code mode} with default settings, no embedder, no cache, 30 minutes for vectors. */
  public static EvalOptions of(EvalMode mode) {
    return new EvalOptions(
        mode,
        SearchSettings.defaults(),
        List.of(),
        List.of(),
        Set.of(),
        Optional.empty(),
        Duration.ofMinutes(30));
  }

  public EvalOptions withSettings(SearchSettings newSettings) {
    return new EvalOptions(
        mode, newSettings, embedders, documents, channels, dataDirectory, vectorTimeout);
  }

  public EvalOptions withEmbedders(List<Embedder> newEmbedders) {
    return new EvalOptions(
        mode, settings, newEmbedders, documents, channels, dataDirectory, vectorTimeout);
  }

  public EvalOptions withDocuments(List<DocumentStyle> newDocuments) {
    return new EvalOptions(
        mode, settings, embedders, newDocuments, channels, dataDirectory, vectorTimeout);
  }

  public EvalOptions withChannels(Set<String> newChannels) {
    return new EvalOptions(
        mode, settings, embedders, documents, newChannels, dataDirectory, vectorTimeout);
  }

  public EvalOptions withDataDirectory(Path directory) {
    return new EvalOptions(
        mode, settings, embedders, documents, channels, Optional.of(directory), vectorTimeout);
  }

  public EvalOptions withMode(EvalMode newMode) {
    return new EvalOptions(
        newMode, settings, embedders, documents, channels, dataDirectory, vectorTimeout);
  }
}
