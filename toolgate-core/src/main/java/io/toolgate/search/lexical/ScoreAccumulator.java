package io.toolgate.search.lexical;

import java.util.Arrays;

/** Scores summed per slot, and the slots that have one, in the order they were first hit. */
final class ScoreAccumulator {
  private final float[] scores;
  private int[] touched = new int[64];
  private int count;

  ScoreAccumulator(int slots) {
    scores = new float[slots];
  }

  /** Adds a positive {@code score} (BM25 scores always are) to {@code slot}. */
  void add(int slot, float score) {
    if (scores[slot] == 0) {
      if (count == touched.length) {
        touched = Arrays.copyOf(touched, count * 2);
      }
      touched[count++] = slot;
    }
    scores[slot] += score;
  }

  SparseScores toScores() {
    SparseScores out = new SparseScores(count);
    for (int i = 0; i < count; i++) {
      out.add(touched[i], scores[touched[i]]);
    }
    return out;
  }
}
