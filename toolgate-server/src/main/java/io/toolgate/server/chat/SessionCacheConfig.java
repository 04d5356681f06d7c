package io.toolgate.server.chat;

import java.time.Duration;
import java.util.Objects;

/**
 * How the proxy remembers the tools a conversation has retrieved (RFC 0001's per-session schema
 * cache).
 *
 * <p>Once a conversation has seen a tool in a search result or called it, later turns offer that
 * tool directly, appended after the tools that are always shown so the prefix of the {@code tools}
 * array stays byte-identical from turn to turn (prompt caching keeps working).
 *
 * @param enabled whether retrieved tools are offered on later turns
 * @param maxSessions how many conversations are remembered; the least recently used is forgotten
 *     first
 * @param ttl how long a conversation is remembered after its last request
 * @param maxTools how many retrieved tools one conversation may collect; once full, no more are
 *     added (evicting one would reorder the tools array and break prompt caching)
 */
public record SessionCacheConfig(boolean enabled, int maxSessions, Duration ttl, int maxTools) {
  /** On: 10,000 conversations, 30 minutes, 32 tools each. */
  public static final SessionCacheConfig DEFAULTS =
      new SessionCacheConfig(true, 10_000, Duration.ofMinutes(30), 32);

  /** Off. */
  public static final SessionCacheConfig DISABLED = DEFAULTS.withEnabled(false);

  public SessionCacheConfig {
    Objects.requireNonNull(ttl, "ttl");
    if (maxSessions < 1) {
      throw new IllegalArgumentException(
          "illegal max_sessions " + maxSessions + ", must be at least 1");
    }
    if (ttl.isNegative() || ttl.isZero()) {
      throw new IllegalArgumentException("illegal ttl " + ttl + ", must be positive");
    }
    if (maxTools < 1) {
      throw new IllegalArgumentException("illegal max_tools " + maxTools + ", must be at least 1");
    }
  }

  public SessionCacheConfig withEnabled(boolean newEnabled) {
    return new SessionCacheConfig(newEnabled, maxSessions, ttl, maxTools);
  }

  public SessionCacheConfig withMaxSessions(int newMaxSessions) {
    return new SessionCacheConfig(enabled, newMaxSessions, ttl, maxTools);
  }

  public SessionCacheConfig withTtl(Duration newTtl) {
    return new SessionCacheConfig(enabled, maxSessions, newTtl, maxTools);
  }

  public SessionCacheConfig withMaxTools(int newMaxTools) {
    return new SessionCacheConfig(enabled, maxSessions, ttl, newMaxTools);
  }
}
