package io.toolgate.sandbox;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the last build of each sandbox is remembered, so a restart knows what is up to date.
 *
 * <p>{@link #inDirectory(Path)} keeps one JSON file per sandbox; {@link #inRegistryStore} keeps the
 * same JSON in the registry store, for gateway replicas that share one. Implementations are
 * thread-safe; a save is durable when it returns.
 */
public interface SandboxStateStore {

  /** The last build of {@code sandbox}, if it was ever built. */
  Optional<BuildState> load(String sandbox);

  /** Records a finished build, replacing the previous one. */
  void save(BuildState state);

  /** Forgets {@code sandbox}'s build. */
  void delete(String sandbox);

  /** A store of one file per sandbox in {@code directory}, written atomically. */
  static SandboxStateStore inDirectory(Path directory) {
    return new FileSandboxStateStore(directory);
  }

  /** A store in the registry store's {@code sandboxes} namespace, shared by replicas. */
  static SandboxStateStore inRegistryStore(io.toolgate.store.RegistryStore store) {
    return new RegistryStoreSandboxState(store);
  }
}
