package io.toolgate.search;

import io.toolgate.search.fusion.FusionMethod;
import io.toolgate.search.lexical.LexicalSettings;
import io.toolgate.search.vector.DocumentStyle;
import io.toolgate.search.vector.ToolVectors;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How {@link HybridToolSearch} ranks: fusion, channel weights, BM25 parameters, the query-length
 * rule and the text tools are embedded as. Immutable; {@code with…} methods return copies.
 *
 * <pre>{@code
 * SearchSettings settings = SearchSettings.defaults()
 *     .withFusion(FusionMethod.RRF)
 *     .withWeight("schema", 0.0);
 * SearchSettings fromYaml = SearchSettings.fromConfig(Map.of("fusion", "rrf", "rrf_k", 60));
 * }</pre>
 *
 * @param fusion how channel scores combine ({@code search.fusion}: {@code zscore} or {@code rrf})
 * @param rrfK the RRF rank constant ({@code search.rrf_k}, default 60)
 * @param weights weight per channel: {@code full_text}, {@code keyword}, {@code schema}, {@code
 *     vector} ({@code search.weights.*}); a second embedder's channel {@code vector:<model>} falls
 *     back to the {@code vector} weight
 * @param lexical field boosts, BM25 parameters and the expanded tool text ({@code search.boosts.*},
 *     {@code search.bm25.*}, {@code search.word_pair_weight}, {@code
 *     search.first_sentence_in_name})
 * @param lengthPivot the query length, in words, at which lexical and vector channels count as
 *     weighted; longer queries weigh the lexical channels up, shorter ones down (factor {@code
 *     words / pivot} clipped to 0.25..4); 0 turns the rule off ({@code search.length_pivot})
 * @param minSimilarity when no lexical channel matches, vector hits count only if the best cosine
 *     reaches this ({@code search.min_similarity}); otherwise the query matched nothing
 * @param documentStyle the text each tool is embedded as ({@code search.document}: {@code plain} or
 *     {@code json})
 * @param embedBatchSize tools per embedder call when computing tool vectors ({@code
 *     search.embed_batch_size})
 * @param exactVectorLimit up to this many tools every tool gets a cosine; above it a search screens
 *     by sign bits first ({@code search.exact_vector_limit}, default 5,000; 0 always screens)
 * @param queryCacheSize query vectors remembered per embedder, least recently used out ({@code
 *     search.query_cache_size}, default 1,024; 0 turns the cache off)
 * @param clauseWeight how much a request's clauses count beside the whole request when it asks for
 *     several things ({@code search.clause_weight}; 0 = off)
 * @param familyWeight how much the best sibling of a tool (same server or name prefix) adds to its
 *     score ({@code search.family_weight}; 0 = off)
 * @param secondEmbedderMargin when above 0, a search embeds its query with the first embedder only,
 *     and with the others only when the best two tools are closer than this (in reported score
 *     units, 0..1) and the full-text channel and the first embedder do not agree on the best: the
 *     second model is paid for where the first is unsure ({@code search.second_embedder_margin},
 *     default 0.1; 0 = always every embedder)
 * @param compactQueryEmbedding whether query embedders see the request without filler words and
 *     punctuation ({@code search.compact_query_embedding}, default true; the lexical channels
 *     always read the whole request): 40% fewer tokens to embed at no loss of ranking
 * @param draftQueries whether a gated search takes its first look through the first embedder's
 *     drafts when that embedder {@linkplain io.toolgate.search.spi.Embedder#draftsQueries() drafts
 *     queries}, embedding the request exactly only where the drafts leave it unsure ({@code
 *     search.draft_queries}, default true; false = never draft)
 */
