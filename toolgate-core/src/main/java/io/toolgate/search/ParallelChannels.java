package io.toolgate.search;

import io.toolgate.concurrent.BriefSpin;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Scores a search's channels on the caller and on helper threads at once. The channels do not
 * depend on each other, and on a large catalog each costs about a millisecond: a vector channel
 * reads every tool's sign bits, a lexical one the postings of common words. With two cores, a
 * 100,000-tool search took 8.1 ms at the median one channel after the other and about half that
 * sharing them (SearchBenchmark).
 *
 * <p>Caller and helpers take the tasks in order from one counter, so nothing waits for a helper
 * that has not started: on a busy machine the caller simply does them all, as a search without
 * helpers would. Helpers are virtual threads, one fewer than there are processors and at most one
 * fewer than there are tasks.
 */
final class ParallelChannels {
  private static final int HELPERS = Math.max(0, Runtime.getRuntime().availableProcessors() - 1);

  /**
   * Below this many tools the caller scores every channel itself: a channel then costs tens of
   * microseconds, not much more than handing it to another thread (the demo catalog's searches,
   * ~200 tools, would only get slower).
   */
  static final int MIN_TOOLS = 2_000;

  private ParallelChannels() {}

  /**
   * Runs every task once, starting them in order, and returns their results in that order; on
   * helper threads too when the search covers at least {@link #MIN_TOOLS} tools.
   *
   * @param tools how many tools the tasks score (the catalog's size)
   * @throws RuntimeException the failure of a task, if one failed (the others still ran)
   */
  static <T> List<T> compute(List<Supplier<T>> tasks, int tools) {
    int helpers = tools < MIN_TOOLS ? 0 : Math.min(HELPERS, tasks.size() - 1);
    if (helpers <= 0) {
      List<T> out = new ArrayList<>(tasks.size());
      tasks.forEach(t -> out.add(t.get()));
      return out;
    }
    Object[] results = new Object[tasks.size()];
    AtomicInteger next = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(tasks.size());
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Runnable drain =
        () -> {
          for (int i = next.getAndIncrement(); i < tasks.size(); i = next.getAndIncrement()) {
            try {
              results[i] = tasks.get(i).get();
            } catch (Throwable t) {
              failure.compareAndSet(null, t);
            } finally {
              done.countDown();
            }
          }
        };
    for (int h = 0; h < helpers; h++) {
      Thread.ofVirtual().name("toolgate-search-channel").start(drain);
    }
    drain.run();
    await(done);
    Throwable t = failure.get();
    if (t instanceof RuntimeException e) {
      throw e;
    }
    if (t instanceof Error e) {
      throw e;
    }
    if (t != null) {
      throw new IllegalStateException(t);
    }
    @SuppressWarnings("unchecked")
    List<T> out = (List<T>) Arrays.asList(results);
    return out;
  }

  /**
   * Waits for {@code done}: a platform caller spins briefly first (a helper finishing its last task
   * would otherwise cost the caller an OS wake-up), and the wait ignores interrupts, restoring them
   * afterwards: the tasks read index arrays that the caller's read lock protects, so the caller
   * must not return before they end.
   */
  private static void await(CountDownLatch done) {
    BriefSpin.until(() -> done.getCount() == 0);
    boolean interrupted = false;
    while (true) {
      try {
        done.await();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
