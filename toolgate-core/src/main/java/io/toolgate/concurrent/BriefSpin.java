package io.toolgate.concurrent;

import java.util.function.BooleanSupplier;

/**
 * Spinning briefly before parking. A platform thread that parks to wait for another thread's result
 * pays an OS wake-up when it comes, tens of microseconds on a quiet machine: more than an
 * in-process tool call or a small search's channel costs. Spinning up to {@link #NANOS} first
 * catches those fast results; a slower one costs at most that much CPU before the park.
 */
public final class BriefSpin {
  /** How long a platform thread spins: about one thread wake-up. */
  public static final long NANOS = 50_000;

  private BriefSpin() {}

  /**
   * On a platform thread, spins until {@code done} or {@link #NANOS} have passed; returns at once
   * on a virtual thread, for which parking is cheap and spinning would hold a carrier the awaited
   * work may need.
   */
  public static void until(BooleanSupplier done) {
    if (Thread.currentThread().isVirtual()) {
      return;
    }
    long until = System.nanoTime() + NANOS;
    while (!done.getAsBoolean() && System.nanoTime() < until) {
      Thread.onSpinWait();
    }
  }
}
