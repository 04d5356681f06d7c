package io.toolgate.cli.fleet;

import io.toolgate.search.FakeEmbedder;
import io.toolgate.search.spi.Embedder;
import io.toolgate.search.spi.EmbedderProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code from: "fake:counting"}: the deterministic {@link FakeEmbedder}, which also appends the
 * number of tool documents it embeds to the file named by the system property {@value #LOG}, so a
 * fleet test can tell how many documents each replica process embedded.
 */
public final class CountingEmbedderProvider implements EmbedderProvider {
  /** The system property naming the count file. */
  public static final String LOG = "toolgate.test.embedLog";

  @Override
  public String describe() {
    return "fake:counting";
  }

  @Override
  public Optional<Embedder> create(String spec, Map<String, Object> options) {
    if (!spec.equals("fake:counting")) {
      return Optional.empty();
    }
    FakeEmbedder fake = new FakeEmbedder();
    Optional<Path> log = Optional.ofNullable(System.getProperty(LOG)).map(Path::of);
    return Optional.of(
        new Embedder() {
          @Override
          public String modelId() {
            return "fake-counting";
          }

          @Override
          public int dimension() {
            return fake.dimension();
          }

          @Override
          public float[][] embedDocuments(List<String> documents) {
            log.ifPresent(file -> append(file, documents.size()));
            return fake.embedDocuments(documents);
          }

          @Override
          public float[] embedQuery(String query) {
            return fake.embedQuery(query);
          }
        });
  }

  private static synchronized void append(Path file, int count) {
    try {
      Files.writeString(file, count + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The documents embedded so far according to {@code file}. */
  public static long embedded(Path file) throws IOException {
    if (!Files.exists(file)) {
      return 0;
    }
    return Files.readAllLines(file).stream().mapToLong(Long::parseLong).sum();
  }
}
