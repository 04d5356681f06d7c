package io.toolgate.mcp.client;

import java.time.Duration;

/**
 * How the federation connects, watches and reconnects upstream servers.
 *
 * @param connectTimeout how long starting and initializing a server may take
 * @param initialBackoff the wait before the first reconnect; doubled after each failure
 * @param maxBackoff the longest wait between reconnects
 * @param healthInterval how often a connected server is pinged
 * @param pingTimeout how long a ping may take before the server counts as hung
 */
public record McpClientOptions(
    Duration connectTimeout,
    Duration initialBackoff,
    Duration maxBackoff,
    Duration healthInterval,
    Duration pingTimeout) {

  /**
   * 30 s to connect, backoff 500 ms doubling to 30 s, a ping every 15 s that must answer in 5 s.
   */
  public static final McpClientOptions DEFAULTS =
      new McpClientOptions(
          Duration.ofSeconds(30),
          Duration.ofMillis(500),
          Duration.ofSeconds(30),
          Duration.ofSeconds(15),
          Duration.ofSeconds(5));

  public McpClientOptions {
    positive("connectTimeout", connectTimeout);
    positive("initialBackoff", initialBackoff);
    positive("maxBackoff", maxBackoff);
    positive("healthInterval", healthInterval);
    positive("pingTimeout", pingTimeout);
    if (maxBackoff.compareTo(initialBackoff) < 0) {
      throw new IllegalArgumentException(
          "maxBackoff " + maxBackoff + " must not be below initialBackoff " + initialBackoff);
    }
  }

  public McpClientOptions withBackoff(Duration initial, Duration max) {
    return new McpClientOptions(connectTimeout, initial, max, healthInterval, pingTimeout);
  }

  public McpClientOptions withHealth(Duration interval, Duration timeout) {
    return new McpClientOptions(connectTimeout, initialBackoff, maxBackoff, interval, timeout);
  }

  public McpClientOptions withConnectTimeout(Duration timeout) {
    return new McpClientOptions(timeout, initialBackoff, maxBackoff, healthInterval, pingTimeout);
  }

  /** The wait before reconnect attempt {@code attempt} (1-based). */
  Duration backoff(int attempt) {
    long millis = initialBackoff.toMillis();
    for (int i = 1; i < attempt && millis < maxBackoff.toMillis(); i++) {
      millis *= 2;
    }
    return Duration.ofMillis(Math.min(millis, maxBackoff.toMillis()));
  }

  private static void positive(String what, Duration d) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException(what + " must be a positive duration, got " + d);
    }
  }
}
