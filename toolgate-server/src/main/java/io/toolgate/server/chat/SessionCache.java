package io.toolgate.server.chat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The tools each conversation has retrieved, in the order it retrieved them (RFC 0001's session
 * schema cache).
 *
 * <p>Bounded: at most {@code maxSessions} conversations, the least recently used dropped first; a
 * conversation idle for longer than {@code ttl} is forgotten; at most {@code maxTools} tools per
 * conversation, after which new ones are not added (the list only ever grows at its end, so the
 * tools array it produces keeps a stable prefix). Thread-safe.
 */
final class SessionCache {
  private final SessionCacheConfig config;
  private final LongSupplier nanoTime;
  private final LinkedHashMap<String, Slot> sessions;

  private static final class Slot {
    final LinkedHashSet<String> tools = new LinkedHashSet<>();
    long touched;
  }

  SessionCache(SessionCacheConfig config, LongSupplier nanoTime) {
    this.config = config;
    this.nanoTime = nanoTime;
    this.sessions =
        new LinkedHashMap<>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Slot> eldest) {
            return size() > config.maxSessions();
          }
        };
  }

  /** The tools {@code session} has retrieved, oldest first; empty for an unknown session. */
  synchronized List<String> tools(String session) {
    Slot entry = live(session);
    return entry == null ? List.of() : List.copyOf(entry.tools);
  }

  /** Remembers that {@code session} retrieved {@code tools}; returns those that were new. */
  synchronized List<String> add(String session, Collection<String> tools) {
    Slot entry = live(session);
    if (entry == null) {
      entry = new Slot();
      sessions.put(session, entry);
    }
    entry.touched = nanoTime.getAsLong();
    List<String> added = new ArrayList<>();
    for (String tool : tools) {
      if (entry.tools.size() >= config.maxTools()) {
        break;
      }
      if (entry.tools.add(tool)) {
        added.add(tool);
      }
    }
    return added;
  }

  /** How many conversations are remembered now. */
  synchronized int size() {
    sessions.values().removeIf(this::expired);
    return sessions.size();
  }

  private Slot live(String session) {
    Slot entry = sessions.get(session);
    if (entry == null) {
      return null;
    }
    if (expired(entry)) {
      sessions.remove(session);
      return null;
    }
    entry.touched = nanoTime.getAsLong();
    return entry;
  }

  private boolean expired(Slot entry) {
    return nanoTime.getAsLong() - entry.touched > ttl().toNanos();
  }

  private Duration ttl() {
    return config.ttl();
  }
}
