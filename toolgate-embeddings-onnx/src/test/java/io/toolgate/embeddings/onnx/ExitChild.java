package io.toolgate.embeddings.onnx;

import io.toolgate.search.spi.EmbeddingException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The child JVM of {@link OnnxExitTest}: keeps ONNX Runtime busy on two threads until it is
 * stopped.
 *
 * <p>{@code load <dataDir>}: creates and closes all-MiniLM-L6-v2's sessions without a pause; prints
 * {@code loading} before the first. {@code embed <dataDir>}: loads the model, then embeds long
 * documents and queries without a pause; prints {@code embedding} once they started. Either prints
 * {@code refused: <message>} when a call is turned away, and runs until the JVM exits.
 *
 * <p>Calls are long on purpose: at exit the JVM itself waits about 300 ms for threads in native
 * code, so only calls that outlast that meet ONNX Runtime's teardown.
 */
final class ExitChild {
  private static final OnnxOptions OPTIONS = new OnnxOptions(32, 512, 1, 1);

  private ExitChild() {}

  public static void main(String[] args) throws Exception {
    NativeLibraries.useDataDirectory(Path.of(args[1]));
    if (args[0].equals("load")) {
      System.out.println("loading");
      alongside(() -> OnnxEmbedder.load(LocalModel.ALL_MINILM_L6_V2, OPTIONS).close());
    } else {
      OnnxEmbedder embedder = OnnxEmbedder.load(LocalModel.ALL_MINILM_L6_V2, OPTIONS);
      List<String> documents = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        documents.add(
            ("Tool " + i + ": sends an email with a subject, a body and files. ").repeat(40));
      }
      Thread queries =
          Thread.ofPlatform()
              .daemon()
              .name("queries")
              .start(() -> untilRefused(() -> query(embedder)));
      System.out.println("embedding");
      alongside(() -> embedder.embedDocuments(documents));
      queries.join();
    }
    Thread.sleep(Long.MAX_VALUE); // the JVM's exit ends it
  }

  private static void query(OnnxEmbedder embedder) {
    embedder.embedQuery("is it raining in Lisbon");
  }

  /** Runs {@code work} over and over on this thread and one more, until refused. */
  private static void alongside(Runnable work) throws InterruptedException {
    Thread other = Thread.ofPlatform().daemon().name("other").start(() -> untilRefused(work));
    untilRefused(work);
    other.join();
  }

  private static void untilRefused(Runnable work) {
    try {
      while (true) {
        work.run();
      }
    } catch (EmbeddingException e) {
      System.out.println("refused: " + e.getMessage());
    }
  }
}
