package io.toolgate.server.chat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Registry calls the proxy ran in a mixed turn, kept so later requests of the conversation show
 * them to the model again.
 *
 * <p>When one assistant message calls both a client tool and a registry tool, the proxy runs the
 * registry call, returns the message to the client with only the client's call, and stores the
 * registry call with its result under the client call's id. The client then sends the conversation
 * back with its own tool result; {@link #splice} finds the assistant message by that id and puts
 * the registry call and its {@code role: tool} result back, so the model sees every call it made
 * answered. Clients resend the whole history on every turn, so entries stay until they expire (same
 * bounds as the session cache); once gone, the model simply sees the turn without them.
 * Thread-safe.
 */
final class DeferredCalls {
  private final int maxEntries;
  private final long ttlNanos;
  private final LongSupplier nanoTime;
  private final LinkedHashMap<String, Slot> byClientCallId;

  /** The registry calls of one assistant message, and their result messages. */
  record Deferred(List<ObjectNode> calls, List<ObjectNode> results) {
    Deferred {
      calls = List.copyOf(calls);
      results = List.copyOf(results);
    }
  }

  private record Slot(Deferred deferred, long[] touched) {}

  DeferredCalls(int maxEntries, java.time.Duration ttl, LongSupplier nanoTime) {
    this.maxEntries = maxEntries;
    this.ttlNanos = ttl.toNanos();
    this.nanoTime = nanoTime;
    this.byClientCallId =
        new LinkedHashMap<>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Slot> eldest) {
            return size() > DeferredCalls.this.maxEntries;
          }
        };
  }

  /** Keeps {@code deferred} for the assistant message whose client calls have these ids. */
  synchronized void put(List<String> clientCallIds, Deferred deferred) {
    long[] touched = {nanoTime.getAsLong()};
    for (String id : clientCallIds) {
      byClientCallId.put(id, new Slot(deferred, touched));
    }
  }

  /**
   * The conversation with every stored registry call put back: into the assistant message that made
   * it (after the client's calls), its results right after that message.
   */
  synchronized List<ObjectNode> splice(List<ObjectNode> messages) {
    if (byClientCallId.isEmpty()) {
      return messages;
    }
    List<ObjectNode> out = new ArrayList<>(messages.size());
    Set<String> present = new HashSet<>();
    for (ObjectNode m : messages) {
      if (m.path("tool_call_id").isString()) {
        present.add(m.get("tool_call_id").asString());
      }
    }
    for (ObjectNode message : messages) {
      Deferred deferred = find(message);
      if (deferred == null) {
        out.add(message);
        continue;
      }
      ObjectNode augmented = message.deepCopy();
      ArrayNode calls = (ArrayNode) augmented.get("tool_calls");
      List<ObjectNode> results = new ArrayList<>();
      for (int i = 0; i < deferred.calls().size(); i++) {
        ObjectNode call = deferred.calls().get(i);
        if (!present.contains(call.path("id").asString(""))) {
          calls.add(call.deepCopy());
          results.add(deferred.results().get(i).deepCopy());
        }
      }
      out.add(augmented);
      out.addAll(results);
    }
    return out;
  }

  private Deferred find(ObjectNode message) {
    if (!"assistant".equals(message.path("role").asString(""))
        || !message.path("tool_calls").isArray()) {
      return null;
    }
    for (JsonNode call : message.get("tool_calls")) {
      Slot entry = byClientCallId.get(call.path("id").asString(""));
      if (entry == null) {
        continue;
      }
      long now = nanoTime.getAsLong();
      if (now - entry.touched()[0] > ttlNanos) {
        byClientCallId.remove(call.path("id").asString(""));
        continue;
      }
      entry.touched()[0] = now;
      return entry.deferred();
    }
    return null;
  }
}
