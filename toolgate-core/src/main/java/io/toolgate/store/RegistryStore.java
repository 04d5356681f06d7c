package io.toolgate.store;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * table {@code (namespace, key, value)} and delivers other replicas' commits to {@link
 * StoreListener}s. Implementations are thread-safe.
 */
public interface RegistryStore extends AutoCloseable {

  /** Namespace of tools registered at run time; key = tool name, value = {@link Registrations}. */
  String TOOLS = "tools";

  /** Namespace of the tool-vector cache; key = model and tool checksum. */
  String VECTORS = "vectors";

  /** Namespace of sandbox build state; key = sandbox name. */
  String SANDBOXES = "sandboxes";

  /** Namespace of API keys, for stores that manage them (the embedded one reads a keys file). */
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

  /** Registers a listener for commits made by other processes sharing this store. */
  void addListener(StoreListener listener);

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
