package io.toolgate.store.postgres;

import io.toolgate.store.SharedCounters;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import javax.sql.DataSource;

/**
 * Fleet-wide counters in the {@code counters} table: one row per counter and window, incremented
 * with an upsert. Windows are aligned on PostgreSQL's clock, so every replica agrees on where one
 * ends whatever its own clock says. Old windows are removed by {@link #prune}.
 */
final class PostgresCounters implements SharedCounters {
  private final DataSource pool;
  private final String schema;
  private final String store;

  PostgresCounters(DataSource pool, String schema, String store) {
    this.pool = pool;
    this.schema = schema;
    this.store = store;
  }

  @Override
  public WindowCount increment(String counter, Duration window) {
    long w = window.toMillis();
    if (w < 1) {
      throw new IllegalArgumentException("window must be at least 1ms, got " + window);
    }
    String sql =
        "INSERT INTO "
            + schema
            + ".counters AS c (name, window_start, count) VALUES (?, (floor(extract(epoch FROM"
            + " clock_timestamp()) * 1000)::bigint / ?) * ?, 1) ON CONFLICT (name, window_start)"
            + " DO UPDATE SET count = c.count + 1 RETURNING c.count, c.window_start + ? -"
            + " floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint";
    try (Connection c = pool.getConnection();
        PreparedStatement s = c.prepareStatement(sql)) {
      s.setString(1, counter);
      s.setLong(2, w);
      s.setLong(3, w);
      s.setLong(4, w);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return new WindowCount(rs.getLong(1), Duration.ofMillis(Math.max(0, rs.getLong(2))));
      }
    } catch (SQLException e) {
      throw SqlErrors.of("counting " + counter, store, e);
    }
  }

  /** Removes windows that started more than a day ago. */
  void prune(Connection c) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement(
            "DELETE FROM "
                + schema
                + ".counters WHERE window_start < floor(extract(epoch FROM clock_timestamp()) *"
                + " 1000)::bigint - 86400000")) {
      s.executeUpdate();
    }
  }
}
