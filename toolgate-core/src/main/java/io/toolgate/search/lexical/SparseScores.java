package io.toolgate.search.lexical;

import java.util.Arrays;

/**
 * The tools one lexical channel matched, as parallel arrays of catalog slots and scores (in no
 * particular order), with their maximum, sum and sum of squares. Not thread-safe while it is being
 * filled; read-only afterwards.
 */
public final class SparseScores {
  private int[] slots;
  private float[] scores;
  private int size;
  private float max = Float.NEGATIVE_INFINITY;
  private double sum;
  private double sumOfSquares;

  /** An empty list with room for {@code capacity} hits before it grows. */
  public SparseScores(int capacity) {
    slots = new int[Math.max(4, capacity)];
    scores = new float[slots.length];
  }

  /** Appends one hit. */
  public void add(int slot, float score) {
    if (size == slots.length) {
      slots = Arrays.copyOf(slots, size * 2);
      scores = Arrays.copyOf(scores, size * 2);
    }
    slots[size] = slot;
    scores[size] = score;
    size++;
    // Kept as hits come, by whoever fills the list: fusion reads them without another pass.
    max = Math.max(max, score);
    sum += score;
    sumOfSquares += (double) score * score;
  }

  /** The highest score; negative infinity when empty. */
  public float max() {
    return max;
  }

  /** The sum of the scores. */
  public double sum() {
    return sum;
  }

  /** The sum of the squared scores. */
  public double sumOfSquares() {
    return sumOfSquares;
  }

  /** How many tools matched. */
  public int size() {
    return size;
  }

  /** The slot of the {@code i}-th hit. */
  public int slot(int i) {
    return slots[i];
  }

  /** The score of the {@code i}-th hit. */
  public float score(int i) {
    return scores[i];
  }
}
