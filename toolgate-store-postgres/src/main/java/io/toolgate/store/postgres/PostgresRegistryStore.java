package io.toolgate.store.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import io.toolgate.json.Json;
import io.toolgate.store.RegistryStore;
import io.toolgate.store.SharedCounters;
import io.toolgate.store.StoreException;
import io.toolgate.store.StoreListener;
import io.toolgate.store.StoreOp;
import io.toolgate.store.StoreStatus;
import io.toolgate.store.StoreUnavailableException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The {@link RegistryStore} on PostgreSQL, shared by N gateway replicas: one catalog for a fleet.
 *
 * <pre>{@code
 * try (PostgresRegistryStore store = PostgresRegistryStore.open(
 *     PostgresStoreConfig.of("postgresql://db:5432/toolgate"))) {
 *   store.follow(Set.of(RegistryStore.TOOLS), ops -> applyToTheIndex(ops));
 *   store.put(RegistryStore.TOOLS, "weather_current", bytes);   // committed when it returns
 * }
 * }</pre>
 *
 * <p><b>Writes.</b> A {@link #commit} is one transaction: it takes the next change number from
 * {@code change_seq} (a row lock, so commits are numbered in the order they become visible), writes
 * every op to {@code entries} with that number (a delete leaves a row without value), and sends
 * {@code NOTIFY toolgate_<schema>} with the number. It returns once PostgreSQL committed; when the
 * database cannot be reached it throws {@link StoreUnavailableException} after at most {@code
 * connect_timeout}, and nothing of that commit is written.
 *
 * <p><b>Following.</b> A {@link ChangeFollower} delivers other replicas' commits to {@link
 * #follow}ers and replays whatever it missed after a reconnect; {@link #status} says how far behind
 * this replica is. The schema is created and migrated at {@link #open} ({@link SchemaMigrations}).
 * The audit log is written in the background ({@link PostgresAudit}); {@link #counters} are
 * fleet-wide. Thread-safe.
 */
public final class PostgresRegistryStore implements RegistryStore {
  private static final Logger LOG = LoggerFactory.getLogger(PostgresRegistryStore.class);
  private static final Duration POLL = Duration.ofMillis(500);

  private final PostgresStoreConfig config;
  private final String schema;
  private final HikariDataSource pool;
  private final ChangeFollower follower;
  private final PostgresAudit audit;
  private final PostgresCounters counters;
  private volatile boolean closed;

  private PostgresRegistryStore(PostgresStoreConfig config, HikariDataSource pool, long startSeq) {
    this.config = config;
    this.schema = config.schema();
    this.pool = pool;
    this.counters = new PostgresCounters(pool, schema, config.describe());
    this.audit = new PostgresAudit(pool, schema, replicaName());
    this.follower =
        new ChangeFollower(this::openFollowConnection, schema, startSeq, POLL, counters);
  }

  /**
   * Connects, creates or migrates the schema, and starts following changes from the current head.
   *
   * @throws StoreUnavailableException when PostgreSQL cannot be reached
   * @throws StoreException when the schema cannot be migrated (e.g. it is newer than this gateway)
   */
  public static PostgresRegistryStore open(PostgresStoreConfig config) {
    Objects.requireNonNull(config, "config");
    HikariDataSource pool;
    try {
      pool = new HikariDataSource(hikari(config));
    } catch (HikariPool.PoolInitializationException e) {
      throw new StoreUnavailableException(
          "cannot reach PostgreSQL at "
              + config.describe()
              + ": "
              + rootMessage(e)
              + " (start it, or fix store.url, store.user and store.password_env)",
          e);
    }
    try (Connection c = pool.getConnection()) {
      SchemaMigrations.migrate(c, config.schema());
      long head;
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT seq FROM " + config.schema() + ".change_seq")) {
        rs.next();
        head = rs.getLong(1);
      }
      LOG.info("PostgreSQL store {} at change {}", config.describe(), head);
      return new PostgresRegistryStore(config, pool, head);
    } catch (SQLException e) {
      pool.close();
      throw SqlErrors.of("opening the store", config.describe(), e);
    }
  }

  private static HikariConfig hikari(PostgresStoreConfig config) {
    HikariConfig h = new HikariConfig();
    h.setPoolName("toolgate-pg");
    h.setJdbcUrl(config.jdbcUrl());
    h.setUsername(config.user());
    config.password().ifPresent(h::setPassword);
    h.setMaximumPoolSize(config.poolSize());
    h.setMinimumIdle(Math.min(2, config.poolSize()));
    h.setConnectionTimeout(config.connectTimeout().toMillis());
    h.setValidationTimeout(Math.max(250, config.connectTimeout().toMillis() / 2));
    h.addDataSourceProperty("connectTimeout", Math.max(1, config.connectTimeout().toSeconds()));
    h.addDataSourceProperty("socketTimeout", 30);
    h.addDataSourceProperty("ApplicationName", "toolgate");
    return h;
  }

  private Connection openFollowConnection() throws SQLException {
    Properties p = new Properties();
    p.setProperty("user", config.user());
    config.password().ifPresent(pw -> p.setProperty("password", pw));
    p.setProperty(
        "connectTimeout", Long.toString(Math.max(1, config.connectTimeout().toSeconds())));
    // A dead peer is noticed by the catch-up query every POLL at the latest.
    p.setProperty("socketTimeout", "10");
    p.setProperty("tcpKeepAlive", "true");
    p.setProperty("ApplicationName", "toolgate-follow");
    return DriverManager.getConnection(config.jdbcUrl(), p);
  }

  @Override
  public void commit(List<StoreOp> ops) {
    Objects.requireNonNull(ops, "ops");
    if (ops.isEmpty()) {
      return;
    }
    checkOpen();
    long seq = -1;
    try (Connection c = connection("committing " + ops.size() + " change(s)")) {
      c.setAutoCommit(false);
      try {
        seq = nextSeq(c);
        follower.committedHere(seq);
        write(c, ops, seq);
        try (PreparedStatement n = c.prepareStatement("SELECT pg_notify(?, ?)")) {
          n.setString(1, ChangeFollower.channel(schema));
          n.setString(2, Long.toString(seq));
          n.execute();
        }
        c.commit();
        follower.sawHead(seq);
      } catch (SQLException | RuntimeException e) {
        follower.forget(seq);
        rollbackQuietly(c);
        throw e;
      }
    } catch (SQLException e) {
      throw SqlErrors.of("committing " + ops.size() + " change(s)", config.describe(), e);
    }
  }

  private long nextSeq(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "UPDATE " + schema + ".change_seq SET seq = seq + 1 WHERE id = 1 RETURNING seq")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private void write(Connection c, List<StoreOp> ops, long seq) throws SQLException {
    try (PreparedStatement put =
            c.prepareStatement(
                "INSERT INTO "
                    + schema
                    + ".entries (namespace, key, value, seq) VALUES (?, ?, ?, ?) ON CONFLICT"
                    + " (namespace, key) DO UPDATE SET value = excluded.value, seq ="
                    + " excluded.seq");
        PreparedStatement delete =
            c.prepareStatement(
                "UPDATE "
                    + schema
                    + ".entries SET value = NULL, seq = ? WHERE namespace = ? AND key = ? AND"
                    + " value IS NOT NULL")) {
      // Ops run one by one, in order: a put and a delete of the same key in one commit must land
      // in the order given.
      for (StoreOp op : ops) {
        switch (op) {
          case StoreOp.Put p -> {
            put.setString(1, p.namespace());
            put.setString(2, p.key());
            put.setBytes(3, p.value());
            put.setLong(4, seq);
            put.executeUpdate();
          }
          case StoreOp.Delete d -> {
            delete.setLong(1, seq);
            delete.setString(2, d.namespace());
            delete.setString(3, d.key());
            delete.executeUpdate();
          }
        }
      }
    }
  }

  @Override
  public Optional<byte[]> get(String namespace, String key) {
    checkOpen();
    try (Connection c = connection("reading " + namespace + "/" + key);
        PreparedStatement s =
            c.prepareStatement(
                "SELECT value FROM "
                    + schema
                    + ".entries WHERE namespace = ? AND key = ? AND value IS NOT NULL")) {
      s.setString(1, namespace);
      s.setString(2, key);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? Optional.of(rs.getBytes(1)) : Optional.empty();
      }
    } catch (SQLException e) {
      throw SqlErrors.of("reading " + namespace + "/" + key, config.describe(), e);
    }
  }

  @Override
  public Map<String, byte[]> list(String namespace) {
    checkOpen();
    // Sorted in Java: the contract's order is by key as Java compares strings, not by collation.
    TreeMap<String, byte[]> out = new TreeMap<>();
    try (Connection c = connection("listing " + namespace);
        PreparedStatement s =
            c.prepareStatement(
                "SELECT key, value FROM "
                    + schema
                    + ".entries WHERE namespace = ? AND value IS NOT NULL")) {
      s.setString(1, namespace);
      s.setFetchSize(1000);
      c.setAutoCommit(false); // so the fetch size streams instead of reading everything at once
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          out.put(rs.getString(1), rs.getBytes(2));
        }
      }
      c.commit();
    } catch (SQLException e) {
      throw SqlErrors.of("listing " + namespace, config.describe(), e);
    }
    return Collections.unmodifiableSortedMap(out);
  }

  @Override
  public void appendAudit(JsonNode entry) {
    audit.append(Json.write(entry));
  }

  @Override
  public void follow(Set<String> namespaces, StoreListener listener) {
    Objects.requireNonNull(namespaces, "namespaces");
    Objects.requireNonNull(listener, "listener");
    follower.follow(namespaces, listener);
  }

  @Override
  public StoreStatus status() {
    boolean connected = follower.connected();
    long head = follower.head();
    return new StoreStatus(
        "postgresql",
        true,
        connected,
        head - follower.behind(),
        head,
        connected
            ? Optional.empty()
            : Optional.of(Duration.ofNanos(System.nanoTime() - follower.disconnectedSinceNanos())));
  }

  @Override
  public Optional<SharedCounters> counters() {
    return Optional.of(counters);
  }

  @Override
  public String describe() {
    return "postgresql:" + config.describe();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    follower.close();
    audit.close();
    pool.close();
  }

  private Connection connection(String what) throws SQLException {
    try {
      return pool.getConnection();
    } catch (SQLException e) {
      throw SqlErrors.of(what, config.describe(), e);
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new StoreException("the store " + describe() + " is closed");
    }
  }

  private static void rollbackQuietly(Connection c) {
    try {
      c.rollback();
    } catch (SQLException e) {
      LOG.debug("rollback failed (the connection is gone)", e);
    }
  }

  private static String replicaName() {
    String host = System.getenv().getOrDefault("HOSTNAME", "localhost");
    return host + ":" + ProcessHandle.current().pid();
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null) {
      t = t.getCause();
    }
    return t.getMessage() == null ? t.toString() : t.getMessage();
  }
}