public record SearchSettings(
    FusionMethod fusion,
    int rrfK,
    Map<String, Double> weights,
    LexicalSettings lexical,
    double lengthPivot,
    double minSimilarity,
    DocumentStyle documentStyle,
    int embedBatchSize,
    int exactVectorLimit,
    int queryCacheSize,
    double clauseWeight,
    double familyWeight,
    double secondEmbedderMargin,
    boolean compactQueryEmbedding,
    boolean draftQueries) {

  /** The channel names. */
  public static final String FULL_TEXT = "full_text";

  public static final String KEYWORD = "keyword";
  public static final String SCHEMA = "schema";
  public static final String VECTOR = "vector";

  /**
   * The clause weight of the default: measured on the dev sets, every set gained or stayed within
   * 0.2 NDCG@10 and the multi-tool requests gained most (BENCHMARKS.md).
   */
  public static final double DEFAULT_CLAUSE_WEIGHT = 0.5;

  /**
   * The gate of the default: with all-MiniLM-L6-v2's drafts first, its exact vectors and
   * bge-small-en-v1.5 run on about a third of searches (34% of bfcl_live's), for NDCG@10 82.51 /
   * 77.87 / 95.92 (bfcl / bfcl_live / sealtools; −0.07 / −0.10 / −0.10 against margin 0.15 without
   * drafts) and a median search of 3.4 instead of 8.1 ms (BENCHMARKS.md, "Issue 15: query drafts").
   * Without drafts, 0.15 ran bge on about 40% for −0.14 / −0.16 / +0.08 against both models always
   * ("Issue 15: the gate").
   */
  public static final double DEFAULT_SECOND_EMBEDDER_MARGIN = 0.1;

  /** Query vectors remembered per embedder by default. */
  public static final int DEFAULT_QUERY_CACHE_SIZE = 1024;

  private static final Map<String, Double> DEFAULT_WEIGHTS =
      Map.of(FULL_TEXT, 1.0, KEYWORD, 1.0, SCHEMA, 0.1, VECTOR, 2.0);

  public SearchSettings {
    Objects.requireNonNull(fusion, "fusion");
    Objects.requireNonNull(lexical, "lexical");
    Objects.requireNonNull(documentStyle, "documentStyle");
    if (rrfK < 1) {
      throw new IllegalArgumentException("illegal rrf_k value: " + rrfK + ", must be >= 1");
    }
    weights = withDefaultWeights(weights);
    if (!(lengthPivot >= 0) || Double.isInfinite(lengthPivot)) {
      throw new IllegalArgumentException(
          "illegal length_pivot value: " + lengthPivot + ", must be >= 0 (0 = off)");
    }
    if (!(minSimilarity >= -1 && minSimilarity <= 1)) {
      throw new IllegalArgumentException(
          "illegal min_similarity value: " + minSimilarity + ", must be between -1 and 1");
    }
    if (exactVectorLimit < 0) {
      throw new IllegalArgumentException(
          "illegal exact_vector_limit value: " + exactVectorLimit + ", must be >= 0");
    }
    if (queryCacheSize < 0) {
      throw new IllegalArgumentException(
          "illegal query_cache_size value: " + queryCacheSize + ", must be >= 0 (0 = off)");
    }
    checkWeight("clause_weight", clauseWeight);
    checkWeight("family_weight", familyWeight);
    if (!(secondEmbedderMargin >= 0 && secondEmbedderMargin <= 1)) {
      throw new IllegalArgumentException(
          "illegal second_embedder_margin value: "
              + secondEmbedderMargin
              + ", must be between 0 (always run every embedder) and 1");
    }
    if (embedBatchSize < 1) {
      throw new IllegalArgumentException(
          "illegal embed_batch_size value: " + embedBatchSize + ", must be >= 1");
    }
  }

  /**
   * The measured default: z-score fusion, the length rule at 25 words, plain documents, clause
   * weight 0.5, a query-vector cache of 1,024 per embedder, the later embedders only where the
   * first leaves the search unsure (margin 0.1), queries embedded without their filler words, a
   * first look through drafts where the first embedder makes them.
   */
  public static SearchSettings defaults() {
    return new SearchSettings(
        FusionMethod.ZSCORE,
        60,
        DEFAULT_WEIGHTS,
        LexicalSettings.DEFAULTS,
        25,
        0.5,
        DocumentStyle.PLAIN,
        64,
        ToolVectors.EXACT_LIMIT,
        DEFAULT_QUERY_CACHE_SIZE,
        DEFAULT_CLAUSE_WEIGHT,
        0,
        DEFAULT_SECOND_EMBEDDER_MARGIN,
        true,
        true);
  }

  /**
   * Settings from the {@code search:} section of {@code toolgate.yaml} as plain values ({@code
   * SearchConfig.raw()}), defaults for what is absent or {@code null}. Reads the keys in {@link
   * SearchSettingsReader#KEYS}; the section's other keys ({@code mode}, {@code limit}, {@code
   * pinned}) belong to their readers and are ignored here.
   *
   * @param search the section; {@code null} for the defaults
   * @throws IllegalArgumentException naming the key and the legal values
   */
  public static SearchSettings fromConfig(Map<String, ?> search) {
    return SearchSettingsReader.read(search);
  }

  /** {@code weights} checked, over the default weight of every channel it does not name. */
  private static Map<String, Double> withDefaultWeights(Map<String, Double> weights) {
    Map<String, Double> merged = new HashMap<>(DEFAULT_WEIGHTS);
    weights.forEach(
        (channel, w) -> {
          if (w == null || !(w >= 0) || w.isInfinite()) {
            throw new IllegalArgumentException(
                "illegal weight of channel " + channel + ": " + w + ", must be >= 0");
          }
          merged.put(channel, w);
        });
    return Map.copyOf(merged);
  }

  private static void checkWeight(String key, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(
          "illegal " + key + " value: " + value + ", must be a finite number >= 0 (0 = off)");
    }
  }

  /** The weight of {@code channel}; {@code vector:<model>} falls back to {@code vector}. */
  public double weight(String channel) {
    Double w = weights.get(channel);
    if (w == null && channel.startsWith(VECTOR + ":")) {
      w = weights.get(VECTOR);
    }
    return w == null ? 0 : w;
  }

  public SearchSettings withFusion(FusionMethod newFusion) {
    Copy c = new Copy(this);
    c.fusion = newFusion;
    return c.build();
  }

  public SearchSettings withRrfK(int newRrfK) {
    Copy c = new Copy(this);
    c.rrfK = newRrfK;
    return c.build();
  }

  /** A copy where {@code channel} weighs {@code weight} (0 turns it off). */
  public SearchSettings withWeight(String channel, double weight) {
    Copy c = new Copy(this);
    c.weights = new HashMap<>(weights);
    c.weights.put(channel, weight);
    return c.build();
  }

  public SearchSettings withLexical(LexicalSettings newLexical) {
    Copy c = new Copy(this);
    c.lexical = newLexical;
    return c.build();
  }

  public SearchSettings withLengthPivot(double newPivot) {
    Copy c = new Copy(this);
    c.lengthPivot = newPivot;
    return c.build();
  }

  public SearchSettings withMinSimilarity(double newMinSimilarity) {
    Copy c = new Copy(this);
    c.minSimilarity = newMinSimilarity;
    return c.build();
  }

  public SearchSettings withDocumentStyle(DocumentStyle newStyle) {
    Copy c = new Copy(this);
    c.documentStyle = newStyle;
    return c.build();
  }

  public SearchSettings withEmbedBatchSize(int newBatchSize) {
    Copy c = new Copy(this);
    c.embedBatchSize = newBatchSize;
    return c.build();
  }

  public SearchSettings withExactVectorLimit(int newLimit) {
    Copy c = new Copy(this);
    c.exactVectorLimit = newLimit;
    return c.build();
  }

  public SearchSettings withQueryCacheSize(int newSize) {
    Copy c = new Copy(this);
    c.queryCacheSize = newSize;
    return c.build();
  }

  public SearchSettings withClauseWeight(double newWeight) {
    Copy c = new Copy(this);
    c.clauseWeight = newWeight;
    return c.build();
  }

  public SearchSettings withFamilyWeight(double newWeight) {
    Copy c = new Copy(this);
    c.familyWeight = newWeight;
    return c.build();
  }

  public SearchSettings withSecondEmbedderMargin(double newMargin) {
    Copy c = new Copy(this);
    c.secondEmbedderMargin = newMargin;
    return c.build();
  }

  public SearchSettings withCompactQueryEmbedding(boolean compact) {
    Copy c = new Copy(this);
    c.compactQueryEmbedding = compact;
    return c.build();
  }

  /** A copy that drafts queries (or, {@code false}, never calls {@code draftQueries}). */
  public SearchSettings withDraftQueries(boolean draft) {
    Copy c = new Copy(this);
    c.draftQueries = draft;
    return c.build();
  }

  /** A mutable copy, for the {@code with…} methods. */
  private static final class Copy {
    private FusionMethod fusion;
    private int rrfK;
    private Map<String, Double> weights;
    private LexicalSettings lexical;
    private double lengthPivot;
    private double minSimilarity;
    private DocumentStyle documentStyle;
    private int embedBatchSize;
    private int exactVectorLimit;
    private int queryCacheSize;
    private double clauseWeight;
    private double familyWeight;
    private double secondEmbedderMargin;
    private boolean compactQueryEmbedding;
    private boolean draftQueries;

    Copy(SearchSettings s) {
      fusion = s.fusion;
      rrfK = s.rrfK;
      weights = s.weights;
      lexical = s.lexical;
      lengthPivot = s.lengthPivot;
      minSimilarity = s.minSimilarity;
      documentStyle = s.documentStyle;
      embedBatchSize = s.embedBatchSize;
      exactVectorLimit = s.exactVectorLimit;
      queryCacheSize = s.queryCacheSize;
      clauseWeight = s.clauseWeight;
      familyWeight = s.familyWeight;
      secondEmbedderMargin = s.secondEmbedderMargin;
      compactQueryEmbedding = s.compactQueryEmbedding;
      draftQueries = s.draftQueries;
    }

    SearchSettings build() {
      return new SearchSettings(
          fusion,
          rrfK,
          weights,
          lexical,
          lengthPivot,
          minSimilarity,
          documentStyle,
          embedBatchSize,
          exactVectorLimit,
          queryCacheSize,
          clauseWeight,
          familyWeight,
          secondEmbedderMargin,
          compactQueryEmbedding,
          draftQueries);
    }
  }
}
