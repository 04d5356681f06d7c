package io.toolgate.search.vector;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.search.spi.Embedder;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.util.VectorUtil;
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
 */
public final class ToolVectors implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ToolVectors.class);
  private static final int PROGRESS_THRESHOLD = 500;
  private static final long SAVE_EVERY_NANOS = 30_000_000_000L;

  private final Embedder embedder;
  private final DocumentStyle style;
  private final Optional<VectorCache> cache;
  private final int batchSize;
  private final ExecutorService worker;
  private final AtomicReference<ToolDefinition[]> pending = new AtomicReference<>();
  private final Object progressLock = new Object();
  private volatile Table table = new Table(new float[0][], new long[0]);
  private volatile boolean ready;
  private volatile Optional<String> failure = Optional.empty();
  private Map<Long, float[]> cached;
  private long submitted;
  private long completed;

  /** Vectors by slot, each with the checksum key of the tool it was computed for. */
  private record Table(float[][] vectors, long[] keys) {}

  /**
   * Vectors of {@code embedder}.
   *
   * @param dataDirectory where the cache file lives; empty for no cache
   * @param batchSize how many tools one embedder call receives
   */
  public ToolVectors(
      Embedder embedder,
      DocumentStyle style,
      Optional<java.nio.file.Path> dataDirectory,
      int batchSize) {
    if (batchSize < 1) {
      throw new IllegalArgumentException("illegal batch size: " + batchSize + ", must be >= 1");
    }
    this.embedder = embedder;
    this.style = style;
    this.batchSize = batchSize;
    this.cache =
        dataDirectory.map(
            dir -> new VectorCache(dir, embedder.modelId(), embedder.dimension(), style.name()));
    this.worker =
        Executors.newSingleThreadExecutor(
            Thread.ofPlatform().daemon().name("toolgate-embed-" + embedder.modelId()).factory());
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
    return ready && failure.isEmpty();
  }

  /** Why the last embedding pass failed, if it did. */
  public Optional<String> failure() {
    return failure;
  }

  /**
   * Schedules vectors for every tool of {@code toolsBySlot} (null entries are free slots) that has
   * none for its current checksum. Returns at once.
   */
  public void refresh(ToolDefinition[] toolsBySlot) {
    pending.set(toolsBySlot);
    synchronized (progressLock) {
      submitted++;
    }
    worker.execute(this::drain);
  }

  /**
   * Waits until every scheduled refresh has run.
   *
   * @return false when {@code timeout} passed first
   */
  public boolean awaitIdle(Duration timeout) throws InterruptedException {
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

  /**
   * Writes the cosine of {@code query} with each allowed tool's vector into {@code out}.
   *
   * @param keys the checksum key of the tool in each slot (a vector counts only when it was
   *     computed for that checksum)
   * @param allowed which slots take part; null for all
   * @param out receives (slot, cosine) for every tool with a current vector
   */
  public void score(float[] query, long[] keys, boolean[] allowed, ScoreSink out) {
    Table t = table;
    int n = Math.min(t.vectors.length, keys.length);
    for (int slot = 0; slot < n; slot++) {
      float[] v = t.vectors[slot];
      if (v != null && t.keys[slot] == keys[slot] && (allowed == null || allowed[slot])) {
        out.accept(slot, VectorUtil.dotProduct(query, v));
      }
    }
  }

  /** Receives one score. */
  @FunctionalInterface
  public interface ScoreSink {
    void accept(int slot, float score);
  }

  /** How many tools have a vector now (for progress and capabilities). */
  public int vectorCount() {
    int count = 0;
    for (float[] v : table.vectors) {
      count += v == null ? 0 : 1;
    }
    return count;
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
      if (cached == null) {
        cached = cache.map(VectorCache::load).orElseGet(HashMap::new);
      }
      Table current = table;
      List<Integer> missing = new ArrayList<>();
      Map<Integer, float[]> fromCache = new HashMap<>();
      Set<Long> live = new HashSet<>();
      for (int slot = 0; slot < tools.length; slot++) {
        if (tools[slot] == null) {
          continue;
        }
        long key = VectorCache.key(tools[slot].checksum());
        live.add(key);
        if (slot < current.keys.length
            && current.vectors[slot] != null
            && current.keys[slot] == key) {
          continue;
        }
        float[] hit = cached.get(key);
        if (hit != null && hit.length == embedder.dimension()) {
          fromCache.put(slot, hit);
        } else {
          missing.add(slot);
        }
      }
      publish(tools, fromCache);
      embed(tools, missing);
      boolean pruned = cached.keySet().retainAll(live);
      if (cache.isPresent() && (!missing.isEmpty() || pruned)) {
        save();
      }
      ready = true;
      failure = Optional.empty();
    } catch (RuntimeException e) {
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
        cached.put(VectorCache.key(tools[slot].checksum()), vectors[i]);
      }
      publish(tools, done);
      if (cache.isPresent() && System.nanoTime() - lastSave > SAVE_EVERY_NANOS) {
        // A long first pass keeps what it has done if the process stops midway.
        save();
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

  private void publish(ToolDefinition[] tools, Map<Integer, float[]> vectors) {
    if (vectors.isEmpty()) {
      return;
    }
    Table current = table;
    int size = Math.max(tools.length, current.vectors.length);
    float[][] nextVectors = Arrays.copyOf(current.vectors, size);
    long[] nextKeys = Arrays.copyOf(current.keys, size);
    for (Map.Entry<Integer, float[]> e : vectors.entrySet()) {
      nextVectors[e.getKey()] = e.getValue();
      nextKeys[e.getKey()] = VectorCache.key(tools[e.getKey()].checksum());
    }
    table = new Table(nextVectors, nextKeys);
  }

  private void save() {
    try {
      cache.orElseThrow().save(cached);
    } catch (IOException e) {
      LOG.warn("cannot write vector cache {}: {}", cache.orElseThrow().file(), e.toString());
    }
  }

  /** Stops the worker; vectors in flight are dropped. */
  @Override
  public void close() {
    worker.shutdownNow();
  }
}
