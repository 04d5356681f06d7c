package io.toolgate.search.vector;

import io.toolgate.catalog.ToolDefinition;
import java.util.Arrays;
import java.util.Map;

/**
 * Vectors by slot, int8-quantized ({@link Int8Vector}), each with its scale, the checksum key of
 * the tool it was computed for, and its sign bits ({@code words} longs a slot, flat).
 *
 * <p>Immutable once built: the embedding worker publishes a new table with {@link #with} and
 * searches read whichever table was current when they started.
 */
record VectorTable(
    byte[][] vectors, float[] scales, long[] keys, long[] signs, int count, Sample sample) {

  /** How many tools the moments of a screened search are estimated from. */
  static final int SAMPLE = 1_024;

  /** No vectors at all. */
  static final VectorTable EMPTY =
      new VectorTable(new byte[0][], new float[0], new long[0], new long[0], 0, null);

  /**
   * The systematic sample of a screened table (every {@code count / 1,024}-th slot with a vector),
   * with copies of its vectors allocated one after another: the z-statistics read them as one
   * stream instead of 1,024 scattered cache misses (about 0.4 ms a search at 100,000 tools).
   */
  record Sample(int[] slots, byte[][] vectors) {
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

  /** Whether {@code slot} has a vector computed for the checksum {@code key}. */
  boolean holds(int slot, long key) {
    return slot < keys.length && vectors[slot] != null && keys[slot] == key;
  }

  /**
   * This table with {@code added} (float vectors by slot of {@code tools}) quantized into it; a
   * table of more than {@code exactLimit} vectors carries the {@link Sample} screened searches use.
   */
  VectorTable with(
      ToolDefinition[] tools, Map<Integer, float[]> added, int dimension, int exactLimit) {
    int size = Math.max(tools.length, vectors.length);
    byte[][] nextVectors = Arrays.copyOf(vectors, size);
    float[] nextScales = Arrays.copyOf(scales, size);
    long[] nextKeys = Arrays.copyOf(keys, size);
    int words = words(dimension);
    long[] nextSigns = Arrays.copyOf(signs, size * words);
    int nextCount = count;
    for (Map.Entry<Integer, float[]> e : added.entrySet()) {
      int slot = e.getKey();
      Int8Vector q = Int8Vector.of(e.getValue());
      nextCount += nextVectors[slot] == null ? 1 : 0;
      nextVectors[slot] = q.values();
      nextScales[slot] = q.scale();
      nextKeys[slot] = VectorCache.key(tools[slot].checksum());
      Arrays.fill(nextSigns, slot * words, (slot + 1) * words, 0L);
      signs(q.values(), nextSigns, slot * words);
    }
    Sample nextSample = nextCount > exactLimit ? Sample.of(nextVectors, nextCount) : null;
    return new VectorTable(nextVectors, nextScales, nextKeys, nextSigns, nextCount, nextSample);
  }

  /** How many longs hold the sign bits of one vector of {@code dimension}. */
  static int words(int dimension) {
    return (dimension + 63) / 64;
  }

  /** Sets bit i of {@code out[offset …]} where component i is positive. */
  static void signs(byte[] values, long[] out, int offset) {
    for (int i = 0; i < values.length; i++) {
      long positive = (-values[i]) >>> 31; // 1 when values[i] > 0, without a branch
      out[offset + (i >>> 6)] |= positive << (i & 63);
    }
  }
}
