package io.toolgate.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.search.spi.Embedder;
import org.junit.jupiter.api.Test;

/** The contract for an embedder that drafts its queries, and the test fake's own promises. */
class DraftingEmbedderContractTest extends EmbedderContract {
  private final DraftingEmbedder drafting = new DraftingEmbedder();

  @Override
  protected Embedder embedder() {
    return drafting;
  }

  @Override
  protected double tolerance() {
    return 0;
  }

  @Test
  void draftsAreCloseToTheExactVectorsButNotEqual() {
    float[] draft = drafting.draftQueries(QUERIES)[1];
    float[] exact = drafting.embedQuery(QUERIES.get(1));

    assertThat(draft).isNotEqualTo(exact);
    assertThat(dot(draft, exact)).isGreaterThan(0.8);
  }
}
