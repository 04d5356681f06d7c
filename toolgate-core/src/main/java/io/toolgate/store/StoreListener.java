package io.toolgate.store;

import java.util.List;

/**
 * Hears about changes another process made to a shared {@link RegistryStore}, so that a gateway
 * replica can follow them (the PostgreSQL store feeds it from {@code LISTEN/NOTIFY}); see {@link
 * RegistryStore#follow}.
 *
 * <p>Changes this process committed itself are not delivered: the committer already applied them.
 * The {@link EmbeddedRegistryStore} has exactly one writer and never calls listeners. Calls come
 * from one thread at a time, in commit order; a listener must not block for long.
 */
@FunctionalInterface
public interface StoreListener {
  /**
   * Called with the ops of one remote commit (only those in the followed namespaces). Each op
   * carries the key's current value, so applying it is idempotent: a change replayed twice, or seen
   * both here and through {@link RegistryStore#list}, does no harm.
   */
  void onRemoteCommit(List<StoreOp> ops);
}
