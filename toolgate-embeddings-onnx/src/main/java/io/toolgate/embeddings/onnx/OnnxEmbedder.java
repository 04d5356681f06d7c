package io.toolgate.embeddings.onnx;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.spi.EmbeddingException;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.IntStream;

/**
 * Embeds text in-process with a {@link LocalModel} on ONNX Runtime.
 *
 * <pre>{@code
 * try (OnnxEmbedder embedder = OnnxEmbedder.load(LocalModel.BGE_SMALL_EN_V15)) {
 *   float[][] tools = embedder.embedDocuments(List.of("Current weather for a city."));
 *   float[] query = embedder.embedQuery("is it raining in Lisbon");
 * }
 * }</pre>
 *
 * <p>Documents are tokenized, sorted by token count so that each batch pads little, and run {@link
 * Options#batchSize()} at a time: one ONNX Runtime call per batch, with {@code input_ids}, {@code
 * attention_mask} and {@code token_type_ids} as {@code [batch, seqLen]} tensors padded to the
 * batch's longest text. Vectors come back in input order, pooled as the model was trained and
 * L2-normalized. The batches of one call run side by side on a pool shared by every model, one
 * thread a processor (each call also uses {@link Options#threads()} intra-op threads, so one thread
 * a model keeps a run to a core). Texts longer than {@link Options#maxTokens()} are truncated. For
 * a model whose vectors do not depend on their batch ({@link LocalModel#batchInvariant()}), batched
 * and one-by-one results agree to float rounding.
 *
 * <p>Loading takes about a second and the model's size in memory (90 MB for all-MiniLM-L6-v2, 34 MB
 * for the quantized bge-small-en-v1.5); load once and share. Instances are thread-safe: ONNX
 * Runtime sessions accept concurrent runs. {@link #close()} waits for runs in flight.
 */
public final class OnnxEmbedder implements Embedder {
  private final LocalModel model;
  private final Options options;
  private final WordPieceTokenizer tokenizer;
  private final OrtEnvironment environment;
  private final OrtSession session;
  // Queries run alone and short: with more intra-op threads than documents (which keep every core
  // busy with one batch a thread), they finish sooner. The same session when the counts agree.
  private final OrtSession querySession;
  private final boolean takesTokenTypes;
  // Runs hold the read lock and close takes the write lock: a native session freed during a run
  // would crash the JVM rather than throw.
  private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();
  private boolean closed;

  private OnnxEmbedder(LocalModel model, Options options) {
    this.model = model;
    this.options = options;
    this.tokenizer = WordPieceTokenizer.fromResource(model.tokenizerResource());
    this.environment = OrtEnvironment.getEnvironment();
    byte[] weights = Resources.readAll(model.modelResource());
    this.session = createSession(weights, options.threads());
    this.querySession =
        options.queryThreads() == options.threads()
            ? session
            : createSession(weights, options.queryThreads());
    this.takesTokenTypes = session.getInputNames().contains("token_type_ids");
  }

  private OrtSession createSession(byte[] weights, int threads) {
    try (OrtSession.SessionOptions sessionOptions = new OrtSession.SessionOptions()) {
      sessionOptions.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
      sessionOptions.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
      sessionOptions.setIntraOpNumThreads(threads);
      sessionOptions.setInterOpNumThreads(1);
      // ONNX Runtime's intra-op threads spin after each call by default. Two models in one process
      // (the default configuration) then fight over the cores: a query embedded by both took
      // 18 ms at the median instead of the 7 ms their calls take alone (QueryEmbeddingBenchmark).
      sessionOptions.addConfigEntry("session.intra_op.allow_spinning", "0");
      return environment.createSession(weights, sessionOptions);
    } catch (OrtException e) {
      throw new EmbeddingException(
          "cannot load model " + model.id() + " from '" + model.modelResource() + "': " + e, e);
    }
  }

  /** Loads {@code model} with {@link Options#defaults(LocalModel)}. */
  public static OnnxEmbedder load(LocalModel model) {
    return load(model, Options.defaults(model));
  }

  /**
   * Loads {@code model} and creates its ONNX Runtime session.
   *
   * @throws EmbeddingException when the model's resources are missing or cannot be loaded
   */
  public static OnnxEmbedder load(LocalModel model, Options options) {
    return new OnnxEmbedder(Objects.requireNonNull(model), Objects.requireNonNull(options));
  }

  /**
   * The model's weights id, plus the token limit when it is not 256 (it changes the vectors of long
   * texts): {@code all-minilm-l6-v2}, {@code bge-small-en-v1.5-q-max512} (bge's default).
   */
  @Override
  public String modelId() {
    return options.maxTokens() == Options.DEFAULT_MAX_TOKENS
        ? model.weightsId()
        : model.weightsId() + "-max" + options.maxTokens();
  }

  @Override
  public int dimension() {
    return model.dimension();
  }

  /** The model this embedder runs. */
  public LocalModel model() {
    return model;
  }

  /** The options this embedder was loaded with. */
  public Options options() {
    return options;
  }

