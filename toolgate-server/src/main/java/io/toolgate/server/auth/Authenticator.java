package io.toolgate.server.auth;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a presented secret into a {@link Caller}, against the keys of a {@link KeysFile}.
 *
 * <p>Keys are salted per entry, so a secret is checked against each entry's hash; verified secrets
 * are remembered (in memory only) so later requests cost one map lookup. The keys file is re-read
 * when it changes (checked at most every two seconds); a file that no longer parses is reported and
 * the previous keys stay in force. Thread-safe.
 */
public final class Authenticator {
  private static final Logger LOG = LoggerFactory.getLogger(Authenticator.class);
  private static final int CACHE_LIMIT = 10_000;
  private static final long RECHECK_NANOS = 2_000_000_000L;

  private final Optional<Path> file;
  private final Optional<StoreKeys> storeKeys;
  private volatile long storeVersion;
  private final RateLimit defaultRate;
  private volatile List<ApiKey> keys;
  private volatile FileTime loadedModified;
  private volatile long lastCheck = System.nanoTime();
  private final Map<String, Caller> verified = new ConcurrentHashMap<>();

  private Authenticator(Optional<Path> file, List<ApiKey> keys, RateLimit defaultRate) {
    this(file, keys, Optional.empty(), defaultRate);
  }

  private Authenticator(
      Optional<Path> file, List<ApiKey> keys, Optional<StoreKeys> store, RateLimit defaultRate) {
    this.file = file;
    this.storeKeys = store;
    this.storeVersion = store.map(StoreKeys::version).orElse(0L);
    this.keys = List.copyOf(keys);
    this.defaultRate = Objects.requireNonNull(defaultRate, "defaultRate");
    this.loadedModified = file.map(Authenticator::modified).orElse(null);
  }

  /** Checks keys read from {@code file}, reloading it when it changes. */
  public static Authenticator fromFile(Path file, RateLimit defaultRate) {
    return new Authenticator(Optional.of(file), KeysFile.load(file), defaultRate);
  }

  /**
   * Checks the keys of a keys file (when given) and those kept in a store, which replicas sharing
   * the store follow: a key added or removed there takes effect here within the follow delay.
   */
  public static Authenticator of(Optional<Path> file, StoreKeys store, RateLimit defaultRate) {
    return new Authenticator(
        file, file.map(KeysFile::load).orElse(List.of()), Optional.of(store), defaultRate);
  }

  /**
   * The authenticator of a server: keys come from the keys file and from the store (where {@code
   * toolgate keys add} puts them, and every replica sharing the store sees them); empty, for an
   * open server, when neither has any.
   */
  public static Optional<Authenticator> forServer(
      Optional<Path> file, Optional<StoreKeys> store, RateLimit defaultRate) {
    if (store.isPresent() && (file.isPresent() || !store.get().keys().isEmpty())) {
      return Optional.of(of(file, store.get(), defaultRate));
    }
    return file.map(f -> fromFile(f, defaultRate));
  }

  /** Checks a fixed list of keys. */
  public static Authenticator of(List<ApiKey> keys, RateLimit defaultRate) {
    return new Authenticator(Optional.empty(), keys, defaultRate);
  }

  /** How many keys are configured. */
  public int size() {
    return keys.size() + storeKeys.map(k -> k.keys().size()).orElse(0);
  }

  /** The caller whose key is {@code presented}, or empty for an unknown key. */
  public Optional<Caller> authenticate(String presented) {
    reloadIfChanged();
    Caller known = verified.get(presented);
    if (known != null) {
      return Optional.of(known);
    }
    for (ApiKey key : allKeys()) {
      if (key.matches(presented)) {
        if (verified.size() >= CACHE_LIMIT) {
          verified.clear();
        }
        Caller caller = key.caller(defaultRate);
        verified.put(presented, caller);
        return Optional.of(caller);
      }
    }
    return Optional.empty();
  }

  private List<ApiKey> allKeys() {
    if (storeKeys.isEmpty()) {
      return keys;
    }
    List<ApiKey> all = new java.util.ArrayList<>(keys);
    all.addAll(storeKeys.get().keys());
    return all;
  }

  private void reloadIfChanged() {
    if (storeKeys.isPresent() && storeKeys.get().version() != storeVersion) {
      // a key was added, replaced or revoked in the store: forget what was verified before
      storeVersion = storeKeys.get().version();
      verified.clear();
    }
    if (file.isEmpty()) {
      return;
    }
    long now = System.nanoTime();
    if (now - lastCheck < RECHECK_NANOS) {
      return;
    }
    synchronized (this) {
      if (now - lastCheck < RECHECK_NANOS) {
        return;
      }
      lastCheck = now;
      FileTime modified = modified(file.get());
      if (Objects.equals(modified, loadedModified)) {
        return;
      }
      try {
        List<ApiKey> fresh = KeysFile.load(file.get());
        keys = fresh;
        verified.clear();
        loadedModified = modified;
        LOG.info("reloaded {} API key(s) from {}", fresh.size(), file.get());
      } catch (IllegalArgumentException e) {
        loadedModified = modified;
        LOG.error(
            "the changed keys file is not usable, keeping the previous keys: {}", e.getMessage());
      }
    }
  }

  private static FileTime modified(Path path) {
    try {
      return Files.getLastModifiedTime(path);
    } catch (java.io.IOException e) {
      return null;
    }
  }
}
