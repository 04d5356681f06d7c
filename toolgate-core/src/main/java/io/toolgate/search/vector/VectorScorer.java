package io.toolgate.search.vector;

import io.toolgate.search.fusion.ChannelInput;
import java.util.Arrays;
import java.util.Optional;
import org.apache.lucene.util.VectorUtil;

/**
 * Scores a query against a {@link VectorTable}: the cosine with every allowed tool's vector, or,
 * above the exact limit, with a pool picked by the Hamming distance of sign bits (see {@link
 * ToolVectors#score}). Stateless; the hot code of the vector channel, so the loops read the table's
 * arrays directly and allocate nothing per tool.
 */
final class VectorScorer {
  private static final int MIN_POOL = 1_000;
  private static final int POOL_PERCENT = 1;
  private static final int PREFETCH = 4;

  /** Where the touches ahead go, so that the compiler keeps them. */
  @SuppressWarnings("unused")
  private static int prefetchSink;

  private VectorScorer() {}

  /**
   * Writes the cosines of {@code query} into {@code out}, every one when {@code t} holds at most
   * {@code exactLimit} vectors, else the screened pool's; returns the moments of all cosines in the
   * second case.
   */
  static Optional<ChannelInput.Moments> score(
      VectorTable t,
      float[] query,
      long[] keys,
      boolean[] allowed,
      ToolVectors.ScoreSink out,
      int exactLimit) {
    Int8Vector q = Int8Vector.of(query);
    int n = Math.min(t.vectors().length, keys.length);
    if (t.count() <= exactLimit) {
      byte[][] vectors = t.vectors();
      float[] scales = t.scales();
      long[] tableKeys = t.keys();
      for (int slot = 0; slot < n; slot++) {
        if (eligible(vectors, tableKeys, slot, keys, allowed)) {
          out.accept(slot, cosine(q, vectors, scales, slot));
        }
      }
      return Optional.empty();
    }
    return screen(t, q, n, keys, allowed, out);
  }

  private static Optional<ChannelInput.Moments> screen(
      VectorTable t,
      Int8Vector q,
      int n,
      long[] keys,
      boolean[] allowed,
      ToolVectors.ScoreSink out) {
    int words = VectorTable.words(q.values().length);
    long[] querySigns = new long[words];
    VectorTable.signs(q.values(), querySigns, 0);
    int bits = words * 64;
    short[] distance = new short[n];
    // Four interleaved histograms: consecutive tools mostly fall in the same few bins, and one
    // histogram would chain every increment on the store before it.
    int[] histogram = new int[4 * (bits + 1)];
    int eligible = distances(t, n, allowed, querySigns, distance, histogram);
    int pool = Math.max(MIN_POOL, eligible * POOL_PERCENT / 100);
    int threshold = threshold(histogram, bits, pool);
    int[] poolSlots = new int[pool + pool / 2];
    int pooled = 0;
    // Without a filter the sample is the table's own, copied side by side in memory when the table
    // was published; with one, every stride-th eligible tool.
    VectorTable.Sample sample = allowed == null && eligible == t.count() ? t.sample() : null;
    int[] sampleSlots = sample != null ? sample.slots() : new int[VectorTable.SAMPLE + 1];
    int sampled = sample != null ? sample.slots().length : 0;
    int stride = Math.max(1, eligible / VectorTable.SAMPLE);
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
    scorePool(t, q, poolSlots, pooled, keys, allowed, out);
    return Optional.of(moments(t, q, sample, sampleSlots, sampled, keys, allowed));
  }

  /**
   * Fills {@code distance} (-1 for a slot left out) and the four interleaved {@code histogram}s;
   * returns how many slots take part.
   */
  private static int distances(
      VectorTable t,
      int n,
      boolean[] allowed,
      long[] querySigns,
      short[] distance,
      int[] histogram) {
    int words = querySigns.length;
    int bits = words * 64;
    int eligible = 0;
    byte[][] vectors = t.vectors();
    long[] signs = t.signs();
    // This pass reads the sign bits, the filter and whether the slot has a vector at all (free
    // slots of the catalog must not count); whether that vector is current is checked for the few
    // that get a cosine.
    for (int slot = 0; slot < n; slot++) {
      if (vectors[slot] == null || (allowed != null && !allowed[slot])) {
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
    return eligible;
  }

  /** Merges the four histograms into the first; the smallest distance that lets {@code pool} in. */
  private static int threshold(int[] histogram, int bits, int pool) {
    for (int d = 0; d <= bits; d++) {
      histogram[d] +=
          histogram[bits + 1 + d] + histogram[2 * (bits + 1) + d] + histogram[3 * (bits + 1) + d];
    }
    int threshold = 0;
    for (int seen = histogram[0]; seen < pool && threshold < bits; seen += histogram[++threshold]) {
      // the smallest distance that lets at least `pool` tools in
    }
    return threshold;
  }

  private static void scorePool(
      VectorTable t,
      Int8Vector q,
      int[] poolSlots,
      int pooled,
      long[] keys,
      boolean[] allowed,
      ToolVectors.ScoreSink out) {
    byte[][] vectors = t.vectors();
    float[] scales = t.scales();
    long[] tableKeys = t.keys();
    // The pool's vectors are scattered over the heap, and each cosine would wait for its vector's
    // cache miss: touching the vector a few slots ahead first lets that miss overlap this one's
    // arithmetic (a cold 100,000-tool table: 0.78 -> 0.56 ms for 2,100 cosines).
    int touched = 0;
    for (int i = 0; i < pooled; i++) {
      if (i + PREFETCH < pooled) {
        byte[] ahead = vectors[poolSlots[i + PREFETCH]];
        touched += ahead.length == 0 ? 0 : ahead[0];
      }
      int slot = poolSlots[i];
      if (eligible(vectors, tableKeys, slot, keys, allowed)) {
        out.accept(slot, cosine(q, vectors, scales, slot));
      }
    }
    prefetchSink = touched;
  }

  /** The moments of the sampled tools' cosines, from the sample's side-by-side copies if given. */
  private static ChannelInput.Moments moments(
      VectorTable t,
      Int8Vector q,
      VectorTable.Sample sample,
      int[] sampleSlots,
      int sampled,
      long[] keys,
      boolean[] allowed) {
    byte[][] vectors = t.vectors();
    float[] scales = t.scales();
    long[] tableKeys = t.keys();
    byte[][] copies = sample != null ? sample.vectors() : null;
    double sum = 0;
    double sumSquares = 0;
    int scored = 0;
    for (int i = 0; i < sampled; i++) {
      int slot = sampleSlots[i];
      if (eligible(vectors, tableKeys, slot, keys, allowed)) {
        byte[] vector = copies != null ? copies[i] : vectors[slot];
        float cosine = q.scale() * scales[slot] * VectorUtil.dotProduct(q.values(), vector);
        sum += cosine;
        sumSquares += (double) cosine * cosine;
        scored++;
      }
    }
    return ChannelInput.Moments.of(sum, sumSquares, Math.max(1, scored));
  }

  private static boolean eligible(
      byte[][] vectors, long[] tableKeys, int slot, long[] keys, boolean[] allowed) {
    // Keys first: two sequential arrays decide almost every slot.
    return tableKeys[slot] == keys[slot]
        && (allowed == null || allowed[slot])
        && vectors[slot] != null;
  }

  private static float cosine(Int8Vector q, byte[][] vectors, float[] scales, int slot) {
    return q.scale() * scales[slot] * VectorUtil.dotProduct(q.values(), vectors[slot]);
  }
}
