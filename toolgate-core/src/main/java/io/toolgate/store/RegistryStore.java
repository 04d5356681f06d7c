package io.toolgate.store;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Durable state that must outlive a gateway process: tools registered at run time, keyed state such
 * as the tool-vector cache, sandbox build state and API keys, and the audit log.
 *
 * <pre>{@code
 * try (RegistryStore store = EmbeddedRegistryStore.open(dataDir)) {
 *   store.put(RegistryStore.TOOLS, "weather_current", bytes);   // durable when it returns
 *   store.commit(List.of(new StoreOp.Put(ns, "a", x), new StoreOp.Delete(ns, "b")));  // atomic
 *   Map<String, byte[]> all = store.list(RegistryStore.TOOLS);
 * }
 * }</pre>
 *
 * <p>The model is a set of namespaces, each a sorted map from key to bytes; values are opaque (JSON
 * text for registrations, float arrays for vectors). {@link #commit} is the one write primitive:
 * when it returns the ops are durable, and after a crash at any moment either all ops of a commit
 * are there or none. Reads see every commit that returned. The audit log is separate because it is
 * append-only, high-volume and never read back by the gateway.
 *
 * <p>A second implementation (PostgreSQL, shared by N replicas) keeps the same contract with one
 * table {@code (namespace, key, value, seq)} and delivers other replicas' commits to {@link
 * StoreListener}s ({@link #follow}); {@link #status} says how far behind this process is. A shared
 * store that cannot be reached throws {@link StoreUnavailableException} from {@link #commit}, and
 * nothing of that commit is written. Implementations are thread-safe.
 */
public interface RegistryStore extends AutoCloseable {

  /** Namespace of tools registered at run time; key = tool name, value = {@link Registrations}. */
  String TOOLS = "tools";

  /** Namespace of the tool-vector cache; key = model and tool checksum. */
  String VECTORS = "vectors";

  /** Namespace of sandbox build state; key = sandbox name. */
  String SANDBOXES = "sandboxes";

  /**
   * Namespace of API keys kept in the store (key = key id, value = the keys-file entry as JSON), so
   * a key added once works on every replica. Servers also read a keys file.
   */
  String API_KEYS = "api_keys";

  /**
   * Applies {@code ops} atomically and durably, in order.
   *
   * @throws StoreException when the state could not be made durable; the store then refuses further
   *     writes rather than acknowledge something it may lose
   */
  void commit(List<StoreOp> ops);

  /** The value of {@code key}, or empty. */
  Optional<byte[]> get(String namespace, String key);

  /** Every entry of {@code namespace}, sorted by key; empty for an unknown namespace. */
  Map<String, byte[]> list(String namespace);

  /**
   * Appends one entry to the audit log. Entries are JSON objects written as one line each; an
   * implementation may buffer them briefly, so the last entries before a power loss can be lost (a
   * killed process loses none).
   */
  void appendAudit(JsonNode entry);

  /**
   * Delivers to {@code listener} the changes other processes commit to {@code namespaces} from now
   * on, in commit order. A store that only this process writes (the embedded one) never calls it. A
   * shared store that lost its connection replays what it missed once it is back, so a follower
   * ends up with every change; it may see a change it already read through {@link #list} again.
   */
  void follow(Set<String> namespaces, StoreListener listener);

  /**
   * How current this process's view is: the change sequence applied here, the newest one the store
   * has, and whether the store can be reached.
   */
  StoreStatus status();

  /**
   * Counters that every process sharing this store sees, for fleet-wide rate limits; empty for a
   * store only one process uses (local counters are exact and cheaper there).
   */
  default Optional<SharedCounters> counters() {
    return Optional.empty();
  }

  /** A short description for logs, e.g. {@code embedded:/home/me/.toolgate}. */
  String describe();

  /** Releases files, locks and connections. Idempotent. */
  @Override
  void close();

  /** Sets {@code key} to {@code value}, durably. */
  default void put(String namespace, String key, byte[] value) {
    commit(List.of(new StoreOp.Put(namespace, key, value)));
  }

  /** Removes {@code key}, durably; returns whether it was there. */
  default boolean delete(String namespace, String key) {
    boolean present = get(namespace, key).isPresent();
    commit(List.of(new StoreOp.Delete(namespace, key)));
    return present;
  }

  /** The value of {@code key} read as UTF-8 text. */
  default Optional<String> getText(String namespace, String key) {
    return get(namespace, key).map(b -> new String(b, StandardCharsets.UTF_8));
  }
}
