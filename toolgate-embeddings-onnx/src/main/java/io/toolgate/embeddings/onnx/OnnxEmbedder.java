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
import java.util.Optional;
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
 * OnnxOptions#batchSize()} at a time: one ONNX Runtime call per batch, with {@code input_ids},
 * {@code attention_mask} and {@code token_type_ids} as {@code [batch, seqLen]} tensors padded to
 * the batch's longest text. Vectors come back in input order, pooled as the model was trained and
 * L2-normalized. The batches of one call run side by side on a pool shared by every model, one
 * thread a processor (each call also uses {@link OnnxOptions#threads()} intra-op threads, so one
 * thread a model keeps a run to a core). Texts longer than {@link OnnxOptions#maxTokens()} are
 * truncated. For a model whose vectors do not depend on their batch ({@link
 * LocalModel#batchInvariant()}), batched and one-by-one results agree to float rounding.
 *
 * <p>Queries run on a {@linkplain #queryModel() query model} of their own: all-MiniLM-L6-v2's int8
 * copy for the float model (half the time for a query, vectors in the same space; see {@link
 * LocalModel#defaultQueryModel()}), the model itself otherwise.
 *
 * <p>Loading takes about a second and the model's size in memory (90 MB for all-MiniLM-L6-v2 plus
 * 23 MB for its query copy, 34 MB for the quantized bge-small-en-v1.5); load once and share.
 * Instances are thread-safe: ONNX Runtime sessions accept concurrent runs. {@link #close()} waits
 * for runs in flight.
 *
 * <p>JVM exit (SIGTERM, {@code System.exit}) waits up to 30 s for loads and runs in flight, so that
 * ONNX Runtime is not torn down under them (which crashed the JVM); once exit began, loads and runs
 * throw an {@link EmbeddingException} ("ONNX Runtime is shutting down") instead of starting.
 */
public final class OnnxEmbedder implements Embedder {
  private final OnnxOptions options;
  private final OrtEnvironment environment;
  private final Side documentSide;
  // Queries run alone and short: with more intra-op threads than documents (which keep every core
  // busy with one batch a thread), they finish sooner; and a quantized copy of the model embeds
  // them in half the time into the same space. The documents' side when neither differs.
  private final Side querySide;
  // Query drafts: the query model's first layers and the projection into the model's space; both
  // null when the build made no projection for the query model, or drafts are off.
  private final Side draftSide;
  private final DraftProjection projection;
  // Runs hold the read lock and close takes the write lock: a native session freed during a run
  // would crash the JVM rather than throw. Within it, every native call also holds a permit of
  // the JVM's ExitGate, which JVM exit waits for (ONNX Runtime torn down under a call crashes too).
  private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();
  private boolean closed;

  /** One model's tokenizer and session; a query side may share the documents' session. */
  private record Side(
      LocalModel model,
      WordPieceTokenizer tokenizer,
      OrtSession session,
      boolean takesTokenTypes) {}

  private OnnxEmbedder(
      LocalModel model,
      LocalModel queryModel,
      OnnxOptions options,
      Optional<DraftProjection> projection) {
    if (!model.sharesVectorSpaceWith(queryModel)) {
      throw new IllegalArgumentException(
          "query model "
              + queryModel.id()
              + " does not embed into the vector space of "
              + model.id()
              + "; use "
              + model.id()
              + " or its quantized copy");
    }
    this.options = options;
    this.environment = Sessions.environment();
    // The model's file and vocabulary are read once, also when queries get a session of their own.
    byte[] weights = Resources.readAll(model.modelResource());
    WordPieceTokenizer tokenizer = WordPieceTokenizer.fromResource(model.tokenizerResource());
    this.documentSide = side(model, tokenizer, weights, options.threads(), false);
    byte[] queryWeights =
        queryModel == model ? weights : Resources.readAll(queryModel.modelResource());
    if (queryModel != model) {
      this.querySide =
          side(
              queryModel,
              WordPieceTokenizer.fromResource(queryModel.tokenizerResource()),
              queryWeights,
              options.queryThreads(),
              true);
    } else if (options.queryThreads() != options.threads()) {
      this.querySide = side(model, tokenizer, weights, options.queryThreads(), true);
    } else {
      this.querySide = documentSide;
    }
    this.projection = projection.orElse(null);
    this.draftSide =
        this.projection == null
            ? null
            : side(
                queryModel,
                querySide.tokenizer(),
                OnnxGraph.firstLayers(queryWeights, this.projection.layers()),
                options.queryThreads(),
                true);
  }

  private Side side(
      LocalModel of, WordPieceTokenizer tokenizer, byte[] weights, int threads, boolean queries) {
    OrtSession session = Sessions.create(environment, of, weights, threads, queries);
    return new Side(of, tokenizer, session, session.getInputNames().contains("token_type_ids"));
  }

  /** Loads {@code model} with {@link OnnxOptions#defaults(LocalModel)}. */
  public static OnnxEmbedder load(LocalModel model) {
    return load(model, OnnxOptions.defaults(model));
  }

  /**
   * Loads {@code model}, with its {@linkplain LocalModel#defaultQueryModel() default query model}
   * for queries, and creates their ONNX Runtime sessions.
   *
   * @throws EmbeddingException when the model's resources are missing or cannot be loaded
   */
  public static OnnxEmbedder load(LocalModel model, OnnxOptions options) {
    return load(model, model.defaultQueryModel(), options);
  }

  /**
   * Loads {@code model} for documents and {@code queryModel} (the same model, or its quantized
   * copy) for queries.
   *
   * @throws IllegalArgumentException when {@code queryModel} embeds into another vector space
   * @throws EmbeddingException when a model's resources are missing or cannot be loaded
   */
  public static OnnxEmbedder load(LocalModel model, LocalModel queryModel, OnnxOptions options) {
    return new OnnxEmbedder(
        Objects.requireNonNull(model),
        Objects.requireNonNull(queryModel),
        Objects.requireNonNull(options),
        options.queryDrafts() ? DraftProjection.load(queryModel) : Optional.empty());
  }

  /** {@code model} for documents and queries, drafting queries through {@code projection}. */
  static OnnxEmbedder loadWithDraft(
      LocalModel model, OnnxOptions options, DraftProjection projection) {
    return new OnnxEmbedder(model, model, options, Optional.of(projection));
  }

  /**
   * The model's weights id, plus the token limit when it is not 256 (it changes the vectors of long
   * texts): {@code all-minilm-l6-v2}, {@code bge-small-en-v1.5-q-max512} (bge's default).
   */
  @Override
  public String modelId() {
    return weightsId(documentSide.model());
  }

  /** The id of the query side's weights, like {@link #modelId()}: {@code all-minilm-l6-v2-q}. */
  @Override
  public String queryModelId() {
    return weightsId(querySide.model());
  }

  private String weightsId(LocalModel of) {
    return options.maxTokens() == OnnxOptions.DEFAULT_MAX_TOKENS
        ? of.weightsId()
        : of.weightsId() + "-max" + options.maxTokens();
  }

  @Override
  public int dimension() {
    return documentSide.model().dimension();
  }

  /** The model this embedder runs on documents. */
  public LocalModel model() {
    return documentSide.model();
  }

  /** The model this embedder runs on queries: {@link #model()} or its quantized copy. */
  public LocalModel queryModel() {
    return querySide.model();
  }

  /** The options this embedder was loaded with. */
  public OnnxOptions options() {
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
      tokenIds[i] = documentSide.tokenizer().encode(document, options.maxTokens());
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
              return run(documentSide, batch);
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
   * Embeds {@code query} with the {@linkplain #queryModel() query model}, after the model's
   * {@linkplain LocalModel#queryInstruction() instruction}.
   */
  @Override
  public float[] embedQuery(String query) {
    return embedQueries(List.of(Objects.requireNonNull(query, "query")))[0];
  }

  /**
   * Embeds the queries in one ONNX Runtime call on the query model, each after the model's
   * instruction: a request and its clauses cost one run's fixed cost instead of one each (a short
   * query spends about a millisecond of its 3 to 4 on that).
   */
  @Override
  public float[][] embedQueries(List<String> queries) {
    return queries.isEmpty() ? new float[0][] : run(querySide, queryTokens(querySide, queries));
  }

  /**
   * Whether this embedder {@linkplain #draftQueries drafts} queries (see {@link DraftProjection}).
   */
  @Override
  public boolean draftsQueries() {
    return draftSide != null;
  }

  /**
   * The drafts' id: the query weights' id, the layers run and the projection's checksum ({@code
   * all-minilm-l6-v2-q-draft3-1a2b3c4d}); {@link #queryModelId()} when this embedder does not
   * draft.
   */
  @Override
  public String draftModelId() {
    return draftSide == null
        ? queryModelId()
        : queryModelId() + "-draft" + projection.layers() + "-" + projection.checksum();
  }

  /**
   * Approximate query vectors: the query model's first {@linkplain DraftProjection#layers() layers}
   * only, mapped into the model's vector space (all-MiniLM-L6-v2: 3 of 6 layers, ~2.7 times
   * cheaper); {@link #embedQueries} when this embedder does not draft.
   */
  @Override
  public float[][] draftQueries(List<String> queries) {
    if (draftSide == null) {
      return embedQueries(queries);
    }
    if (queries.isEmpty()) {
      return new float[0][];
    }
    float[][] pooled = run(draftSide, queryTokens(draftSide, queries));
    float[][] drafts = new float[pooled.length][];
    for (int i = 0; i < pooled.length; i++) {
      drafts[i] = projection.apply(pooled[i]);
    }
    return drafts;
  }

  private int[][] queryTokens(Side side, List<String> queries) {
    int[][] tokenIds = new int[queries.size()][];
    for (int i = 0; i < tokenIds.length; i++) {
      String query = Objects.requireNonNull(queries.get(i), "queries[" + i + "]");
      tokenIds[i] =
          side.tokenizer().encode(side.model().queryInstruction() + query, options.maxTokens());
    }
    return tokenIds;
  }

  /** One ONNX Runtime call for the whole batch; rows are right-padded to the longest. */
  private float[][] run(Side on, int[][] tokenIds) {
    PaddedBatch batch = PaddedBatch.of(tokenIds, on.tokenizer().padId());
    lifecycle.readLock().lock();
    try {
      if (closed) {
        throw new EmbeddingException("embedder " + modelId() + " is closed");
      }
      return ExitGate.JVM.call(() -> infer(on, batch));
    } catch (OrtException e) {
      throw new EmbeddingException(
          "model " + modelId() + " failed on a batch of " + batch.rows() + " texts: " + e, e);
    } finally {
      lifecycle.readLock().unlock();
    }
  }

  private float[][] infer(Side on, PaddedBatch batch) throws OrtException {
    long[] shape = batch.shape();
    Map<String, OnnxTensor> inputs = new HashMap<>();
    try {
      inputs.put("input_ids", tensor(batch.inputIds(), shape));
      inputs.put("attention_mask", tensor(batch.attentionMask(), shape));
      if (on.takesTokenTypes()) {
        // A single segment: every token type is 0.
        inputs.put("token_type_ids", tensor(new long[batch.inputIds().length], shape));
      }
      try (OrtSession.Result result = on.session().run(inputs)) {
        FloatBuffer hidden = ((OnnxTensor) result.get(0)).getFloatBuffer();
        float[][] vectors = new float[batch.rows()][];
        for (int r = 0; r < batch.rows(); r++) {
          float[] pooled =
              on.model()
                  .pooling()
                  .pool(hidden, r, batch.seqLen(), on.model().dimension(), batch.lengths()[r]);
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
        // An exiting JVM frees the sessions with the process; no native call starts then.
        ExitGate.JVM.callUnlessExiting(
            () -> {
              documentSide.session().close();
              if (querySide != documentSide) {
                querySide.session().close();
              }
              if (draftSide != null) {
                draftSide.session().close();
              }
              return null;
            });
      }
    } catch (OrtException e) {
      throw new EmbeddingException("cannot close model " + modelId() + ": " + e, e);
    } finally {
      lifecycle.writeLock().unlock();
    }
  }

  @Override
  public String toString() {
    return "OnnxEmbedder[" + modelId() + ", queries " + queryModelId() + ", " + options + "]";
  }
}
