package io.toolgate.store.postgres;

import io.toolgate.store.StoreListener;
import io.toolgate.store.StoreOp;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follows the changes other replicas commit: one connection of its own that {@code LISTEN}s on the
 * store's channel, and a catch-up query after every notification (and at least every {@code poll})
 * that reads the entries changed since the last applied change sequence.
 *
 * <p>Each commit takes the next number of the store's change sequence under a row lock, so numbers
 * become visible in commit order and "everything up to the head" is a consistent cut. The entries
 * table keeps each key's current value (a deleted key as a row without value) with the number of
 * the commit that last changed it, so catching up after any outage is the same query as following
 * live: {@code seq > applied}. When the connection drops (network, PostgreSQL restart) the thread
 * reconnects with backoff and catches up from where it stopped; {@link #disconnectedSince()} says
 * for how long the replica may have missed changes.
 *
 * <p>Commits of this process are skipped (the committer applied them). Listeners run on this
 * thread, in commit order.
 */
final class ChangeFollower implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ChangeFollower.class);
  private static final long MAX_BACKOFF_MILLIS = 1_000;
  private static final long PRUNE_EVERY_NANOS = Duration.ofMinutes(10).toNanos();

  private record Follower(Set<String> namespaces, StoreListener listener) {}

  private final ConnectionSource connections;
  private final String schema;
  private final String channel;
  private final Duration poll;
  private final PostgresCounters counters;
  private final List<Follower> followers = new CopyOnWriteArrayList<>();
  private final ConcurrentSkipListSet<Long> own = new ConcurrentSkipListSet<>();
  private final AtomicLong applied;
  private final AtomicLong head;
  private volatile long disconnectedSinceNanos;
  // The store answered at open; the follow connection proves it again or flips this.
  private volatile boolean connected = true;
  private volatile boolean closed;
  private volatile Connection current;
  private final Thread thread;
  private long lastPrune = System.nanoTime();

  /** Opens its own connections (outside the pool: this one lives as long as the store). */
  @FunctionalInterface
  interface ConnectionSource {
    Connection open() throws SQLException;
  }

  ChangeFollower(
      ConnectionSource connections,
      String schema,
      long startSeq,
      Duration poll,
      PostgresCounters counters) {
    this.connections = connections;
    this.schema = schema;
    this.channel = channel(schema);
    this.poll = poll;
    this.counters = counters;
    this.applied = new AtomicLong(startSeq);
    this.head = new AtomicLong(startSeq);
    this.disconnectedSinceNanos = System.nanoTime();
    this.thread = Thread.ofPlatform().daemon().name("toolgate-pg-follow").start(this::run);
  }

  /** The {@code LISTEN} channel of a schema. */
  static String channel(String schema) {
    return "toolgate_" + schema;
  }

  void follow(Set<String> namespaces, StoreListener listener) {
    followers.add(new Follower(Set.copyOf(namespaces), listener));
  }

  /** Notes a commit of this process, so it is not delivered back to it. */
  void committedHere(long seq) {
    own.add(seq);
  }

  /** Notes that change {@code seq} exists (a commit of this process returned). */
  void sawHead(long seq) {
    head.accumulateAndGet(seq, Math::max);
  }

  /** Undoes {@link #committedHere} for a commit that failed (its number will be reused). */
  void forget(long seq) {
    own.remove(seq);
  }

  long head() {
    return Math.max(head.get(), applied.get());
  }

  /**
   * How many changes up to {@link #head()} this replica has not applied: those past the follower's
   * position that are not its own commits.
   */
  long behind() {
    long from = applied.get();
    long to = head();
    return to <= from ? 0 : to - from - own.subSet(from, false, to, true).size();
  }

  boolean connected() {
    return connected;
  }

  /**
   * When the follow connection was lost, in {@link System#nanoTime()}; meaningless if connected.
   */
  long disconnectedSinceNanos() {
    return disconnectedSinceNanos;
  }

  private void run() {
    long backoff = 100;
    while (!closed) {
      try (Connection c = connections.open()) {
        current = c;
        try (Statement s = c.createStatement()) {
          s.execute("LISTEN " + channel);
        }
        catchUp(c);
        if (!connected) {
          LOG.info("following {} again (change {})", schema, applied.get());
        }
        connected = true;
        backoff = 100;
        listen(c);
      } catch (SQLException | RuntimeException e) {
        if (closed) {
          return;
        }
        if (connected) {
          disconnectedSinceNanos = System.nanoTime();
          LOG.warn(
              "lost the PostgreSQL connection that follows other replicas' changes ({}); serving"
                  + " the catalog from memory and reconnecting",
              e.getMessage());
        }
        connected = false;
        sleep(backoff);
        backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
      } finally {
        current = null;
      }
    }
  }

  private void listen(Connection c) throws SQLException {
    PGConnection pg = c.unwrap(PGConnection.class);
    while (!closed) {
      PGNotification[] notes = pg.getNotifications((int) poll.toMillis());
      if (notes != null) {
        for (PGNotification n : notes) {
          try {
            head.accumulateAndGet(Long.parseLong(n.getParameter()), Math::max);
          } catch (NumberFormatException e) {
            LOG.debug("ignoring notification {}", n.getParameter());
          }
        }
      }
      catchUp(c);
      if (System.nanoTime() - lastPrune > PRUNE_EVERY_NANOS) {
        lastPrune = System.nanoTime();
        counters.prune(c);
      }
    }
  }

  /** Delivers every followed change after the applied position up to the store's head. */
  private void catchUp(Connection c) throws SQLException {
    long to;
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT seq FROM " + schema + ".change_seq")) {
      rs.next();
      to = rs.getLong(1);
    }
    head.accumulateAndGet(to, Math::max);
    long from = applied.get();
    if (to <= from) {
      return;
    }
    Set<String> namespaces = new TreeSet<>();
    followers.forEach(f -> namespaces.addAll(f.namespaces()));
    if (!namespaces.isEmpty()) {
      deliver(read(c, from, to, namespaces));
    }
    applied.set(to);
    own.headSet(to, true).clear();
  }

  private Map<Long, List<StoreOp>> read(Connection c, long from, long to, Set<String> namespaces)
      throws SQLException {
    Map<Long, List<StoreOp>> commits = new java.util.TreeMap<>();
    String sql =
        "SELECT seq, namespace, key, value FROM "
            + schema
            + ".entries WHERE seq > ? AND seq <= ? AND namespace = ANY (?) ORDER BY seq,"
            + " namespace, key";
    try (PreparedStatement s = c.prepareStatement(sql)) {
      Array names = c.createArrayOf("text", namespaces.toArray());
      s.setLong(1, from);
      s.setLong(2, to);
      s.setArray(3, names);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          long seq = rs.getLong(1);
          if (own.contains(seq)) {
            continue;
          }
          byte[] value = rs.getBytes(4);
          StoreOp op =
              value == null
                  ? new StoreOp.Delete(rs.getString(2), rs.getString(3))
                  : new StoreOp.Put(rs.getString(2), rs.getString(3), value);
          commits.computeIfAbsent(seq, k -> new ArrayList<>()).add(op);
        }
      }
    }
    return commits;
  }

  private void deliver(Map<Long, List<StoreOp>> commits) {
    for (List<StoreOp> ops : commits.values()) {
      for (Follower f : followers) {
        List<StoreOp> mine =
            ops.stream().filter(op -> f.namespaces().contains(op.namespace())).toList();
        if (mine.isEmpty()) {
          continue;
        }
        try {
          f.listener().onRemoteCommit(mine);
        } catch (RuntimeException e) {
          LOG.warn("a store listener failed on {}: {}", mine, e.toString());
        }
      }
    }
  }

  private void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      closed = true;
    }
  }

  @Override
  public void close() {
    closed = true;
    Connection c = current;
    if (c != null) {
      try {
        c.close();
      } catch (SQLException e) {
        LOG.debug("closing the follow connection", e);
      }
    }
    thread.interrupt();
    try {
      thread.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
