package io.toolgate.search.vector;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.search.fusion.ChannelInput;
import io.toolgate.search.spi.Embedder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The vectors of every tool for one embedder, computed in the background and cached on disk.
 *
 * <pre>{@code
 * ToolVectors vectors = new ToolVectors(embedder, DocumentStyle.PLAIN, Optional.of(dataDir), 64);
 * vectors.refresh(toolsBySlot);           // returns at once; a worker thread embeds
 * vectors.awaitIdle(Duration.ofMinutes(1));
 * float[] cosines = ...; vectors.score(embedder.embedQuery("rain?"), keys, allowed, out);
 * }</pre>
 *
 * <p>{@link #refresh} hands the current catalog (tools by slot) to a named platform thread, {@code
 * toolgate-embed-<model>}. It takes vectors from the {@link VectorCache} where the tool's checksum
 * is known, embeds the rest in batches, publishes each batch as it completes, and then rewrites the
 * cache file. Refreshes that queue up while it works collapse into one for the latest catalog.
 * Large jobs (over 500 tools) report progress on stderr every 10%.
 *
 * <p>Until the first pass is done, or after the embedder failed, {@link #usable()} is false and
 * search stays lexical; a later refresh tries again. A tool whose vector is not computed yet simply
 * has no vector score. Thread-safe: searches read an immutable table published through a volatile
 * field.
 *
 * <p>The parts, package-private: {@link EmbeddingWorker} (the thread, its batches, progress and
 * failure state), {@link CachedVectors} (the cache's vectors in memory, shared fetches, saving),
 * {@link VectorTable} (the published int8 vectors, their sign bits and sample) and {@link
 * VectorScorer} (exact and sign-bit-screened scoring).
 */
public final class ToolVectors implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ToolVectors.class);

  /** The default: above this many vectors a search screens by sign bits before cosines. */
  public static final int EXACT_LIMIT = 5_000;

  private final Embedder embedder;
  private final DocumentStyle style;
  private final int exactLimit;
  private final EmbeddingWorker worker;

  /**
   * Vectors of {@code embedder}.
   *
   * @param dataDirectory where the cache file lives; empty for no cache
   * @param batchSize how many tools one embedder call receives
   */
  public ToolVectors(
      Embedder embedder, DocumentStyle style, Optional<Path> dataDirectory, int batchSize) {
    this(embedder, style, dataDirectory, batchSize, EXACT_LIMIT);
  }

  /** As above, screening by sign bits above {@code exactLimit} vectors (0: always). */
  public ToolVectors(
      Embedder embedder,
      DocumentStyle style,
      Optional<Path> dataDirectory,
      int batchSize,
      int exactLimit) {
    this(embedder, style, batchSize, exactLimit, dataDirectory.map(ToolVectorCache::inDirectory));
  }

  /**
   * As above, with the vectors cached where {@code cache} says (a file per model, or a store shared
   * by replicas); empty for no cache.
   */
  public ToolVectors(
      Embedder embedder,
      DocumentStyle style,
      int batchSize,
      int exactLimit,
      Optional<ToolVectorCache.Factory> cache) {
    this.exactLimit = exactLimit;
    if (batchSize < 1) {
      throw new IllegalArgumentException("illegal batch size: " + batchSize + ", must be >= 1");
    }
    this.embedder = embedder;
    this.style = style;
    this.worker =
        new EmbeddingWorker(
            embedder,
            style,
            batchSize,
            exactLimit,
            cache.map(f -> f.open(embedder.modelId(), embedder.dimension(), style.name())));
  }

  /** The embedder. */
  public Embedder embedder() {
    return embedder;
  }

  /** The text each tool is embedded as. */
  public DocumentStyle style() {
    return style;
  }

  /** Whether the first pass is done and the embedder has not failed since: hybrid search is on. */
  public boolean usable() {
    return worker.usable();
  }

  /** Why the last embedding pass failed, if it did. */
  public Optional<String> failure() {
    return worker.failure();
  }

  /**
   * Schedules vectors for every tool of {@code toolsBySlot} (null entries are free slots) that has
   * none for its current checksum. Returns at once.
   */
  public void refresh(ToolDefinition[] toolsBySlot) {
    worker.refresh(toolsBySlot);
  }

  /**
   * Publishes the cached vectors of every tool of {@code toolsBySlot} before it returns, for each
   * of {@code all} whose cache holds them all (each on its own worker, side by side). A vectors set
   * that misses one keeps today's course: its next {@link #refresh} embeds in the background and
   * search stays lexical until then. Loading the demo catalog's two caches takes milliseconds, and
   * without it the first searches after a start ran lexically while the workers loaded them.
   */
  public static void preloadAll(List<ToolVectors> all, ToolDefinition[] toolsBySlot) {
    List<Future<Boolean>> loads = new ArrayList<>();
    for (ToolVectors v : all) {
      loads.add(v.worker.preload(toolsBySlot.clone()));
    }
    for (Future<Boolean> load : loads) {
      try {
        load.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (ExecutionException e) {
        LOG.debug("preloading cached vectors failed; they load in the background", e);
      }
    }
  }

  /**
   * Waits until every scheduled refresh has run.
   *
   * @return false when {@code timeout} passed first
   */
  public boolean awaitIdle(Duration timeout) throws InterruptedException {
    return worker.awaitIdle(timeout);
  }

  /**
   * Writes the cosine of {@code query} with allowed tools' vectors into {@code out}: with every
   * one, or, above the exact limit ({@value #EXACT_LIMIT} by default), with the best of them.
   *
   * <p>A large catalog is screened first: the Hamming distance between the sign bits of the query
   * and of each vector (48 bytes a tool instead of 384, a few nanoseconds) picks a pool of the
   * closest 1% (at least 1,000), and only those get a cosine. The mean and standard deviation of
   * all cosines, which z-score fusion needs, come from a systematic sample of 1,024 tools and are
   * returned; the tools outside the pool are left out of {@code out}.
   *
   * @param keys the checksum key of the tool in each slot (a vector counts only when it was
   *     computed for that checksum)
   * @param allowed which slots take part; null for all
   * @param out receives (slot, cosine)
   * @return the statistics of all cosines when {@code out} received only the pool; empty when it
   *     received every one
   */
  public Optional<ChannelInput.Moments> score(
      float[] query, long[] keys, boolean[] allowed, ScoreSink out) {
    return VectorScorer.score(worker.table(), query, keys, allowed, out, exactLimit);
  }

  /** Receives one score. */
  @FunctionalInterface
  public interface ScoreSink {
    void accept(int slot, float score);
  }

  /** How many tools have a vector now (for progress and capabilities). */
  public int vectorCount() {
    return worker.table().count();
  }

  /** Stops the worker; vectors in flight are dropped. */
  @Override
  public void close() {
    worker.close();
  }
}
