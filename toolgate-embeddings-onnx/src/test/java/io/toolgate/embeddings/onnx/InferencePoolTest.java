package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.toolgate.search.spi.EmbeddingException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class InferencePoolTest {

  @Test
  void returnsEveryBatchsResultInOrder() {
    assertThat(InferencePool.runAll(50, i -> "batch " + i))
        .hasSize(50)
        .startsWith("batch 0", "batch 1")
        .endsWith("batch 49");
    assertThat(InferencePool.runAll(0, i -> i)).isEmpty();
  }

  @Test
  void aSingleBatchRunsOnTheCaller() {
    Thread caller = Thread.currentThread();
    assertThat(InferencePool.runAll(1, i -> Thread.currentThread())).containsExactly(caller);
  }

  @Test
  void batchesRunSideBySideOnPlatformThreads() {
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs two processors");
    // Two batches that each wait for the other finish only when they run at the same time.
    CyclicBarrier both = new CyclicBarrier(2);
    Set<Thread> threads = ConcurrentHashMap.newKeySet();
    InferencePool.runAll(
        2,
        i -> {
          threads.add(Thread.currentThread());
          try {
            return both.await(30, TimeUnit.SECONDS);
          } catch (Exception e) {
            throw new IllegalStateException("the batches did not run side by side", e);
          }
        });
    assertThat(threads).hasSize(2).noneMatch(Thread::isVirtual);
    assertThat(threads).allMatch(t -> t.getName().startsWith("toolgate-onnx-"));
  }

  @Test
  void aFailedBatchFailsTheCallOnlyAfterTheOthersEnded() {
    AtomicInteger ended = new AtomicInteger();
    assertThatThrownBy(
            () ->
                InferencePool.runAll(
                    6,
                    i -> {
                      try {
                        if (i == 2) {
                          throw new EmbeddingException("batch 2 broke");
                        }
                        return i;
                      } finally {
                        ended.incrementAndGet();
                      }
                    }))
        .isInstanceOf(EmbeddingException.class)
        .hasMessage("batch 2 broke");
    assertThat(ended).hasValue(6);
  }

  @Test
  void anErrorInABatchBecomesAnEmbeddingException() {
    assertThatThrownBy(
            () ->
                InferencePool.runAll(
                    2,
                    i -> {
                      if (i == 1) {
                        throw new StackOverflowError("deep");
                      }
                      return List.of(i);
                    }))
        .isInstanceOf(EmbeddingException.class)
        .hasMessageContaining("deep");
  }
}
