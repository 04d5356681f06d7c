package io.toolgate.search;

import io.toolgate.search.spi.Embedder;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * A {@link FakeEmbedder} whose tool embedding signals {@link #entered} and then waits for {@link
 * #release}; interrupted while it waits (its worker stopped), it fails.
 */
public final class BlockingEmbedder implements Embedder {
  public final FakeEmbedder fake = new FakeEmbedder();
  public final CountDownLatch entered = new CountDownLatch(1);
  public final CountDownLatch release = new CountDownLatch(1);

  @Override
  public String modelId() {
    return fake.modelId();
  }

  @Override
  public int dimension() {
    return fake.dimension();
  }

  @Override
  public float[][] embedDocuments(List<String> documents) {
    entered.countDown();
    try {
      release.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return fake.embedDocuments(documents);
  }

  @Override
  public float[] embedQuery(String query) {
    return fake.embedQuery(query);
  }
}
