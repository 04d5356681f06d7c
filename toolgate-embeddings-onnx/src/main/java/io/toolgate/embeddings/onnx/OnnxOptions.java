package io.toolgate.embeddings.onnx;

/**
 * How an {@link OnnxEmbedder} batches, truncates and uses threads. Immutable; the {@code with…}
 * methods return copies.
 *
 * @param batchSize texts per ONNX Runtime call, in [1, 1024]; larger batches amortize per-call
 *     overhead but pad more
 * @param maxTokens token limit per text including {@code [CLS]} and {@code [SEP]}, in [2, 512]
 *     (both models have 512 positions); longer texts are truncated
 * @param threads ONNX Runtime intra-op threads of document batches, in [1, 256]
 * @param queryThreads intra-op threads of a query, in [1, 256]; when it differs from {@code
 *     threads}, queries get a session of their own (the query model's size in memory again) even
 *     when the query model is the document model
 * @param queryDrafts whether {@link OnnxEmbedder#draftQueries} approximates queries cheaply where
 *     the build made a {@link DraftProjection} for the query model (all-minilm-l6-v2-q), rather
 *     than embedding them exactly
 */
public record OnnxOptions(
    int batchSize, int maxTokens, int threads, int queryThreads, boolean queryDrafts) {
  /** The token limit model ids leave unsaid: 256, the length all-MiniLM-L6-v2 was trained with. */
  public static final int DEFAULT_MAX_TOKENS = 256;

  public OnnxOptions {
    checkRange("batchSize", batchSize, 1, 1024);
    checkRange("maxTokens", maxTokens, 2, 512);
    checkRange("threads", threads, 1, 256);
    checkRange("queryThreads", queryThreads, 1, 256);
  }

  /** Options that draft queries where the build made a projection for the query model. */
  public OnnxOptions(int batchSize, int maxTokens, int threads, int queryThreads) {
    this(batchSize, maxTokens, threads, queryThreads, true);
  }

  /** Options whose queries use as many threads as documents. */
  public OnnxOptions(int batchSize, int maxTokens, int threads) {
    this(batchSize, maxTokens, threads, threads);
  }

  /**
   * The model's {@linkplain LocalModel#defaultBatchSize() batch size} and {@linkplain
   * LocalModel#defaultMaxTokens() token limit}, one thread per available processor.
   */
  public static OnnxOptions defaults(LocalModel model) {
    return new OnnxOptions(
        model.defaultBatchSize(),
        model.defaultMaxTokens(),
        Runtime.getRuntime().availableProcessors());
  }

  public OnnxOptions withBatchSize(int batchSize) {
    return new OnnxOptions(batchSize, maxTokens, threads, queryThreads, queryDrafts);
  }

  public OnnxOptions withMaxTokens(int maxTokens) {
    return new OnnxOptions(batchSize, maxTokens, threads, queryThreads, queryDrafts);
  }

  /** A copy with {@code threads} for documents and for queries. */
  public OnnxOptions withThreads(int threads) {
    return new OnnxOptions(batchSize, maxTokens, threads, threads, queryDrafts);
  }

  public OnnxOptions withQueryThreads(int queryThreads) {
    return new OnnxOptions(batchSize, maxTokens, threads, queryThreads, queryDrafts);
  }

  /** A copy that drafts queries (where the build made a projection) or never does. */
  public OnnxOptions withQueryDrafts(boolean queryDrafts) {
    return new OnnxOptions(batchSize, maxTokens, threads, queryThreads, queryDrafts);
  }

  private static void checkRange(String name, int value, int min, int max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          "illegal " + name + " value: " + value + ", must be in [" + min + ", " + max + "]");
    }
  }
}
