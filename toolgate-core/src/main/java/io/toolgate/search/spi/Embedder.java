package io.toolgate.search.spi;

import java.util.List;

/**
 * Turns text into dense vectors for the {@code vector} search channel.
 *
 * <p>Documents (tool descriptions) and queries are embedded through separate methods because some
 * models encode them differently (bge-small-en-v1.5 prefixes queries with an instruction). Vectors
 * are L2-normalized, so cosine similarity is their dot product.
 *
 * <pre>{@code
 * Embedder embedder = Embedders.create("local:bge-small-en-v1.5"); // io.toolgate.search.embed
 * float[][] docs = embedder.embedDocuments(List.of("Current weather for a city."));
 * float[] query = embedder.embedQuery("is it raining in Lisbon");
 * }</pre>
 *
 * <p>A document's vector should not depend on the other texts embedded in the same call: the vector
 * cache stores tool vectors by (model, tool checksum) and mixes vectors from different calls.
 * Queries embedded together ({@link #embedQueries}) may round a little differently from the same
 * query alone (an int8 model scales its activations per call: cosine 0.97 or more); their vectors
 * are only remembered in memory. {@code io.toolgate.search.EmbedderContract} (core's test jar)
 * checks this and the rest of the contract for any implementation.
 *
 * <p>Implementations must be thread-safe. They may throw {@link EmbeddingException}; search treats
 * that as "vector channel unavailable" and degrades to lexical search.
 */
public interface Embedder extends AutoCloseable {

  /** A stable id of the model, part of every vector cache key, e.g. {@code bge-small-en-v1.5}. */
  String modelId();

  /**
   * The id of the weights that embed queries, when they differ from the documents' (a quantized
   * copy of the same model, say): part of every cache key of query vectors. {@link #modelId()}
   * unless overridden.
   */
  default String queryModelId() {
    return modelId();
  }

  /** The length of every vector this embedder returns. */
  int dimension();

  /**
   * Embeds documents in batches, returning one L2-normalized vector per input, in input order.
   *
   * @throws EmbeddingException when the model or the remote service fails
   */
  float[][] embedDocuments(List<String> documents);

  /**
   * Embeds a search query (with the model's query instruction, if it has one).
   *
   * @throws EmbeddingException when the model or the remote service fails
   */
  float[] embedQuery(String query);

  /**
   * Embeds several search queries, one vector per query in input order, each as {@link #embedQuery}
   * would (within the tolerance of batched inference). A search whose request asks for several
   * things embeds the request and its clauses this way. The default embeds them one by one; an
   * implementation that runs them in one call (one padded batch, one request) saves a call's fixed
   * cost for each further query.
   *
   * @throws EmbeddingException when the model or the remote service fails
   */
  default float[][] embedQueries(List<String> queries) {
    float[][] vectors = new float[queries.size()][];
    for (int i = 0; i < vectors.length; i++) {
      vectors[i] = embedQuery(queries.get(i));
    }
    return vectors;
  }

  /**
   * Whether {@link #draftQueries} is cheaper than {@link #embedQueries}: an embedder that can
   * approximate its query vectors (a smaller model mapped into its vector space) says so, and the
   * search then looks at a request through drafts first, embedding it exactly only where the drafts
   * leave the ranking unsure. False unless overridden.
   */
  default boolean draftsQueries() {
    return false;
  }

  /**
   * The id of the draft model, part of every cache key of draft vectors; it changes whenever the
   * drafts do. {@link #queryModelId()} unless overridden.
   */
  default String draftModelId() {
    return queryModelId();
  }

  /**
   * Approximate vectors of {@code queries}, in this embedder's vector space, one per query in input
   * order: cheaper than {@link #embedQueries} when {@link #draftsQueries()} is true. The default is
   * {@link #embedQueries}.
   *
   * @throws EmbeddingException when the model or the remote service fails
   */
  default float[][] draftQueries(List<String> queries) {
    return embedQueries(queries);
  }

  /** Releases native or network resources; the default does nothing. */
  @Override
  default void close() {}
}
