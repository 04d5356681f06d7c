package io.toolgate.sandbox;

import io.toolgate.store.RegistryStore;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the last build of each sandbox is remembered, so a restart knows what is up to date.
 *
 * <pre>{@code
 * Sandboxes sandboxes = Sandboxes.builder(registry, dataDir)
 *     .stateStore(SandboxStateStore.inRegistryStore(store))   // default: inDirectory(...)
 *     .build();
 * }</pre>
 *
 * <p>{@link #inDirectory(Path)} keeps one JSON file per sandbox (the default of {@link Sandboxes},
 * in {@code <data>/sandboxes/.state}); {@link #inRegistryStore} keeps the same JSON in the registry
 * store, for gateway replicas that share one. A state that cannot be read loads as empty ("never
 * built", logged), so the worst outcome is one unnecessary rebuild. Implementations are
 * thread-safe; a save is durable when it returns.
 */
public interface SandboxStateStore {

  /** The last build of {@code sandbox}; empty if it was never built or its state is unreadable. */
  Optional<BuildState> load(String sandbox);

  /** Records a finished build, replacing the previous one. */
  void save(BuildState state);

  /** Forgets {@code sandbox}'s build. */
  void delete(String sandbox);

  /** A store of one file per sandbox in {@code directory}, written atomically. */
  static SandboxStateStore inDirectory(Path directory) {
    return new FileSandboxStateStore(directory);
  }

  /**
   * A store in the registry store's {@value RegistryStore#SANDBOXES} namespace, shared by replicas.
   */
  static SandboxStateStore inRegistryStore(RegistryStore store) {
    return new RegistryStoreSandboxState(store);
  }
}
