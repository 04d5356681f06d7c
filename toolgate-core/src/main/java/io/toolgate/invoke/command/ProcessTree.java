package io.toolgate.invoke.command;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Kills a process and everything it started, and waits until they are gone. */
final class ProcessTree {
  private static final int ROUNDS = 5;

  private ProcessTree() {}

  /**
   * Kills {@code process} and its descendants with SIGKILL, children first: once the parent dies
   * its children are re-parented and can no longer be found from it. Several rounds catch children
   * forked while the previous round was killing. Returns once every process it killed is gone from
   * the process table (exited and reaped), or after {@code waitMillis}, whichever comes first.
   *
   * <p>SIGKILL is asynchronous ({@link ProcessHandle#destroyForcibly} only sends it), so without
   * the wait a caller could report "killed" while the processes still exist. The wait holds even
   * when the calling thread is interrupted: a timed-out call is cancelled by interrupting its
   * worker, often while the worker is already here, and its result must not come back before the
   * tree is dead. The interrupt is kept: the thread is interrupted again on return.
   */
  static void kill(Process process, long waitMillis) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
    List<ProcessHandle> killed = new ArrayList<>(destroyDescendants(process));
    process.destroyForcibly();
    killed.addFirst(process.toHandle());
    boolean interrupted = false;
    for (ProcessHandle h : killed) {
      interrupted |= awaitExit(h.onExit(), deadline);
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  /** SIGKILLs the descendants of {@code process} in rounds; returns every one it killed. */
  private static Set<ProcessHandle> destroyDescendants(Process process) {
    Set<ProcessHandle> killed = new LinkedHashSet<>();
    for (int round = 0; round < ROUNDS; round++) {
      List<ProcessHandle> fresh = new ArrayList<>();
      for (ProcessHandle d : process.descendants().toList()) {
        if (killed.add(d)) {
          fresh.add(d);
        }
      }
      if (fresh.isEmpty()) {
        break;
      }
      fresh.forEach(ProcessHandle::destroyForcibly);
    }
    return killed;
  }

  /**
   * Waits for {@code exit} until {@code deadline} ({@link System#nanoTime()}), through interrupts;
   * true when the thread was interrupted meanwhile.
   */
  private static boolean awaitExit(CompletableFuture<ProcessHandle> exit, long deadline) {
    boolean interrupted = false;
    while (true) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return interrupted;
      }
      try {
        exit.get(left, TimeUnit.NANOSECONDS);
        return interrupted;
      } catch (InterruptedException e) {
        interrupted = true;
      } catch (ExecutionException | TimeoutException e) {
        return interrupted; // stuck past the deadline (e.g. in uninterruptible I/O): give up
      }
    }
  }
}
