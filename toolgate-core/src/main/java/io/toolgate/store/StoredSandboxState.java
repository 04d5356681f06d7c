package io.toolgate.store;

import io.toolgate.json.Json;
import io.toolgate.sandbox.BuildState;
import io.toolgate.sandbox.SandboxStateStore;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * Sandbox build state kept in a {@link RegistryStore} ({@link RegistryStore#SANDBOXES}), so that
 * replicas sharing a store agree on which sandboxes are built.
 *
 * <pre>{@code
 * Sandboxes sandboxes = Sandboxes.builder(registry, dataDir)
 *     .stateStore(new StoredSandboxState(store))
 *     .build();
 * }</pre>
 *
 * <p>Values are {@link BuildState#toJson()}; a save is durable when it returns. Thread-safe.
 */
public final class StoredSandboxState implements SandboxStateStore {
  private final RegistryStore store;

  public StoredSandboxState(RegistryStore store) {
    this.store = Objects.requireNonNull(store, "store");
  }

  @Override
  public Optional<BuildState> load(String sandbox) {
    return store
        .getText(RegistryStore.SANDBOXES, sandbox)
        .map(
            text -> {
              try {
                return BuildState.fromJson(Json.parse(text));
              } catch (RuntimeException e) {
                throw new StoreException(
                    "the stored build state of sandbox '" + sandbox + "' cannot be read: " + e, e);
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