  @Override
  public float[][] embedDocuments(List<String> documents) {
    int[][] tokenIds = new int[documents.size()][];
    for (int i = 0; i < tokenIds.length; i++) {
      String document = documents.get(i);
      if (document == null) {
        throw new NullPointerException("documents[" + i + "] is null");
      }
      tokenIds[i] = tokenizer.encode(document, options.maxTokens());
    }
    // Texts of similar length share a batch, so padding (wasted compute) stays small.
    int[] order =
        IntStream.range(0, tokenIds.length)
            .boxed()
            .sorted(Comparator.comparingInt(i -> tokenIds[i].length))
            .mapToInt(Integer::intValue)
            .toArray();
    // Batches run side by side in the shared pool, one core each.
    int size = options.batchSize();
    List<float[][]> results =
        InferencePool.runAll(
            (order.length + size - 1) / size,
            b -> {
              int from = b * size;
              int[][] batch = new int[Math.min(order.length, from + size) - from][];
              for (int i = 0; i < batch.length; i++) {
                batch[i] = tokenIds[order[from + i]];
              }
              return run(session, batch);
            });
    float[][] vectors = new float[tokenIds.length][];
    for (int b = 0; b < results.size(); b++) {
      float[][] batchVectors = results.get(b);
      for (int i = 0; i < batchVectors.length; i++) {
        vectors[order[b * size + i]] = batchVectors[i];
      }
    }
    return vectors;
  }

  /**
   * Embeds {@code query} after the model's {@linkplain LocalModel#queryInstruction() instruction}.
   */
  @Override
  public float[] embedQuery(String query) {
    Objects.requireNonNull(query, "query");
    return run(
        querySession,
        new int[][] {tokenizer.encode(model.queryInstruction() + query, options.maxTokens())})[0];
  }

  /** One ONNX Runtime call for the whole batch; rows are right-padded to the longest. */
  private float[][] run(OrtSession on, int[][] tokenIds) {
    PaddedBatch batch = PaddedBatch.of(tokenIds, tokenizer.padId());
    lifecycle.readLock().lock();
    try {
      if (closed) {
        throw new EmbeddingException("embedder " + modelId() + " is closed");
      }
      return infer(on, batch);
    } catch (OrtException e) {
      throw new EmbeddingException(
          "model " + modelId() + " failed on a batch of " + batch.rows() + " texts: " + e, e);
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  private float[][] infer(OrtSession on, PaddedBatch batch) throws OrtException {
    long[] shape = batch.shape();
    Map<String, OnnxTensor> inputs = new HashMap<>();
    try {
      inputs.put("input_ids", tensor(batch.inputIds(), shape));
      inputs.put("attention_mask", tensor(batch.attentionMask(), shape));
      if (takesTokenTypes) {
        // A single segment: every token type is 0.
        inputs.put("token_type_ids", tensor(new long[batch.inputIds().length], shape));
      }
      try (OrtSession.Result result = on.run(inputs)) {
        FloatBuffer hidden = ((OnnxTensor) result.get(0)).getFloatBuffer();
        float[][] vectors = new float[batch.rows()][];
        for (int r = 0; r < batch.rows(); r++) {
          float[] pooled =
              model
                  .pooling()
                  .pool(hidden, r, batch.seqLen(), model.dimension(), batch.lengths()[r]);
          vectors[r] = Pooling.normalize(pooled);
        }
        return vectors;
      }
    } finally {
      inputs.values().forEach(OnnxTensor::close);
    }
  }

  private OnnxTensor tensor(long[] values, long[] shape) throws OrtException {
    return OnnxTensor.createTensor(environment, LongBuffer.wrap(values), shape);
  }

  /** Frees the native session, after runs in flight finish; later calls throw. */
  @Override
  public void close() {
    lifecycle.writeLock().lock();
    try {
      if (!closed) {
        closed = true;
        session.close();
        if (querySession != session) {
          querySession.close();
        }
      }
    } catch (OrtException e) {
      throw new EmbeddingException("cannot close model " + modelId() + ": " + e, e);
    } finally {
      lifecycle.writeLock().unlock();
    }
  }

  @Override
  public String toString() {
    return "OnnxEmbedder[" + modelId() + ", " + options + "]";
  }

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
   *     threads}, the model gets a second session (its size in memory again) for queries
   */
  public record Options(int batchSize, int maxTokens, int threads, int queryThreads) {
    /**
     * The token limit model ids leave unsaid: 256, the length all-MiniLM-L6-v2 was trained with.
     */
    public static final int DEFAULT_MAX_TOKENS = 256;

    public Options {
      checkRange("batchSize", batchSize, 1, 1024);
      checkRange("maxTokens", maxTokens, 2, 512);
      checkRange("threads", threads, 1, 256);
      checkRange("queryThreads", queryThreads, 1, 256);
    }

    /** Options whose queries use as many threads as documents. */
    public Options(int batchSize, int maxTokens, int threads) {
      this(batchSize, maxTokens, threads, threads);
    }

    /**
     * The model's {@linkplain LocalModel#defaultBatchSize() batch size} and {@linkplain
     * LocalModel#defaultMaxTokens() token limit}, one thread per available processor.
     */
    public static Options defaults(LocalModel model) {
      return new Options(
          model.defaultBatchSize(),
          model.defaultMaxTokens(),
          Runtime.getRuntime().availableProcessors());
    }

    public Options withBatchSize(int batchSize) {
      return new Options(batchSize, maxTokens, threads, queryThreads);
    }

    public Options withMaxTokens(int maxTokens) {
      return new Options(batchSize, maxTokens, threads, queryThreads);
    }

    /** A copy with {@code threads} for documents and for queries. */
    public Options withThreads(int threads) {
      return new Options(batchSize, maxTokens, threads, threads);
    }

    public Options withQueryThreads(int queryThreads) {
      return new Options(batchSize, maxTokens, threads, queryThreads);
    }

    private static void checkRange(String name, int value, int min, int max) {
      if (value < min || value > max) {
        throw new IllegalArgumentException(
            "illegal " + name + " value: " + value + ", must be in [" + min + ", " + max + "]");
      }
    }
  }
}
