package io.toolgate.catalog;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Limits a tool declares for its own calls; each absent limit falls back to its sandbox's, then to
 * the gateway default.
 *
 * @param timeout how long one call may run before it is cancelled
 * @param maxConcurrency how many calls of this tool may run at once
 * @param maxResultBytes the largest result, in bytes of JSON, the tool may return
 */
public record ToolPolicy(
    Optional<Duration> timeout, OptionalInt maxConcurrency, OptionalLong maxResultBytes) {

  /** No limits of its own. */
  public static final ToolPolicy INHERIT =
      new ToolPolicy(Optional.empty(), OptionalInt.empty(), OptionalLong.empty());

  public ToolPolicy {
    timeout = timeout == null ? Optional.empty() : timeout;
    maxConcurrency = maxConcurrency == null ? OptionalInt.empty() : maxConcurrency;
    maxResultBytes = maxResultBytes == null ? OptionalLong.empty() : maxResultBytes;
    timeout.ifPresent(
        t -> {
          if (t.isNegative() || t.isZero()) {
            throw new IllegalArgumentException(
                "timeout must be positive, got " + t.toMillis() + " ms");
          }
        });
    maxConcurrency.ifPresent(
        n -> {
          if (n < 1) {
            throw new IllegalArgumentException("max_concurrency must be at least 1, got " + n);
          }
        });
    maxResultBytes.ifPresent(
        n -> {
          if (n < 1) {
            throw new IllegalArgumentException("max_result_bytes must be at least 1, got " + n);
          }
        });
  }

  /** A policy with only a timeout. */
  public static ToolPolicy withTimeout(Duration timeout) {
    return new ToolPolicy(Optional.of(timeout), OptionalInt.empty(), OptionalLong.empty());
  }

  /** Whether no limit is set. */
  public boolean isInherit() {
    return timeout.isEmpty() && maxConcurrency.isEmpty() && maxResultBytes.isEmpty();
  }
}
