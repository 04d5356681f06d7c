package io.toolgate.embeddings.onnx;

/**
 * The real models, each loaded once per test JVM and shared by every test class (loading takes
 * about a second). Never closed: the JVM's exit frees them.
 */
final class TestModels {
  private TestModels() {}

  private static final class MiniLm {
    static final OnnxEmbedder EMBEDDER = OnnxEmbedder.load(LocalModel.ALL_MINILM_L6_V2);
  }

  private static final class MiniLmQuantized {
    static final OnnxEmbedder EMBEDDER = OnnxEmbedder.load(LocalModel.ALL_MINILM_L6_V2_Q);
  }

  private static final class BgeSmall {
    static final OnnxEmbedder EMBEDDER = OnnxEmbedder.load(LocalModel.BGE_SMALL_EN_V15);
  }

  private static final class MiniLmTwoPerBatch {
    static final OnnxEmbedder EMBEDDER =
        OnnxEmbedder.load(LocalModel.ALL_MINILM_L6_V2, new OnnxOptions(2, 16, 1));
  }

  private static final class BgeSmallEightPerBatch {
    static final OnnxEmbedder EMBEDDER =
        OnnxEmbedder.load(LocalModel.BGE_SMALL_EN_V15, new OnnxOptions(8, 256, 1));
  }

  static OnnxEmbedder miniLm() {
    return MiniLm.EMBEDDER;
  }

  static OnnxEmbedder miniLmQuantized() {
    return MiniLmQuantized.EMBEDDER;
  }

  /** Each model's shared instance. */
  static OnnxEmbedder of(LocalModel model) {
    return switch (model) {
      case ALL_MINILM_L6_V2 -> miniLm();
      case ALL_MINILM_L6_V2_Q -> miniLmQuantized();
      case BGE_SMALL_EN_V15 -> bgeSmall();
    };
  }

  /** all-MiniLM-L6-v2 with batches of 2 texts truncated to 16 tokens, on one thread. */
  static OnnxEmbedder miniLmTwoPerBatch() {
    return MiniLmTwoPerBatch.EMBEDDER;
  }

  /** bge-small-en-v1.5 with true batches of 8, on one thread. */
  static OnnxEmbedder bgeSmallEightPerBatch() {
    return BgeSmallEightPerBatch.EMBEDDER;
  }

  static OnnxEmbedder bgeSmall() {
    return BgeSmall.EMBEDDER;
  }
}
