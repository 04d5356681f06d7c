package io.toolgate.embeddings.onnx;

import io.toolgate.search.EmbedderContract;
import io.toolgate.search.spi.Embedder;

class MiniLmContractTest extends EmbedderContract {
  @Override
  protected Embedder embedder() {
    return TestModels.miniLm();
  }
}
