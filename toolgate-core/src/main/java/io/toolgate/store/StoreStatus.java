package io.toolgate.store;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How current this process's view of a {@link RegistryStore} is: what {@code /readyz} reports.
 *
 * <p>Every commit to a store gets the next number of one monotonic change sequence. {@code
 * appliedSeq} is the last change this process has applied (its own commits and those it followed
 * from other processes); {@code headSeq} the newest change it knows the store has. {@code behind()}
 * is their difference. A store that cannot be reached reports {@code connected = false} with how
 * long it has been out of reach, since changes made meanwhile by other replicas are unknown.
 *
 * @param kind {@code embedded} or {@code postgresql}
 * @param shared whether other processes write to the same store (so this one follows them)
 * @param connected whether the store answers right now
 * @param appliedSeq the last change applied here
 * @param headSeq the newest change known to exist
 * @param disconnectedFor how long the store has been out of reach; empty while connected
 */
public record StoreStatus(
    String kind,
    boolean shared,
    boolean connected,
    long appliedSeq,
    long headSeq,
    Optional<Duration> disconnectedFor) {
  public StoreStatus {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(disconnectedFor, "disconnectedFor");
    if (appliedSeq < 0 || headSeq < appliedSeq) {
      throw new IllegalArgumentException(
          "illegal sequence positions: applied " + appliedSeq + ", head " + headSeq);
    }
  }

  /** A store only this process writes: always current. */
  public static StoreStatus local(String kind, long seq) {
    return new StoreStatus(kind, false, true, seq, seq, Optional.empty());
  }

  /** How many changes the store has that this process has not applied yet. */
  public long behind() {
    return headSeq - appliedSeq;
  }
}
