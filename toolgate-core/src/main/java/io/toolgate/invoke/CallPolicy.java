package io.toolgate.invoke;

import io.toolgate.catalog.ToolPolicy;
import java.time.Duration;
import java.util.Objects;

/**
 * The limits one call runs under, every one of them set: how long it may run, how many calls of the
 * same tool may run at once, how large its result may be.
 *
 * <pre>{@code
 * CallPolicy defaults = CallPolicy.DEFAULTS.withTimeout(Duration.ofSeconds(10));
 * CallPolicy effective = defaults.resolve(tool.policy(), sandboxPolicy);
 * }</pre>
 *
 * <p>A {@link ToolPolicy} leaves limits unset; {@link #resolve} fills each unset limit from the
 * sandbox's policy, then from this one. Immutable.
 *
 * @param timeout how long one call may run before it is cancelled; positive
 * @param maxConcurrency how many calls of one tool may run at once; at least 1
 * @param maxResultBytes the largest result, in bytes of compact JSON; at least 1
 */
public record CallPolicy(Duration timeout, int maxConcurrency, long maxResultBytes) {
  /** The gateway defaults: 30 s, 16 concurrent calls per tool, 1 MiB results. */
  public static final CallPolicy DEFAULTS = new CallPolicy(Duration.ofSeconds(30), 16, 1 << 20);

  public CallPolicy {
    Objects.requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException(
          "timeout must be positive, got " + timeout.toMillis() + " ms");
    }
    if (maxConcurrency < 1) {
      throw new IllegalArgumentException(
          "max_concurrency must be at least 1, got " + maxConcurrency);
    }
    if (maxResultBytes < 1) {
      throw new IllegalArgumentException(
          "max_result_bytes must be at least 1, got " + maxResultBytes);
    }
  }

  /**
   * The policy a call of a tool runs under: each limit from {@code tool} when set, else from {@code
   * sandbox}, else from this policy.
   */
  public CallPolicy resolve(ToolPolicy tool, ToolPolicy sandbox) {
    return new CallPolicy(
        tool.timeout().or(sandbox::timeout).orElse(timeout),
        tool.maxConcurrency().orElse(sandbox.maxConcurrency().orElse(maxConcurrency)),
        tool.maxResultBytes().orElse(sandbox.maxResultBytes().orElse(maxResultBytes)));
  }

  public CallPolicy withTimeout(Duration newTimeout) {
    return new CallPolicy(newTimeout, maxConcurrency, maxResultBytes);
  }

  public CallPolicy withMaxConcurrency(int newMaxConcurrency) {
    return new CallPolicy(timeout, newMaxConcurrency, maxResultBytes);
  }

  public CallPolicy withMaxResultBytes(long newMaxResultBytes) {
    return new CallPolicy(timeout, maxConcurrency, newMaxResultBytes);
  }
}
