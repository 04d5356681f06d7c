package io.toolgate.server.auth;

import io.toolgate.json.Json;
import io.toolgate.store.RegistryStore;
import io.toolgate.store.StoreOp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * API keys kept in a {@link RegistryStore} ({@value RegistryStore#API_KEYS} namespace; key = key
 * id, value = the keys-file entry as JSON), so that a key added once works on every replica that
 * shares the store, and a key removed once stops working on all of them.
 *
 * <pre>{@code
 * String secret = KeysFile.generateKey();
 * StoreKeys.add(store, "planner", KeysFile.hash(secret), Set.of(Scope.SEARCH), null);
 * }</pre>
 *
 * <p>A server loads them at start and follows changes other processes make (the {@code toolgate
 * keys} command, another replica); {@link #version()} changes with every change, so an {@link
 * Authenticator} drops secrets it verified against an older set. An entry that does not parse is
 * skipped with a warning. Thread-safe.
 */
public final class StoreKeys {
  private static final Logger LOG = LoggerFactory.getLogger(StoreKeys.class);

  private final RegistryStore store;
  private final Map<String, ApiKey> keys = new ConcurrentSkipListMap<>();
  private volatile long version;

  private StoreKeys(RegistryStore store) {
    this.store = Objects.requireNonNull(store, "store");
  }

  /** Loads the keys of {@code store} and follows later changes to them. */
  public static StoreKeys follow(RegistryStore store) {
    StoreKeys out = new StoreKeys(store);
    store.follow(Set.of(RegistryStore.API_KEYS), out::apply);
    store.list(RegistryStore.API_KEYS).forEach((id, value) -> out.put(id, value));
    return out;
  }

  /** The keys as of now. */
  public List<ApiKey> keys() {
    return List.copyOf(keys.values());
  }

  /** Changes whenever a key is added, replaced or removed. */
  public long version() {
    return version;
  }

  /**
   * Stores a key entry; durable when it returns.
   *
   * @param hash {@link KeysFile#hash} of the secret
   * @param rateLimit {@code {per_second, burst}} or {@code {per_minute}}, or null for the default
   * @throws IllegalArgumentException when the entry would not parse (bad id, no scopes)
   */
  public static ApiKey add(
      RegistryStore store, String id, String hash, Set<Scope> scopes, JsonNode rateLimit) {
    ObjectNode entry = Json.object().put("id", id).put("hash", hash);
    scopes.stream().map(Scope::wire).sorted().forEach(entry.putArray("scopes")::add);
    if (rateLimit != null) {
      entry.set("rate_limit", rateLimit);
    }
    ApiKey key = KeysFile.entry(entry, "key '" + id + "'");
    store.put(RegistryStore.API_KEYS, id, Json.write(entry).getBytes(StandardCharsets.UTF_8));
    return key;
  }

  /** Removes the key {@code id}; returns whether it was there. */
  public static boolean remove(RegistryStore store, String id) {
    return store.delete(RegistryStore.API_KEYS, id);
  }

  /** The entries of {@code store} as stored (id, hash, scopes, rate limit), sorted by id. */
  public static List<JsonNode> entries(RegistryStore store) {
    List<JsonNode> out = new ArrayList<>();
    store
        .list(RegistryStore.API_KEYS)
        .values()
        .forEach(v -> out.add(Json.parse(new String(v, StandardCharsets.UTF_8))));
    return out;
  }

  private void apply(List<StoreOp> ops) {
    for (StoreOp op : ops) {
      switch (op) {
        case StoreOp.Put p -> put(p.key(), p.value());
        case StoreOp.Delete d -> {
          keys.remove(d.key());
          version++;
        }
      }
    }
  }

  private void put(String id, byte[] value) {
    try {
      JsonNode entry = Json.parse(new String(value, StandardCharsets.UTF_8));
      keys.put(id, KeysFile.entry(entry, store.describe() + " api_keys/" + id));
      version++;
    } catch (RuntimeException e) {
      LOG.warn("API key '{}' in the store is not usable, skipped: {}", id, e.getMessage());
    }
  }
}
