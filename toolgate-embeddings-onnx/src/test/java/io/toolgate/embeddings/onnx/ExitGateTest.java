package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.search.spi.EmbeddingException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The gate on its own (a gate of the test's, not the JVM's: these tests end its life); child JVMs
 * stopped under real model calls are in {@link OnnxExitTest}.
 */
class ExitGateTest {
  private final AtomicInteger lastSteps = new AtomicInteger();
  private final ExitGate gate = new ExitGate(lastSteps::incrementAndGet);
  private final CountDownLatch entered = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  // Threads of the test's own: the common pool may have a single one, which the call would hold.
  private final ExecutorService threads =
      Executors.newFixedThreadPool(2, Thread.ofPlatform().daemon().name("gate-test-", 1).factory());

  @AfterEach
  void releaseTheCallInFlight() {
    release.countDown();
    threads.shutdownNow();
  }

  @Test
  void callsRunAndReturnTheirResultWhileTheJvmRuns() throws Exception {
    assertThat(gate.call(() -> 42)).isEqualTo(42);
    assertThat(gate.callUnlessExiting(() -> null)).isTrue();
    assertThat(gate.exiting()).isFalse();
  }

  @Test
  void aCallAfterExitBeganFailsWithAClearMessageWithoutRunning() {
    assertThat(gate.shutDown(Duration.ofSeconds(5))).isTrue();
    AtomicBoolean ran = new AtomicBoolean();

    assertThatThrownBy(() -> gate.call(() -> ran.getAndSet(true)))
        .isInstanceOf(EmbeddingException.class)
        .hasMessage("ONNX Runtime is shutting down (the JVM is exiting); no new model call starts");
    assertThat(ran).isFalse();
    assertThat(gate.exiting()).isTrue();
  }

  @Test
  void closingAfterExitBeganIsSkippedNotRefused() throws Exception {
    gate.shutDown(Duration.ofSeconds(5));
    AtomicBoolean ran = new AtomicBoolean();

    assertThat(gate.callUnlessExiting(() -> ran.getAndSet(true))).isFalse();
    assertThat(ran).isFalse();
  }

  @Test
  void exitWaitsForTheCallInFlightAndTurnsNewCallsAwayMeanwhile() throws Exception {
    CompletableFuture<String> inFlight = callUntilReleased();
    CompletableFuture<Boolean> exit =
        CompletableFuture.supplyAsync(() -> gate.shutDown(wait(60)), threads);
    long deadline = System.nanoTime() + wait(30).toNanos();
    while (!gate.exiting() && System.nanoTime() < deadline) {
      Thread.sleep(1);
    }
    assertThat(gate.exiting()).as("exit began").isTrue();

    // While the first call is inside, exit cannot be done, and a new call fails at once.
    assertThatThrownBy(() -> gate.call(() -> "late"))
        .hasMessageContaining("ONNX Runtime is shutting down");
    assertThat(exit).isNotDone();
    assertThat(inFlight).isNotDone();
    assertThat(lastSteps).as("the last step waits for the call").hasValue(0);

    release.countDown();
    assertThat(inFlight.get(30, TimeUnit.SECONDS)).isEqualTo("done");
    assertThat(exit.get(30, TimeUnit.SECONDS)).as("every call left in time").isTrue();
    assertThat(lastSteps).hasValue(1);
  }

  @Test
  void exitGivesUpOnACallThatOutlastsItsBound() throws Exception {
    CompletableFuture<String> inFlight = callUntilReleased();

    long start = System.nanoTime();
    assertThat(gate.shutDown(Duration.ofMillis(1500))).isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(wait(1));
    assertThat(lastSteps).as("no last step under a live call").hasValue(0);

    release.countDown();
    assertThat(inFlight.get(30, TimeUnit.SECONDS)).isEqualTo("done");
  }

  @Test
  void loadingAModelPinsOnnxRuntimesEnvironmentUntilExit() {
    TestModels.miniLmQuantized();

    // Without the pin, ONNX Runtime's own shutdown hook frees the environment under live calls;
    // this fails when an ONNX Runtime upgrade renames what EnvironmentPin reaches for.
    assertThat(EnvironmentPin.held()).isTrue();
  }

  /** A call on another thread that stays inside the gate until {@link #release}. */
  private CompletableFuture<String> callUntilReleased() throws InterruptedException {
    CompletableFuture<String> call =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return gate.call(
                    () -> {
                      entered.countDown();
                      awaitRelease();
                      return "done";
                    });
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            },
            threads);
    assertThat(entered.await(30, TimeUnit.SECONDS)).as("the call started").isTrue();
    return call;
  }

  private void awaitRelease() {
    try {
      release.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static Duration wait(int seconds) {
    return Duration.ofSeconds(seconds);
  }
}
