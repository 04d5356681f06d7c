package io.toolgate.store;

import java.util.List;

/**
 * Hears about changes another process made to a shared {@link RegistryStore}, so that a gateway
 * replica can follow them (a PostgreSQL store would feed it from {@code LISTEN/NOTIFY}).
 *
 * <p>Changes this process committed itself are not delivered: the committer already applied them.
 * The {@link EmbeddedRegistryStore} has exactly one writer and never calls listeners.
 */
@FunctionalInterface
public interface StoreListener {
  /** Called with the ops of one remote commit, in commit order. */
  void onRemoteCommit(List<StoreOp> ops);
}
