package io.toolgate.cli.fleet;

import io.toolgate.store.postgres.EmbeddedPostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a fleet for a load benchmark: {@code FleetBenchMain <work dir> <replicas>} starts an
 * embedded PostgreSQL and that many {@code toolgate serve} processes on it (demo catalog, no
 * embedder, no API keys), writes their base URLs one a line to {@code <work dir>/urls}, and runs
 * until killed (a shutdown hook stops the replicas and the database). Used by {@code
 * toolgate-bench/wrk/fleet.sh}.
 */
public final class FleetBenchMain {
  private FleetBenchMain() {}

  public static void main(String[] args) throws Exception {
    Path work = Path.of(args[0]);
    int replicas = Integer.parseInt(args[1]);
    EmbeddedPostgresServer pg = EmbeddedPostgresServer.start(work.resolve("pg"));
    Path config =
        Files.writeString(
            work.resolve("toolgate.yaml"),
            """
            embeddings: []
            catalogs: ["classpath:io/toolgate/demo"]
            sandboxes: [{name: analytics}]
            store: {url: "%s", user: postgres, schema: bench}
            """
                .formatted(pg.url()));
    List<Replica> fleet = new ArrayList<>();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  for (Replica r : fleet) {
                    try {
                      r.stop();
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                  }
                  pg.close();
                },
                "fleet-bench-stop"));
    StringBuilder urls = new StringBuilder();
    for (int i = 0; i < replicas; i++) {
      Replica r =
          Replica.start(work, "r" + i, config, null, List.of("-Xmx1g", "-XX:+UseParallelGC"));
      fleet.add(r);
      urls.append(r.uri).append('\n');
    }
    Files.writeString(work.resolve("urls.tmp"), urls);
    Files.move(work.resolve("urls.tmp"), work.resolve("urls"));
    Thread.currentThread().join();
  }
}
