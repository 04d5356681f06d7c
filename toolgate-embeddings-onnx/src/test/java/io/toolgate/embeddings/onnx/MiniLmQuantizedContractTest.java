package io.toolgate.embeddings.onnx;

import io.toolgate.search.EmbedderContract;
import io.toolgate.search.spi.Embedder;

class MiniLmQuantizedContractTest extends EmbedderContract {
  @Override
  protected Embedder embedder() {
    return TestModels.miniLmQuantized();
  }

  /**
   * Queries run on an int8 model, whose per-call activation scale rounds a batch differently: a
   * one-token query padded beside a twelve-token one measured 0.978.
   */
  @Override
  protected double minQueryBatchCosine() {
    return 0.97;
  }
}
