package io.toolgate.embeddings.onnx;

import io.toolgate.search.spi.EmbeddingException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.IntFunction;

/**
 * One platform thread per processor, shared by every local model, that runs batches of documents
 * side by side.
 *
 * <p>A model's ONNX Runtime call on one intra-op thread keeps one core busy with little overhead:
 * two such calls at once embedded 52-55 tools/s with bge-small-en-v1.5 on the 2-core reference
 * machine, where one call with two intra-op threads managed 34 and one thread 29 (JSON documents;
 * all-MiniLM-L6-v2: 95-104 against 56 on one thread). Sharing one pool keeps every core busy while
 * several models embed at start-up, and busy with the slower one when the faster has finished,
 * without more runs than cores.
 *
 * <p>Platform threads, not virtual: a native call pins its carrier for its whole length, and the
 * server's requests run on those carriers.
 */
final class InferencePool {
  private static final ExecutorService POOL =
      Executors.newFixedThreadPool(
          Runtime.getRuntime().availableProcessors(),
          Thread.ofPlatform().daemon().name("toolgate-onnx-", 1).factory());

  private InferencePool() {}

  /**
   * {@code batch.apply(i)} for every {@code i} below {@code batches}, in the pool (on this thread
   * when there is only one), results in order.
   *
   * @throws EmbeddingException the first failure of a batch, after every batch ended
   */
  static <T> List<T> runAll(int batches, IntFunction<T> batch) {
    if (batches == 1) {
      return List.of(batch.apply(0));
    }
    List<CompletableFuture<T>> running = new ArrayList<>(batches);
    for (int i = 0; i < batches; i++) {
      int index = i;
      running.add(CompletableFuture.supplyAsync(() -> batch.apply(index), POOL));
    }
    List<T> out = new ArrayList<>(batches);
    RuntimeException failure = null;
    for (CompletableFuture<T> f : running) {
      try {
        out.add(f.join());
      } catch (CompletionException e) {
        if (failure == null) {
          failure =
              e.getCause() instanceof RuntimeException r
                  ? r
                  : new EmbeddingException("a batch failed: " + e.getCause(), e.getCause());
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
    return out;
  }
}
