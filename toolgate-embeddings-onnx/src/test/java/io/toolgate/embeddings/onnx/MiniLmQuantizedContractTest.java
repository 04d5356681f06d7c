package io.toolgate.embeddings.onnx;

import io.toolgate.search.EmbedderContract;
import io.toolgate.search.spi.Embedder;

class MiniLmQuantizedContractTest extends EmbedderContract {
  @Override
  protected Embedder embedder() {
    return TestModels.miniLmQuantized();
  }
}
