package io.toolgate.sandbox;

import io.toolgate.json.Json;
import io.toolgate.store.RegistryStore;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps build state in the {@link RegistryStore}'s {@value RegistryStore#SANDBOXES} namespace (key
 * = sandbox name, value = the {@link BuildState} JSON), so replicas sharing a store agree on what
 * was built.
 *
 * <p>Like {@link FileSandboxStateStore}, a value that cannot be read is treated as "never built"
 * (and logged): the worst outcome is one unnecessary rebuild. A save is durable when the store's
 * commit returns. Thread-safe, as the store is.
 */
final class RegistryStoreSandboxState implements SandboxStateStore {
  private static final Logger LOG = LoggerFactory.getLogger(RegistryStoreSandboxState.class);
  private final RegistryStore store;

  RegistryStoreSandboxState(RegistryStore store) {
    this.store = Objects.requireNonNull(store, "store");
  }

  @Override
  public Optional<BuildState> load(String sandbox) {
    return store
        .getText(RegistryStore.SANDBOXES, sandbox)
        .flatMap(
            text -> {
              try {
                return Optional.of(BuildState.fromJson(Json.parse(text)));
              } catch (RuntimeException e) {
                LOG.warn(
                    "ignoring unreadable build state of sandbox {} in {}: {}",
                    sandbox,
                    store.describe(),
                    e.getMessage());
                return Optional.empty();
              }
            });
  }

  @Override
  public void save(BuildState state) {
    store.put(
        RegistryStore.SANDBOXES,
        state.sandbox(),
        Json.write(state.toJson()).getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public void delete(String sandbox) {
    store.delete(RegistryStore.SANDBOXES, sandbox);
  }
}
