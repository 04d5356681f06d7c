package io.toolgate.invoke.command;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** Kills a process and everything it started, and waits until they are gone. */
final class ProcessTree {
  private static final int ROUNDS = 5;

  private ProcessTree() {}

  /**
   * Kills {@code process} and its descendants with SIGKILL, children first: once the parent dies
   * its children are re-parented and can no longer be found from it. Several rounds catch children
   * forked while the previous round was killing. Waits up to {@code waitMillis} for them to exit.
   */
  static void kill(Process process, long waitMillis) {
    Set<ProcessHandle> killed = new LinkedHashSet<>();
    for (int round = 0; round < ROUNDS; round++) {
      List<ProcessHandle> descendants = process.descendants().toList();
      List<ProcessHandle> fresh = new ArrayList<>();
      for (ProcessHandle d : descendants) {
        if (killed.add(d)) {
          fresh.add(d);
        }
      }
      if (fresh.isEmpty()) {
        break;
      }
      fresh.forEach(ProcessHandle::destroyForcibly);
    }
    process.destroyForcibly();
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
    boolean interrupted = false;
    try {
      process.waitFor(waitMillis, TimeUnit.MILLISECONDS);
      for (ProcessHandle h : killed) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          break;
        }
        try {
          h.onExit().get(left, TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.ExecutionException
            | java.util.concurrent.TimeoutException e) {
          // Gone or stuck; nothing more to do for it.
        }
      }
    } catch (InterruptedException e) {
      interrupted = true;
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
