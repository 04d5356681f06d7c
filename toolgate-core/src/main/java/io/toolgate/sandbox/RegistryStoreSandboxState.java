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
        .get(RegistryStore.SANDBOXES, sandbox)
        .flatMap(
            bytes -> {
              try {
                return Optional.of(
                    BuildState.fromJson(Json.parse(new String(bytes, StandardCharsets.UTF_8))));
              } catch (RuntimeException e) {
                LOG.warn(
                    "ignoring unreadable build state of sandbox {}: {}", sandbox, e.getMessage());
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
