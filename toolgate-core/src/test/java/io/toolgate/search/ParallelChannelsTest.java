package io.toolgate.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class ParallelChannelsTest {
  private static final int BIG = ParallelChannels.MIN_TOOLS;

  @Test
  void runsEveryTaskOnceAndReturnsResultsInTaskOrder() {
    int n = 200;
    AtomicIntegerArray runs = new AtomicIntegerArray(n);
    List<Supplier<Integer>> tasks = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int task = i;
      tasks.add(
          () -> {
            runs.incrementAndGet(task);
            return task * task;
          });
    }
    List<Integer> results = ParallelChannels.compute(tasks, BIG);
    for (int i = 0; i < n; i++) {
      assertThat(runs.get(i)).as("runs of task %d", i).isEqualTo(1);
      assertThat(results.get(i)).isEqualTo(i * i);
    }
  }

  @Test
  void tasksRunAtTheSameTimeWhenThereAreCoresForThem() {
    assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "needs two processors");
    // Each task waits for the other: one thread running them in turn would time out.
    CyclicBarrier both = new CyclicBarrier(2);
    Supplier<String> meet =
        () -> {
          try {
            both.await(30, TimeUnit.SECONDS);
            return Thread.currentThread().isVirtual() ? "helper" : "caller";
          } catch (Exception e) {
            throw new IllegalStateException("the other task never ran alongside", e);
          }
        };
    assertThat(ParallelChannels.compute(List.of(meet, meet), BIG))
        .containsExactlyInAnyOrder("helper", "caller");
  }

  @Test
  void aSmallCatalogsTasksAllRunOnTheCaller() {
    Thread caller = Thread.currentThread();
    List<Supplier<Thread>> tasks = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      tasks.add(Thread::currentThread);
    }
    assertThat(ParallelChannels.compute(tasks, BIG - 1)).containsOnly(caller);
  }

  @Test
  void aFailingTaskFailsTheCallAfterTheOthersRan() {
    AtomicInteger ran = new AtomicInteger();
    List<Supplier<Integer>> tasks = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      int task = i;
      tasks.add(
          () -> {
            ran.incrementAndGet();
            if (task == 3) {
              throw new IllegalArgumentException("task 3 broke");
            }
            return task;
          });
    }
    assertThatThrownBy(() -> ParallelChannels.compute(tasks, BIG))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("task 3 broke");
    assertThat(ran).hasValue(10);
  }

  @Test
  void anInterruptedCallerStillWaitsForEveryTaskAndKeepsItsInterrupt() {
    AtomicInteger finished = new AtomicInteger();
    List<Supplier<Integer>> tasks = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      int task = i;
      tasks.add(
          () -> {
            sleep(20);
            finished.incrementAndGet();
            return task;
          });
    }
    Thread.currentThread().interrupt();
    try {
      assertThat(ParallelChannels.compute(tasks, BIG)).containsExactly(0, 1, 2, 3);
      assertThat(finished).hasValue(4);
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  private static void sleep(long millis) {
    long until = System.nanoTime() + millis * 1_000_000;
    while (System.nanoTime() < until) {
      Thread.onSpinWait();
    }
  }
}
