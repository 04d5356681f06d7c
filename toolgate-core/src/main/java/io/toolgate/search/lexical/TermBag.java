package io.toolgate.search.lexical;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One bag of weighted fields: a term dictionary, postings of (slot, weighted frequency), the
 * weighted length of each slot, and each slot's distinct terms (to remove it, and to tell which
 * query words a tool contains).
 */
final class TermBag {
  final float[] weights;
  final Map<String, Integer> ids = new HashMap<>();
  final List<Postings> postings = new ArrayList<>();
  float[] lengths = new float[16];
  int[][] termsBySlot = new int[16][];
  double totalLength;

  TermBag(float[] weights) {
    this.weights = weights;
  }

  void ensureCapacity(int size) {
    if (size > lengths.length) {
      lengths = Arrays.copyOf(lengths, size);
      termsBySlot = Arrays.copyOf(termsBySlot, size);
    }
  }

  /** Indexes the tokens of each field (in weight order) at {@code slot}. */
  void add(int slot, List<List<String>> fields) {
    Map<Integer, Float> freqs = new HashMap<>();
    float length = 0;
    for (int field = 0; field < fields.size(); field++) {
      float w = weights[field];
      for (String token : fields.get(field)) {
        Integer id = ids.get(token);
        if (id == null) {
          id = postings.size();
          ids.put(token, id);
          postings.add(new Postings());
        }
        freqs.merge(id, w, Float::sum);
      }
      length += w * fields.get(field).size();
    }
    int[] terms = new int[freqs.size()];
    int i = 0;
    for (Map.Entry<Integer, Float> e : freqs.entrySet()) {
      postings.get(e.getKey()).add(slot, e.getValue());
      terms[i++] = e.getKey();
    }
    Arrays.sort(terms);
    termsBySlot[slot] = terms;
    lengths[slot] = length;
    totalLength += length;
  }

  void remove(int slot) {
    int[] terms = termsBySlot[slot];
    if (terms == null) {
      return;
    }
    for (int id : terms) {
      postings.get(id).remove(slot);
    }
    termsBySlot[slot] = null;
    totalLength -= lengths[slot];
    lengths[slot] = 0;
  }

  /**
   * Adds {@code weight} × the BM25 of {@code term} to each slot that holds it: {@code idf · f / (f
   * + k1 · (1 − b + b · dl / avgdl))} over the weighted frequency {@code f} and length {@code dl},
   * {@code docs} tools in all.
   */
  void score(String term, float weight, int docs, float k1, float b, ScoreAccumulator acc) {
    Integer id = ids.get(term);
    Postings p = id == null ? null : postings.get(id);
    if (p == null || p.size == 0) {
      return;
    }
    double avg = totalLength / docs;
    // BM25's length part, k1 · (1 − b + b · dl / avgdl), as base + perLength · dl.
    float base = k1 * (1 - b);
    float perLength = avg > 0 ? (float) (k1 * b / avg) : 0f;
    float idf = weight * idf(docs, p.size);
    int[] slots = p.slots;
    float[] freqs = p.freqs;
    for (int i = 0; i < p.size; i++) {
      int slot = slots[i];
      float f = freqs[i];
      acc.add(slot, idf * f / (f + base + perLength * lengths[slot]));
    }
  }

  /** Lucene's BM25 idf, {@code ln(1 + (N − df + 0.5) / (df + 0.5))}. */
  static float idf(int docs, int docFreq) {
    return (float) Math.log(1 + (docs - docFreq + 0.5) / (docFreq + 0.5));
  }

  /** The slots holding one term, with its weighted frequency in each; unordered. */
  static final class Postings {
    int[] slots = new int[2];
    float[] freqs = new float[2];
    int size;

    void add(int slot, float freq) {
      if (size == slots.length) {
        slots = Arrays.copyOf(slots, size * 2);
        freqs = Arrays.copyOf(freqs, size * 2);
      }
      slots[size] = slot;
      freqs[size] = freq;
      size++;
    }

    void remove(int slot) {
      for (int i = 0; i < size; i++) {
        if (slots[i] == slot) {
          size--;
          slots[i] = slots[size];
          freqs[i] = freqs[size];
          return;
        }
      }
    }
  }
}
