package io.toolgate.search.vector;

/**
 * A vector stored as bytes: {@code x[i] ≈ scale · values[i]}, one scale per vector, chosen so the
 * largest component maps to ±127.
 *
 * <p>The vector channel reads every tool's vector on every search, so its cost is memory traffic:
 * 384 floats are 1.5 KB a tool, 15 MB at 10,000 tools, more than a core's cache holds. As bytes
 * they are a quarter of that, and Lucene's {@code VectorUtil.dotProduct(byte[], byte[])} runs on
 * SIMD. For unit-length embedding vectors the rounding moves a cosine by about 10⁻³, far below the
 * differences that order tools.
 *
 * @param values the components, scaled and rounded into -127..127
 * @param scale what one unit of {@code values} is worth (0 for the zero vector)
 */
public record Int8Vector(byte[] values, float scale) {
  private static final float MAX = 127f;

  /** {@code vector} quantized. */
  public static Int8Vector of(float[] vector) {
    float max = 0;
    for (float x : vector) {
      max = Math.max(max, Math.abs(x));
    }
    byte[] values = new byte[vector.length];
    if (max == 0 || !Float.isFinite(max)) {
      return new Int8Vector(values, 0f);
    }
    float toUnits = MAX / max;
    for (int i = 0; i < vector.length; i++) {
      values[i] = (byte) Math.round(vector[i] * toUnits);
    }
    return new Int8Vector(values, max / MAX);
  }
}
