package io.toolgate.search.vector;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.search.fusion.ChannelInput;
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
  // Above this many misses a refresh is a first load or a new catalog, not a few tools another
  // replica may have embedded: looking each up would cost more than it saves.
  private static final int SHARED_FETCH_LIMIT = 1_000;

  private final Embedder embedder;
  private final DocumentStyle style;
  private final Optional<ToolVectorCache> cache;
  private final int batchSize;
  private final ExecutorService worker;
  private final AtomicReference<ToolDefinition[]> pending = new AtomicReference<>();
  private final Object progressLock = new Object();
  private volatile Table table =
      new Table(new byte[0][], new float[0], new long[0], new long[0], 0, null);
  private volatile boolean ready;
  private volatile Optional<String> failure = Optional.empty();
  private Map<Long, float[]> cached;
  private long submitted;
  private long completed;

  /** The default: above this many vectors a search screens by sign bits before cosines. */
  public static final int EXACT_LIMIT = 5_000;

  private static final int MIN_POOL = 1_000;
  private static final int POOL_PERCENT = 1;
  private static final int SAMPLE = 1_024;
  private static final int PREFETCH = 4;

  private final int exactLimit;

  /**
   * Vectors by slot, int8-quantized ({@link Int8Vector}), each with its scale, the checksum key of
   * the tool it was computed for, and its sign bits ({@code words} longs a slot, flat).
   */
  private record Table(
      byte[][] vectors, float[] scales, long[] keys, long[] signs, int count, Sample sample) {}

  /**
   * The systematic sample of a screened table (every {@code count / 1,024}-th slot with a vector),
   * with copies of its vectors allocated one after another: the z-statistics read them as one
   * stream instead of 1,024 scattered cache misses (about 0.4 ms a search at 100,000 tools).
   */
  private record Sample(int[] slots, byte[][] vectors) {
    static Sample of(byte[][] vectors, int count) {
      int stride = Math.max(1, count / SAMPLE);
      int[] slots = new int[(count + stride - 1) / stride];
      int taken = 0;
      int untilSample = 0;
      for (int slot = 0; slot < vectors.length && taken < slots.length; slot++) {
        if (vectors[slot] != null && untilSample-- == 0) {
          untilSample = stride - 1;
          slots[taken++] = slot;
        }
      }
      byte[][] copies = new byte[taken][];
      for (int i = 0; i < taken; i++) {
        copies[i] = vectors[slots[i]].clone();
      }
      return new Sample(Arrays.copyOf(slots, taken), copies);
    }
  }

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
    this(embedder, style, dataDirectory, batchSize, EXACT_LIMIT);
  }

  /** As above, screening by sign bits above {@code exactLimit} vectors (0: always). */
  public ToolVectors(
      Embedder embedder,
      DocumentStyle style,
      Optional<java.nio.file.Path> dataDirectory,
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
    this.batchSize = batchSize;
    this.cache = cache.map(f -> f.open(embedder.modelId(), embedder.dimension(), style.name()));
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
   * Publishes the cached vectors of every tool of {@code toolsBySlot} before it returns, for each
   * of {@code all} whose cache holds them all (each on its own worker, side by side). A vectors set
   * that misses one keeps today's course: its next {@link #refresh} embeds in the background and
   * search stays lexical until then. Loading the demo catalog's two caches takes milliseconds, and
   * without it the first searches after a start ran lexically while the workers loaded them.
   */
  public static void preloadAll(List<ToolVectors> all, ToolDefinition[] toolsBySlot) {
    List<java.util.concurrent.Future<Boolean>> loads = new ArrayList<>();
    for (ToolVectors v : all) {
      ToolDefinition[] tools = toolsBySlot.clone();
      loads.add(v.worker.submit(() -> v.loadIfAllCached(tools)));
    }
    for (java.util.concurrent.Future<Boolean> load : loads) {
      try {
        load.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (java.util.concurrent.ExecutionException e) {
        LOG.debug("preloading cached vectors failed; they load in the background", e);
      }
    }
  }

  /** On the worker: publishes every tool's cached vector when the cache has all of them. */
  private boolean loadIfAllCached(ToolDefinition[] tools) {
    if (cache.isEmpty()) {
      return false;
    }
    if (cached == null) {
      cached = cache.get().load();
    }
    Map<Integer, float[]> hits = new HashMap<>();
    for (int slot = 0; slot < tools.length; slot++) {
      if (tools[slot] == null) {
        continue;
      }
      float[] hit = cached.get(VectorCache.key(tools[slot].checksum()));
      if (hit == null || hit.length != embedder.dimension()) {
        return false;
      }
      hits.put(slot, hit);
    }
    publish(tools, hits);
    ready = true;
    failure = Optional.empty();
    return true;
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
    Table t = table;
    Int8Vector q = Int8Vector.of(query);
    int n = Math.min(t.vectors.length, keys.length);
    if (t.count <= exactLimit) {
      for (int slot = 0; slot < n; slot++) {
        if (eligible(t, slot, keys, allowed)) {
          out.accept(slot, cosine(q, t, slot));
        }
      }
      return Optional.empty();
    }
    int words = words(q.values().length);
    long[] querySigns = new long[words];
    signs(q.values(), querySigns, 0);
    int bits = words * 64;
    short[] distance = new short[n];
    // Four interleaved histograms: consecutive tools mostly fall in the same few bins, and one
    // histogram would chain every increment on the store before it.
    int[] histogram = new int[4 * (bits + 1)];
    int eligible = 0;
    long[] signs = t.signs;
    // This pass reads the sign bits, the filter and whether the slot has a vector at all (free
    // slots of the catalog must not count); whether that vector is current is checked for the few
    // that get a cosine.
    for (int slot = 0; slot < n; slot++) {
      if (t.vectors[slot] == null || (allowed != null && !allowed[slot])) {
        distance[slot] = -1;
        continue;
      }
      int base = slot * words;
      int d;
      if (words == 6) {
        // 384 dimensions, the size of both local models: unrolled, six POPCNTs a tool.
        d =
            Long.bitCount(querySigns[0] ^ signs[base])
                + Long.bitCount(querySigns[1] ^ signs[base + 1])
                + Long.bitCount(querySigns[2] ^ signs[base + 2])
                + Long.bitCount(querySigns[3] ^ signs[base + 3])
                + Long.bitCount(querySigns[4] ^ signs[base + 4])
                + Long.bitCount(querySigns[5] ^ signs[base + 5]);
      } else {
        d = 0;
        for (int w = 0; w < words; w++) {
          d += Long.bitCount(querySigns[w] ^ signs[base + w]);
        }
      }
      distance[slot] = (short) d;
      histogram[(slot & 3) * (bits + 1) + d]++;
      eligible++;
    }
    for (int d = 0; d <= bits; d++) {
      histogram[d] +=
          histogram[bits + 1 + d] + histogram[2 * (bits + 1) + d] + histogram[3 * (bits + 1) + d];
    }
    int pool = Math.max(MIN_POOL, eligible * POOL_PERCENT / 100);
    int threshold = 0;
    for (int seen = histogram[0]; seen < pool && threshold < bits; seen += histogram[++threshold]) {
      // the smallest distance that lets at least `pool` tools in
    }
    int[] poolSlots = new int[pool + pool / 2];
    int pooled = 0;
    // Without a filter the sample is the table's own, copied side by side in memory when the table
    // was published; with one, every stride-th eligible tool.
    Sample sample = allowed == null && eligible == t.count ? t.sample : null;
    int[] sampleSlots = sample != null ? sample.slots : new int[SAMPLE + 1];
    int sampled = sample != null ? sample.slots.length : 0;
    int stride = Math.max(1, eligible / SAMPLE);
    int untilSample = 0; // a countdown, not index % stride: a division per tool costs more
    for (int slot = 0; slot < n; slot++) {
      if (distance[slot] < 0) {
        continue;
      }
      if (distance[slot] <= threshold) {
        if (pooled == poolSlots.length) {
          poolSlots = Arrays.copyOf(poolSlots, pooled * 2);
        }
        poolSlots[pooled++] = slot;
      }
      if (sample == null && untilSample-- == 0) {
        untilSample = stride - 1;
        if (sampled == sampleSlots.length) {
          sampleSlots = Arrays.copyOf(sampleSlots, sampled * 2);
        }
        sampleSlots[sampled++] = slot;
      }
    }
    // The pool's vectors are scattered over the heap, and each cosine would wait for its vector's
    // cache miss: touching the vector a few slots ahead first lets that miss overlap this one's
    // arithmetic (a cold 100,000-tool table: 0.78 -> 0.56 ms for 2,100 cosines).
    int touched = 0;
    for (int i = 0; i < pooled; i++) {
      if (i + PREFETCH < pooled) {
        byte[] ahead = t.vectors[poolSlots[i + PREFETCH]];
        touched += ahead.length == 0 ? 0 : ahead[0];
      }
      int slot = poolSlots[i];
      if (eligible(t, slot, keys, allowed)) {
        out.accept(slot, cosine(q, t, slot));
      }
    }
    prefetchSink = touched;
    double sum = 0;
    double sumSquares = 0;
    int scored = 0;
    for (int i = 0; i < sampled; i++) {
      int slot = sampleSlots[i];
      if (eligible(t, slot, keys, allowed)) {
        byte[] vector = sample != null ? sample.vectors[i] : t.vectors[slot];
        float cosine = q.scale() * t.scales[slot] * VectorUtil.dotProduct(q.values(), vector);
        sum += cosine;
        sumSquares += (double) cosine * cosine;
        scored++;
      }
    }
    return Optional.of(ChannelInput.Moments.of(sum, sumSquares, Math.max(1, scored)));
  }

  /** Where the touches ahead go, so that the compiler keeps them. */
  @SuppressWarnings("unused")
  private static int prefetchSink;

  private static boolean eligible(Table t, int slot, long[] keys, boolean[] allowed) {
    // Keys first: two sequential arrays decide almost every slot.
    return t.keys[slot] == keys[slot]
        && (allowed == null || allowed[slot])
        && t.vectors[slot] != null;
  }

  private static float cosine(Int8Vector q, Table t, int slot) {
    return q.scale() * t.scales[slot] * VectorUtil.dotProduct(q.values(), t.vectors[slot]);
  }

  private static int words(int dimension) {
    return (dimension + 63) / 64;
  }

  /** Sets bit i of {@code out[offset …]} where component i is positive. */
  private static void signs(byte[] values, long[] out, int offset) {
    for (int i = 0; i < values.length; i++) {
      long positive = (-values[i]) >>> 31; // 1 when values[i] > 0, without a branch
      out[offset + (i >>> 6)] |= positive << (i & 63);
    }
  }

  /** Receives one score. */
  @FunctionalInterface
  public interface ScoreSink {
    void accept(int slot, float score);
  }

  /** How many tools have a vector now (for progress and capabilities). */
  public int vectorCount() {
    return table.count;
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
      boolean firstPass = cached == null;
      if (firstPass) {
        cached = cache.map(ToolVectorCache::load).orElseGet(HashMap::new);
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
      if (!firstPass) {
        missing = fetchShared(tools, missing, fromCache);
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

  /**
   * Takes the vectors another replica sharing the cache computed since it was loaded (a tool
   * registered through another replica); returns the slots still missing.
   */
  private List<Integer> fetchShared(
      ToolDefinition[] tools, List<Integer> missing, Map<Integer, float[]> fromCache) {
    if (cache.isEmpty() || missing.isEmpty() || missing.size() > SHARED_FETCH_LIMIT) {
      return missing;
    }
    Set<Long> keys = new HashSet<>();
    for (int slot : missing) {
      keys.add(VectorCache.key(tools[slot].checksum()));
    }
    Map<Long, float[]> found;
    try {
      found = cache.get().fetch(keys);
    } catch (RuntimeException e) {
      LOG.debug("cannot look up shared vectors in {}: {}", cache.get().describe(), e.toString());
      return missing;
    }
    List<Integer> still = new ArrayList<>();
    for (int slot : missing) {
      float[] hit = found.get(VectorCache.key(tools[slot].checksum()));
      if (hit != null && hit.length == embedder.dimension()) {
        fromCache.put(slot, hit);
        cached.put(VectorCache.key(tools[slot].checksum()), hit);
      } else {
        still.add(slot);
      }
    }
    return still;
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
    byte[][] nextVectors = Arrays.copyOf(current.vectors, size);
    float[] nextScales = Arrays.copyOf(current.scales, size);
    long[] nextKeys = Arrays.copyOf(current.keys, size);
    int words = words(embedder.dimension());
    long[] nextSigns = Arrays.copyOf(current.signs, size * words);
    int count = current.count;
    for (Map.Entry<Integer, float[]> e : vectors.entrySet()) {
      int slot = e.getKey();
      Int8Vector q = Int8Vector.of(e.getValue());
      count += nextVectors[slot] == null ? 1 : 0;
      nextVectors[slot] = q.values();
      nextScales[slot] = q.scale();
      nextKeys[slot] = VectorCache.key(tools[slot].checksum());
      Arrays.fill(nextSigns, slot * words, (slot + 1) * words, 0L);
      signs(q.values(), nextSigns, slot * words);
    }
    Sample sample = count > exactLimit ? Sample.of(nextVectors, count) : null;
    table = new Table(nextVectors, nextScales, nextKeys, nextSigns, count, sample);
  }

  private void save() {
    try {
      cache.orElseThrow().save(cached);
    } catch (IOException e) {
      LOG.warn("cannot write vector cache {}: {}", cache.orElseThrow().describe(), e.toString());
    }
  }

  /** Stops the worker; vectors in flight are dropped. */
  @Override
  public void close() {
    worker.shutdownNow();
  }
}
