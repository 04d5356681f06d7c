package io.toolgate.embeddings.onnx;

import io.toolgate.search.spi.EmbeddingException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The child JVM of {@link OnnxExitTest}: keeps ONNX Runtime busy until it is stopped.
 *
 * <p>{@code embed <dataDir>}: loads all-MiniLM-L6-v2 (and its quantized query copy), then embeds
 * batches of documents (side by side in the inference pool) and queries without a pause; prints
 * {@code embedding} after the first round. {@code load <dataDir>}: creates and closes the model's
 * sessions without a pause; prints {@code loading} before the first. Either prints {@code refused:
 * <message>} when a call is turned away, and runs until the JVM exits.
 */
final class ExitChild {
  private ExitChild() {}

  public static void main(String[] args) throws Exception {
    NativeLibraries.useDataDirectory(Path.of(args[1]));
    OnnxEmbedder.Options options = new OnnxEmbedder.Options(8, 128, 1, 1);
    try {
      if (args[0].equals("load")) {
        System.out.println("loading");
        while (true) {
          OnnxEmbedder.load(LocalModel.ALL_MINILM_L6_V2, options).close();
        }
      }
      OnnxEmbedder embedder = OnnxEmbedder.load(LocalModel.ALL_MINILM_L6_V2, options);
      List<String> documents = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        documents.add("Tool " + i + ": sends an email with a subject, a body and attachments.");
      }
      Thread queries =
          Thread.ofPlatform()
              .daemon()
              .name("queries")
              .start(() -> embedUntilRefused(() -> embedder.embedQuery("is it raining in Lisbon")));
      embedder.embedDocuments(documents);
      System.out.println("embedding");
      embedUntilRefused(() -> embedder.embedDocuments(documents));
      queries.join();
    } catch (EmbeddingException e) {
      System.out.println("refused: " + e.getMessage());
    }
    Thread.sleep(Long.MAX_VALUE); // the JVM's exit ends it
  }

  private static void embedUntilRefused(Runnable embed) {
    try {
      while (true) {
        embed.run();
      }
    } catch (EmbeddingException e) {
      System.out.println("refused: " + e.getMessage());
    }
  }
}
