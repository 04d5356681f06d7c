package io.toolgate.store.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The audit log in the {@code audit} table, written in batches by one background thread so that an
 * audited call never waits for the database.
 *
 * <p>Entries wait in memory (at most {@value #MAX_QUEUED}; beyond that the oldest are dropped and
 * counted in the log) and are flushed every {@value #FLUSH_MILLIS} ms, or at once when 500 wait.
 * While PostgreSQL is down they stay queued and go out once it is back; a killed process loses what
 * was queued (at most the last {@value #FLUSH_MILLIS} ms when the database is up).
 */
final class PostgresAudit implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PostgresAudit.class);
  static final int MAX_QUEUED = 10_000;
  static final long FLUSH_MILLIS = 200;
  private static final int BATCH = 500;

  private final DataSource pool;
  private final String schema;
  private final String replica;
  private final ArrayDeque<String> queue = new ArrayDeque<>();
  private final Thread writer;
  private long dropped;
  private boolean closed;

  PostgresAudit(DataSource pool, String schema, String replica) {
    this.pool = pool;
    this.schema = schema;
    this.replica = replica;
    this.writer = Thread.ofPlatform().daemon().name("toolgate-pg-audit").start(this::run);
  }

  synchronized void append(String json) {
    if (closed) {
      return;
    }
    if (queue.size() >= MAX_QUEUED) {
      queue.pollFirst();
      dropped++;
    }
    queue.addLast(json);
    if (queue.size() >= BATCH) {
      notifyAll();
    }
  }

  private void run() {
    while (true) {
      List<String> batch;
      synchronized (this) {
        if (queue.isEmpty() && !closed) {
          try {
            wait(FLUSH_MILLIS);
          } catch (InterruptedException e) {
            closed = true;
          }
        }
        if (queue.isEmpty() && closed) {
          return;
        }
        batch = new ArrayList<>(Math.min(queue.size(), BATCH));
        for (int i = 0; i < BATCH && !queue.isEmpty(); i++) {
          batch.add(queue.pollFirst());
        }
      }
      if (!batch.isEmpty() && !write(batch)) {
        requeue(batch);
        if (isClosed()) {
          return;
        }
        sleep();
      }
    }
  }

  private boolean write(List<String> batch) {
    try (Connection c = pool.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "INSERT INTO " + schema + ".audit (replica, entry) VALUES (?, ?::jsonb)")) {
      for (String json : batch) {
        s.setString(1, replica);
        s.setString(2, json);
        s.addBatch();
      }
      s.executeBatch();
      reportDropped();
      return true;
    } catch (SQLException | RuntimeException e) {
      LOG.debug("audit entries not written yet: {}", e.toString());
      return false;
    }
  }

  private synchronized void requeue(List<String> batch) {
    for (int i = batch.size() - 1; i >= 0; i--) {
      if (queue.size() >= MAX_QUEUED) {
        dropped++;
      } else {
        queue.addFirst(batch.get(i));
      }
    }
  }

  private synchronized void reportDropped() {
    if (dropped > 0) {
      LOG.warn("audit log: {} entries were dropped while PostgreSQL was unreachable", dropped);
      dropped = 0;
    }
  }

  private synchronized boolean isClosed() {
    return closed;
  }

  private static void sleep() {
    try {
      Thread.sleep(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Flushes what is queued (waiting up to 5 s) and stops the writer. */
  @Override
  public void close() {
    synchronized (this) {
      closed = true;
      notifyAll();
    }
    try {
      writer.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
