package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadinessTest {
  @TempDir Path data;

  @Test
  void readyzIs503UntilTheExtraConditionHolds() {
    AtomicBoolean upstreamsTried = new AtomicBoolean();
    try (TestServer t =
        TestServer.start(TestServer.settings(data), b -> b.readyWhen(upstreamsTried::get))) {
      TestServer.Response starting = t.get("/readyz");
      assertThat(starting.status()).isEqualTo(503);
      assertThat(starting.json().path("status").asString()).isEqualTo("starting");
      assertThat(t.get("/healthz").status()).isEqualTo(200);
      upstreamsTried.set(true);
      assertThat(t.get("/readyz").status()).isEqualTo(200);
    }
  }

  @Test
  void joinWaitsUntilTheServerIsClosed() throws Exception {
    TestServer t = TestServer.start(TestServer.settings(data));
    Thread waiter =
        Thread.ofPlatform()
            .start(
                () -> {
                  try {
                    t.server.join();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
    waiter.join(200);
    assertThat(waiter.isAlive()).as("join() returned while the server runs").isTrue();
    t.close();
    waiter.join(60_000);
    assertThat(waiter.isAlive()).isFalse();
  }
}
