package io.toolgate.store.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates and upgrades Toolgate's tables in one schema, so the gateway needs no separate migration
 * step.
 *
 * <p>Each migration runs once, in order, in one transaction together with the row that records its
 * version in {@code schema_version}. The whole run holds a transaction-level advisory lock keyed by
 * the schema name, so replicas that start at the same moment migrate one after another: the first
 * applies what is missing, the others find nothing left to do. A schema newer than this gateway is
 * refused (an older gateway must not write to tables it does not know).
 *
 * <pre>
 * entries(namespace, key, value bytea NULL = deleted, seq)   every key's current value and the
 *                                                            change that last touched it
 * change_seq(seq)                                            the one monotonic change counter
 * audit(id, at, replica, entry jsonb)                        the audit log
 * counters(name, window_start, count)                        fleet-wide rate-limit windows
 * </pre>
 */
final class SchemaMigrations {
  private static final Logger LOG = LoggerFactory.getLogger(SchemaMigrations.class);

  /** The migrations; the version of each is its position, from 1. Append only, never edit. */
  static final List<String> MIGRATIONS =
      List.of(
          """
          CREATE TABLE %1$s.entries (
            namespace text NOT NULL,
            key text NOT NULL,
            value bytea,
            seq bigint NOT NULL,
            PRIMARY KEY (namespace, key));
          CREATE INDEX entries_seq ON %1$s.entries (seq);
          CREATE TABLE %1$s.change_seq (
            id int PRIMARY KEY CHECK (id = 1),
            seq bigint NOT NULL);
          INSERT INTO %1$s.change_seq VALUES (1, 0);
          CREATE TABLE %1$s.audit (
            id bigserial PRIMARY KEY,
            at timestamptz NOT NULL DEFAULT now(),
            replica text NOT NULL,
            entry jsonb NOT NULL);
          CREATE TABLE %1$s.counters (
            name text NOT NULL,
            window_start bigint NOT NULL,
            count bigint NOT NULL,
            PRIMARY KEY (name, window_start));
          """);

  private SchemaMigrations() {}

  /** The version this gateway writes. */
  static int latest() {
    return MIGRATIONS.size();
  }

  /**
   * Brings {@code schema} to {@link #latest()}.
   *
   * @return the version found before
   */
  static int migrate(Connection c, String schema) throws SQLException {
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(?)")) {
        lock.setLong(1, lockKey(schema));
        lock.execute();
      }
      s.execute("CREATE SCHEMA IF NOT EXISTS " + schema);
      s.execute(
          "CREATE TABLE IF NOT EXISTS "
              + schema
              + ".schema_version (version int PRIMARY KEY, applied_at timestamptz NOT NULL"
              + " DEFAULT now())");
      int found;
      try (ResultSet rs =
          s.executeQuery("SELECT coalesce(max(version), 0) FROM " + schema + ".schema_version")) {
        rs.next();
        found = rs.getInt(1);
      }
      if (found > latest()) {
        throw new SQLException(
            "the schema "
                + schema
                + " is at version "
                + found
                + ", newer than this gateway knows ("
                + latest()
                + "); upgrade this gateway to the version the other replicas run");
      }
      for (int v = found + 1; v <= latest(); v++) {
        s.execute(MIGRATIONS.get(v - 1).formatted(schema));
        s.execute("INSERT INTO " + schema + ".schema_version (version) VALUES (" + v + ")");
        LOG.info("PostgreSQL store: schema {} migrated to version {}", schema, v);
      }
      c.commit();
      return found;
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(autoCommit);
    }
  }

  /** The advisory lock of one schema's migrations: a fixed prefix and the name's hash. */
  static long lockKey(String schema) {
    return 0x54474D4900000000L | (schema.hashCode() & 0xffffffffL);
  }
}
