package io.toolgate.embeddings.onnx;

import java.util.Arrays;

/**
 * Token ids of several texts laid out as the {@code [rows, seqLen]} tensors a BERT model reads.
 *
 * <p>Rows are right-padded with the pad id to the longest row; the attention mask is 1 on real
 * tokens and 0 on padding, so the model ignores the padding and pooling can skip it. Arrays are
 * row-major; {@code lengths[r]} is the number of real tokens of row {@code r}.
 */
record PaddedBatch(int rows, int seqLen, long[] inputIds, long[] attentionMask, int[] lengths) {

  static PaddedBatch of(int[][] tokenIds, int padId) {
    int rows = tokenIds.length;
    int seqLen = Arrays.stream(tokenIds).mapToInt(ids -> ids.length).max().orElse(0);
    long[] inputIds = new long[rows * seqLen];
    long[] attentionMask = new long[rows * seqLen];
    int[] lengths = new int[rows];
    for (int r = 0; r < rows; r++) {
      int[] ids = tokenIds[r];
      int offset = r * seqLen;
      lengths[r] = ids.length;
      for (int t = 0; t < seqLen; t++) {
        boolean real = t < ids.length;
        inputIds[offset + t] = real ? ids[t] : padId;
        attentionMask[offset + t] = real ? 1 : 0;
      }
    }
    return new PaddedBatch(rows, seqLen, inputIds, attentionMask, lengths);
  }

  long[] shape() {
    return new long[] {rows, seqLen};
  }
}
