package io.toolgate.search.embed;

import io.toolgate.search.EmbedderContract;
import io.toolgate.search.spi.Embedder;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** {@link OpenAiEmbedder} against the loopback fake server, in batches of 4. */
class OpenAiEmbedderContractTest extends EmbedderContract {
  private static FakeOpenAiServer server;
  private static OpenAiEmbedder embedder;

  @BeforeAll
  static void start() {
    server = FakeOpenAiServer.start();
    embedder =
        OpenAiEmbedder.create(
            OpenAiSettings.of("fake-model")
                .withBaseUrl(server.baseUrl())
                .withApiKeyEnv(Optional.empty())
                .withBatchSize(4),
            name -> null);
  }

  @AfterAll
  static void stop() {
    embedder.close();
    server.close();
  }

  @Override
  protected Embedder embedder() {
    return embedder;
  }
}
