package io.toolgate.search.vector;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.search.spi.Embedder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The background thread that computes one embedder's tool vectors and publishes them as {@link
 * VectorTable}s: it takes what {@link CachedVectors} knows, embeds the rest in batches, publishes
 * each batch as it completes, reports progress of large jobs on stderr and records whether the
 * embedder failed.
 *
 * <p>Refreshes that queue up while it works collapse into one for the latest catalog ({@code
 * pending} holds only the newest). Searches read {@link #table()}, an immutable table published
 * through a volatile field; everything else of the pass stays on the worker's own thread.
 */
final class EmbeddingWorker {
  // Logs under ToolVectors: operators know the vector channel's lines by that name.
  private static final Logger LOG = LoggerFactory.getLogger(ToolVectors.class);
  private static final int PROGRESS_THRESHOLD = 500;
  private static final long SAVE_EVERY_NANOS = 30_000_000_000L;

  private final Embedder embedder;
  private final DocumentStyle style;
  private final int batchSize;
  private final int exactLimit;
  private final CachedVectors cache;
  private final ExecutorService executor;
  private final AtomicReference<ToolDefinition[]> pending = new AtomicReference<>();
  private final Object progressLock = new Object();
  private volatile VectorTable table = VectorTable.EMPTY;
  private volatile boolean ready;
  private volatile Optional<String> failure = Optional.empty();
  private volatile boolean closed;
  private long submitted;
  private long completed;

  EmbeddingWorker(
      Embedder embedder,
      DocumentStyle style,
      int batchSize,
      int exactLimit,
      Optional<ToolVectorCache> cache) {
    this.embedder = embedder;
    this.style = style;
    this.batchSize = batchSize;
    this.exactLimit = exactLimit;
    this.cache = new CachedVectors(cache, embedder.dimension());
    this.executor =
        Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("toolgate-embed-" + embedder.modelId()).factory());
  }

  /** The vectors published so far. */
  VectorTable table() {
    return table;
  }

  /** Whether the first pass is done and the embedder has not failed since. */
  boolean usable() {
    return ready && failure.isEmpty();
  }

  /** Why the last pass failed, if it did. */
  Optional<String> failure() {
    return failure;
  }

  /** Schedules a pass over {@code toolsBySlot}; returns at once. */
  void refresh(ToolDefinition[] toolsBySlot) {
    pending.set(toolsBySlot);
    synchronized (progressLock) {
      submitted++;
    }
    executor.execute(this::drain);
  }

  /**
   * Schedules publishing every tool's cached vector when the cache has all of them; the future says
   * whether it had.
   */
  Future<Boolean> preload(ToolDefinition[] tools) {
    return executor.submit(() -> loadIfAllCached(tools));
  }

  /** On the worker: publishes every tool's cached vector when the cache has all of them. */
  private boolean loadIfAllCached(ToolDefinition[] tools) {
    if (!cache.persistent()) {
      return false;
    }
    cache.load();
    Map<Integer, float[]> hits = new HashMap<>();
    for (int slot = 0; slot < tools.length; slot++) {
      if (tools[slot] != null
          && !cache.copyTo(hits, slot, VectorCache.key(tools[slot].checksum()))) {
        return false;
      }
    }
    publish(tools, hits);
    ready = true;
    failure = Optional.empty();
    return true;
  }

  /** Waits until every scheduled refresh has run; false when {@code timeout} passed first. */
  boolean awaitIdle(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (progressLock) {
      while (completed < submitted) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return false;
        }
        progressLock.wait(Math.max(1, left / 1_000_000));
      }
      return true;
    }
  }

  private void drain() {
    try {
      ToolDefinition[] tools = pending.getAndSet(null);
      if (tools != null) {
        process(tools);
      }
    } finally {
      synchronized (progressLock) {
        completed++;
        progressLock.notifyAll();
      }
    }
  }

  private void process(ToolDefinition[] tools) {
    try {
      boolean firstPass = !cache.loaded();
      cache.load();
      VectorTable current = table;
      List<Integer> missing = new ArrayList<>();
      Map<Integer, float[]> fromCache = new HashMap<>();
      Set<Long> live = new HashSet<>();
      for (int slot = 0; slot < tools.length; slot++) {
        if (tools[slot] == null) {
          continue;
        }
        long key = VectorCache.key(tools[slot].checksum());
        live.add(key);
        if (!current.holds(slot, key) && !cache.copyTo(fromCache, slot, key)) {
          missing.add(slot);
        }
      }
      if (!firstPass) {
        missing = cache.fetchShared(tools, missing, fromCache);
      }
      publish(tools, fromCache);
      embed(tools, missing);
      boolean pruned = cache.retainOnly(live);
      if (cache.persistent() && (!missing.isEmpty() || pruned)) {
        cache.save();
      }
      ready = true;
      failure = Optional.empty();
    } catch (RuntimeException e) {
      if (closed || jvmExiting()) {
        // The embedder refuses new work once closed, e.g. while a command that failed at start
        // shuts down, or while the JVM exits (ONNX Runtime does): not a failure to warn about.
        LOG.debug(
            "embedding tools with {} stopped: closed or the JVM is exiting", embedder.modelId());
        return;
      }
      failure = Optional.of(embedder.modelId() + ": " + e.getMessage());
      LOG.warn(
          "embedding tools with {} failed; search stays lexical until it works: {}",
          embedder.modelId(),
          e.toString());
    }
  }

  private void embed(ToolDefinition[] tools, List<Integer> missing) {
    boolean report = missing.size() > PROGRESS_THRESHOLD;
    int lastDecile = 0;
    long lastSave = System.nanoTime();
    for (int from = 0; from < missing.size(); from += batchSize) {
      List<Integer> batch = missing.subList(from, Math.min(missing.size(), from + batchSize));
      publish(tools, embedBatch(tools, batch));
      if (cache.persistent() && System.nanoTime() - lastSave > SAVE_EVERY_NANOS) {
        // A long first pass keeps what it has done if the process stops midway.
        cache.save();
        lastSave = System.nanoTime();
      }
      int decile = (from + batch.size()) * 10 / missing.size();
      if (report && decile > lastDecile) {
        lastDecile = decile;
        System.err.printf(
            "toolgate: embedding tools with %s: %d%% (%,d of %,d)%n",
            embedder.modelId(), decile * 10, from + batch.size(), missing.size());
      }
    }
  }

  /** One embedder call: the vectors of {@code batch} by slot, also remembered in the cache. */
  private Map<Integer, float[]> embedBatch(ToolDefinition[] tools, List<Integer> batch) {
    List<String> docs = new ArrayList<>(batch.size());
    for (int slot : batch) {
      docs.add(style.document(tools[slot]));
    }
    float[][] vectors = embedder.embedDocuments(docs);
    if (vectors.length != batch.size()) {
      throw new IllegalStateException(
          "embedder returned " + vectors.length + " vectors for " + batch.size() + " documents");
    }
    Map<Integer, float[]> done = new HashMap<>();
    for (int i = 0; i < vectors.length; i++) {
      if (vectors[i].length != embedder.dimension()) {
        throw new IllegalStateException(
            "embedder returned a vector of "
                + vectors[i].length
                + " dimensions, expected "
                + embedder.dimension());
      }
      int slot = batch.get(i);
      done.put(slot, vectors[i]);
      cache.put(VectorCache.key(tools[slot].checksum()), vectors[i]);
    }
    return done;
  }

  private void publish(ToolDefinition[] tools, Map<Integer, float[]> vectors) {
    if (vectors.isEmpty()) {
      return;
    }
    table = table.with(tools, vectors, embedder.dimension(), exactLimit);
  }

  /** Whether the JVM runs its shutdown hooks: it then refuses new ones. */
  static boolean jvmExiting() {
    Thread probe = new Thread(() -> {});
    try {
      Runtime.getRuntime().addShutdownHook(probe);
      Runtime.getRuntime().removeShutdownHook(probe);
      return false;
    } catch (IllegalStateException e) {
      return true;
    }
  }

  /** Stops the thread; vectors in flight are dropped. */
  void close() {
    closed = true;
    executor.shutdownNow();
  }
}
