package io.toolgate.store.postgres;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.store.RegistryStore;
import io.toolgate.store.SharedCounters;
import io.toolgate.store.StoreOp;
import io.toolgate.store.StoreUnavailableException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two handles on one schema behave as two replicas: each follows what the other commits. */
class PostgresFollowTest {
  @TempDir Path dir;

  private PostgresStoreConfig config() {
    return EmbeddedPostgresServer.shared().config(PostgresRegistryStoreTest.schemaFor(dir));
  }

  /** Applies delivered ops to a map, as a replica applies them to its index. */
  static final class Mirror {
    final Map<String, String> values = new ConcurrentHashMap<>();
    final List<List<StoreOp>> commits = new CopyOnWriteArrayList<>();

    void apply(List<StoreOp> ops) {
      commits.add(ops);
      for (StoreOp op : ops) {
        switch (op) {
          case StoreOp.Put p -> values.put(p.key(), new String(p.value(), UTF_8));
          case StoreOp.Delete d -> values.remove(d.key());
        }
      }
    }
  }

  static void await(BooleanSupplier condition, Duration within) throws InterruptedException {
    long deadline = System.nanoTime() + within.toNanos();
    while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(condition.getAsBoolean()).as("condition within " + within).isTrue();
  }

  @Test
  void aCommitOnOneReplicaReachesTheOtherWithinASecond() throws Exception {
    try (PostgresRegistryStore a = PostgresRegistryStore.open(config());
        PostgresRegistryStore b = PostgresRegistryStore.open(config())) {
      Mirror mirror = new Mirror();
      b.follow(Set.of(RegistryStore.TOOLS), mirror::apply);

      long start = System.nanoTime();
      a.put(RegistryStore.TOOLS, "weather", "v1".getBytes(UTF_8));
      await(() -> "v1".equals(mirror.values.get("weather")), Duration.ofSeconds(1));
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(1));

      a.delete(RegistryStore.TOOLS, "weather");
      await(() -> !mirror.values.containsKey("weather"), Duration.ofSeconds(1));
      await(() -> b.status().behind() == 0, Duration.ofSeconds(1));
    }
  }

  @Test
  void onlyFollowedNamespacesAreDeliveredAndACommitArrivesWhole() throws Exception {
    try (PostgresRegistryStore a = PostgresRegistryStore.open(config());
        PostgresRegistryStore b = PostgresRegistryStore.open(config())) {
      Mirror mirror = new Mirror();
      b.follow(Set.of(RegistryStore.TOOLS), mirror::apply);

      a.commit(
          List.of(
              new StoreOp.Put(RegistryStore.TOOLS, "x", "1".getBytes(UTF_8)),
              new StoreOp.Put(RegistryStore.TOOLS, "y", "2".getBytes(UTF_8)),
              new StoreOp.Put("vectors/m/3/PLAIN", "00", new byte[12])));

      await(() -> mirror.values.size() == 2, Duration.ofSeconds(1));
      assertThat(mirror.commits).hasSize(1);
      assertThat(mirror.commits.getFirst()).extracting(StoreOp::key).containsExactly("x", "y");
    }
  }

  @Test
  void auditEntriesReachTheAuditTableInTheBackground() throws Exception {
    try (PostgresRegistryStore store = PostgresRegistryStore.open(config())) {
      store.appendAudit(io.toolgate.json.Json.parse("{\"tool\":\"time_now\",\"ok\":true}"));
      await(() -> auditRows() == 1, Duration.ofSeconds(5));
    }
  }

  private long auditRows() {
    String url = "jdbc:" + EmbeddedPostgresServer.shared().url();
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url, "postgres", "");
        java.sql.ResultSet rs =
            c.createStatement()
                .executeQuery(
                    "SELECT count(*) FROM "
                        + PostgresRegistryStoreTest.schemaFor(dir)
                        + ".audit WHERE entry->>'tool' = 'time_now'")) {
      rs.next();
      return rs.getLong(1);
    } catch (java.sql.SQLException e) {
      return -1;
    }
  }

  @Test
  void replicasStartingTogetherMigrateTheSchemaOnce() throws Exception {
    List<Future<PostgresRegistryStore>> opening = new ArrayList<>();
    try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
      for (int i = 0; i < 4; i++) {
        opening.add(pool.submit(() -> PostgresRegistryStore.open(config())));
      }
      List<PostgresRegistryStore> stores = new ArrayList<>();
      for (Future<PostgresRegistryStore> f : opening) {
        stores.add(f.get());
      }
      stores.getFirst().put(RegistryStore.TOOLS, "t", "1".getBytes(UTF_8));
      assertThat(stores.getLast().get(RegistryStore.TOOLS, "t")).isPresent();
      stores.forEach(PostgresRegistryStore::close);
    }
  }

  @Test
  void countersAreSharedAcrossReplicas() {
    try (PostgresRegistryStore a = PostgresRegistryStore.open(config());
        PostgresRegistryStore b = PostgresRegistryStore.open(config())) {
      SharedCounters ca = a.counters().orElseThrow();
      SharedCounters cb = b.counters().orElseThrow();
      Duration window = Duration.ofHours(1);
      long first = ca.increment("rate:k", window).count();
      long second = cb.increment("rate:k", window).count();
      SharedCounters.WindowCount third = ca.increment("rate:k", window);

      assertThat(List.of(first, second, third.count())).containsExactly(1L, 2L, 3L);
      assertThat(third.remaining()).isPositive().isLessThanOrEqualTo(window);
    }
  }

  @Test
  void aReplicaCutOffByARestartReplaysWhatItMissed() throws Exception {
    try (EmbeddedPostgresServer pg = EmbeddedPostgresServer.start(dir.resolve("pg"))) {
      PostgresStoreConfig config = pg.config("fleet");
      try (PostgresRegistryStore a = PostgresRegistryStore.open(config);
          PostgresRegistryStore b = PostgresRegistryStore.open(config)) {
        Mirror mirror = new Mirror();
        b.follow(Set.of(RegistryStore.TOOLS), mirror::apply);
        a.put(RegistryStore.TOOLS, "before", "1".getBytes(UTF_8));
        await(() -> mirror.values.containsKey("before"), Duration.ofSeconds(2));

        pg.stop();
        assertThatThrownBy(() -> a.put(RegistryStore.TOOLS, "during", "x".getBytes(UTF_8)))
            .isInstanceOf(StoreUnavailableException.class)
            .hasMessageContaining("cannot be reached")
            .hasMessageContaining("nothing was written");
        await(() -> !b.status().connected(), Duration.ofSeconds(5));
        assertThat(b.status().disconnectedFor()).isPresent();

        pg.start();
        // a commits as soon as the database is back, before b has reconnected
        await(() -> tryPut(a, "after"), Duration.ofSeconds(30));
        await(() -> mirror.values.containsKey("after"), Duration.ofSeconds(10));
        await(() -> b.status().connected() && b.status().behind() == 0, Duration.ofSeconds(5));
        assertThat(mirror.values).containsOnlyKeys("before", "after");
        assertThat(a.get(RegistryStore.TOOLS, "during")).isEmpty();
      }
    }
  }

  private static boolean tryPut(RegistryStore store, String key) {
    try {
      store.put(RegistryStore.TOOLS, key, "1".getBytes(UTF_8));
      return true;
    } catch (StoreUnavailableException e) {
      return false;
    }
  }
}
