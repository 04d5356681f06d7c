package io.toolgate.search.lexical;

import static io.toolgate.search.lexical.DocumentAnalysis.FIELDS;

import java.util.Arrays;
import java.util.List;

/**
 * The phrase part of the {@code keyword} channel: each tool's exact tokens by field, with their
 * positions, and the phrase scoring over them. Term ids and document frequencies come from the
 * exact {@link TermBag}, which must hold a slot before it is {@linkplain #add added} here. Not
 * thread-safe: {@link LexicalIndex} guards it with its lock.
 */
final class PhraseIndex {
  private static final float PHRASE_BOOST = 2f;

  private final TermBag exact;
  // Exact token ids and their positions by slot and field.
  private int[][][] tokens = new int[16][][];
  private int[][][] positions = new int[16][][];
  private final float[][] fieldLengths = new float[FIELDS][16];
  private final double[] fieldTotals = new double[FIELDS];

  PhraseIndex(TermBag exact) {
    this.exact = exact;
  }

  void ensureCapacity(int size) {
    if (size <= tokens.length) {
      return;
    }
    tokens = Arrays.copyOf(tokens, size);
    positions = Arrays.copyOf(positions, size);
    for (int field = 0; field < FIELDS; field++) {
      fieldLengths[field] = Arrays.copyOf(fieldLengths[field], size);
    }
  }

  /** Keeps the exact tokens of each field (name, description, parameters) at {@code slot}. */
  void add(int slot, List<FieldTokens> fields) {
    tokens[slot] = new int[FIELDS][];
    positions[slot] = new int[FIELDS][];
    for (int field = 0; field < FIELDS; field++) {
      FieldTokens fieldTokens = fields.get(field);
      int[] ids = new int[fieldTokens.terms().size()];
      for (int i = 0; i < ids.length; i++) {
        ids[i] = exact.ids.get(fieldTokens.terms().get(i));
      }
      tokens[slot][field] = ids;
      positions[slot][field] = fieldTokens.positions();
      fieldLengths[field][slot] = ids.length;
      fieldTotals[field] += ids.length;
    }
  }

  void remove(int slot) {
    if (tokens[slot] == null) {
      return;
    }
    for (int field = 0; field < FIELDS; field++) {
      fieldTotals[field] -= fieldLengths[field][slot];
      fieldLengths[field][slot] = 0;
    }
    tokens[slot] = null;
    positions[slot] = null;
  }

  /**
   * Adds the BM25 of the phrase of exact {@code words} in each field (boost 2, idf summed over its
   * words) to every tool that contains it, {@code docs} tools in all. A one-word phrase scores as
   * that word in each field, as Lucene's {@code QueryBuilder} turns it into a term query.
   */
  void score(List<String> words, int docs, float k1, float b, ScoreAccumulator acc) {
    int[] phrase = ids(words);
    if (phrase.length == 0) {
      return;
    }
    float idf = 0;
    for (int id : phrase) {
      if (id < 0 || exact.postings.get(id).size == 0) {
        return;
      }
      idf += TermBag.idf(docs, exact.postings.get(id).size);
    }
    TermBag.Postings first = exact.postings.get(phrase[0]);
    for (int i = 0; i < first.size; i++) {
      int slot = first.slots[i];
      float score = 0;
      for (int field = 0; field < FIELDS; field++) {
        int freq = phraseFreq(tokens[slot][field], positions[slot][field], phrase);
        if (freq > 0) {
          double avg = fieldTotals[field] / docs;
          float norm = (float) (k1 * (1 - b + b * fieldLengths[field][slot] / avg));
          score += PHRASE_BOOST * idf * freq / (freq + norm);
        }
      }
      if (score > 0) {
        acc.add(slot, score);
      }
    }
  }

  /** The exact term ids of {@code words}, -1 for a word no tool has. */
  private int[] ids(List<String> words) {
    int[] ids = new int[words.size()];
    for (int i = 0; i < ids.length; i++) {
      Integer id = exact.ids.get(words.get(i));
      ids[i] = id == null ? -1 : id;
    }
    return ids;
  }

  /** How often {@code phrase} occurs in a field: each next word at the next position. */
  static int phraseFreq(int[] tokens, int[] positions, int[] phrase) {
    int freq = 0;
    for (int i = 0; i < tokens.length; i++) {
      if (tokens[i] != phrase[0]) {
        continue;
      }
      int at = i;
      boolean all = true;
      for (int k = 1; k < phrase.length && all; k++) {
        int wanted = positions[i] + k;
        all = false;
        for (int j = at + 1; j < tokens.length && positions[j] <= wanted; j++) {
          if (positions[j] == wanted && tokens[j] == phrase[k]) {
            at = j;
            all = true;
            break;
          }
        }
      }
      freq += all ? 1 : 0;
    }
    return freq;
  }
}
