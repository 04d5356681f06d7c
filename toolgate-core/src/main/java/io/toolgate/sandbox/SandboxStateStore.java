package io.toolgate.sandbox;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the last build of each sandbox is remembered, so a restart knows what is up to date.
 *
 * <p>{@link #inDirectory(Path)} keeps one JSON file per sandbox; a store shared by several gateway
 * replicas can implement this over the registry store. Implementations are thread-safe; a save is
 * durable when it returns.
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
}
