package io.toolgate.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.toolgate.search.spi.Embedder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The behaviour every {@link Embedder} must have; an implementation's test extends this class and
 * supplies the embedder.
 *
 * <pre>{@code
 * class MyEmbedderContractTest extends EmbedderContract {
 *   @Override
 *   protected Embedder embedder() { return SHARED_EMBEDDER; }
 * }
 * }</pre>
 *
 * <p>{@link #embedder()} is called once per test and may return the same instance each time (models
 * are expensive to load); the contract never closes it. Vectors are compared within {@link
 * #tolerance()}, since batched inference pads and may round differently.
 */
public abstract class EmbedderContract {
  /** Tool-like texts of different lengths, so batches need padding. */
  protected static final List<String> TEXTS =
      List.of(
          "Get the current weather conditions for a city.",
          "Create a refund for a payment",
          "search_issues: search GitHub issues by query, repository and label; returns up to 100"
              + " issues with their titles, states, authors and URLs",
          "send email",
          "Convert an amount between currencies using today's exchange rate.",
          "x");

  /** Queries of different lengths, for the checks of query vectors and drafts. */
  protected static final List<String> QUERIES =
      List.of("weather in Paris", "send an email to my boss about the quarterly report", "x");

  /** The embedder under test. */
  protected abstract Embedder embedder();

  /** How far a batched vector component may be from the same text embedded alone. */
  protected double tolerance() {
    return 1e-4;
  }

  /**
   * How close (cosine) a query's vector from {@link Embedder#embedQueries} must be to the same
   * query embedded alone: a model that quantizes its activations per call rounds a batch
   * differently.
   */
  protected double minQueryBatchCosine() {
    return 0.9999;
  }

  @Test
  void documentVectorsHaveTheStatedDimension() {
    float[][] vectors = embedder().embedDocuments(TEXTS);

    assertThat(vectors).hasNumberOfRows(TEXTS.size());
    for (float[] vector : vectors) {
      assertThat(vector).hasSize(embedder().dimension());
    }
  }

  @Test
  void queryVectorHasTheStatedDimension() {
    assertThat(embedder().embedQuery("weather in Paris")).hasSize(embedder().dimension());
  }

  @Test
  void documentVectorsAreNormalized() {
    for (float[] vector : embedder().embedDocuments(TEXTS)) {
      assertThat(norm(vector)).isCloseTo(1.0, within(1e-4));
    }
  }

  @Test
  void queryVectorIsNormalized() {
    assertThat(norm(embedder().embedQuery("weather in Paris"))).isCloseTo(1.0, within(1e-4));
  }

  @Test
  void batchEqualsOneByOne() {
    float[][] batch = embedder().embedDocuments(TEXTS);

    for (int i = 0; i < TEXTS.size(); i++) {
      float[] single = embedder().embedDocuments(List.of(TEXTS.get(i)))[0];
      assertClose(batch[i], single, TEXTS.get(i));
    }
  }

  @Test
  void queriesInOneCallEqualOneByOne() {
    List<String> queries = QUERIES;
    float[][] together = embedder().embedQueries(queries);

    assertThat(together).hasNumberOfRows(queries.size());
    for (int i = 0; i < queries.size(); i++) {
      assertThat(dot(together[i], embedder().embedQuery(queries.get(i))))
          .as("cosine of '%s' in one call and alone", queries.get(i))
          .isGreaterThanOrEqualTo(minQueryBatchCosine());
    }
    assertThat(embedder().embedQueries(List.of())).isEmpty();
  }

  @Test
  void draftsAreNormalizedVectorsOfTheStatedDimension() {
    float[][] drafts = embedder().draftQueries(QUERIES);

    assertThat(drafts).hasNumberOfRows(QUERIES.size());
    for (int i = 0; i < drafts.length; i++) {
      assertThat(drafts[i]).as("draft of '%s'", QUERIES.get(i)).hasSize(embedder().dimension());
      assertThat(norm(drafts[i]))
          .as("length of the draft of '%s'", QUERIES.get(i))
          .isCloseTo(1.0, within(1e-4));
    }
    assertThat(embedder().draftQueries(List.of())).isEmpty();
    assertThat(embedder().draftModelId()).isNotBlank();
  }

  @Test
  void draftsAreNamedApartOrAreTheExactQueryVectors() {
    if (embedder().draftsQueries()) {
      // A drafting embedder's drafts differ from its query vectors, so they need an id of their
      // own.
      assertThat(embedder().draftModelId()).isNotEqualTo(embedder().queryModelId());
      return;
    }
    float[][] drafts = embedder().draftQueries(QUERIES);
    float[][] exact = embedder().embedQueries(QUERIES);

    assertThat(embedder().draftModelId()).isEqualTo(embedder().queryModelId());
    for (int i = 0; i < QUERIES.size(); i++) {
      assertClose(drafts[i], exact[i], QUERIES.get(i));
    }
  }

  @Test
  void emptyListGivesEmptyArray() {
    assertThat(embedder().embedDocuments(List.of())).isEmpty();
  }

  @Test
  void orderOfInputIsPreserved() {
    List<String> reversed = new ArrayList<>(TEXTS);
    Collections.reverse(reversed);

    float[][] forward = embedder().embedDocuments(TEXTS);
    float[][] backward = embedder().embedDocuments(reversed);

    for (int i = 0; i < TEXTS.size(); i++) {
      assertClose(forward[i], backward[TEXTS.size() - 1 - i], TEXTS.get(i));
    }
  }

  @Test
  void sameTextGivesSameVector() {
    float[][] twice = embedder().embedDocuments(List.of("send email", "send email"));

    assertClose(twice[0], twice[1], "send email");
  }

  @Test
  void modelIdIsNotBlank() {
    assertThat(embedder().modelId()).isNotBlank();
  }

  /** The Euclidean length of {@code vector}. */
  protected static double norm(float[] vector) {
    return Math.sqrt(dot(vector, vector));
  }

  /** The dot product, which is the cosine similarity of normalized vectors. */
  protected static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += (double) a[i] * b[i];
    }
    return sum;
  }

  private void assertClose(float[] actual, float[] expected, String text) {
    assertThat(actual).as("vector of '%s'", text).hasSameSizeAs(expected);
    for (int d = 0; d < actual.length; d++) {
      assertThat((double) actual[d])
          .as("component %d of '%s'", d, text)
          .isCloseTo(expected[d], within(tolerance()));
    }
  }
}
