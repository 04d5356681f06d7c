package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.json.Json;
import io.toolgate.testing.ChildJvm;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Kills the server process with SIGKILL in the middle of a burst of registrations, restarts it on
 * the same data directory, and checks that every registration that was acknowledged (answered 201)
 * is there and callable. Two rounds, so the second crash also hits a recovered store.
 */
class DurabilityKillTest {
  private static final int WRITERS = 4;
  private static final int ACKS_BEFORE_KILL = 30;

  @TempDir Path dir;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  @Test
  void everyAcknowledgedRegistrationSurvivesSigkill(TestReporter report) throws Exception {
    Path data = dir.resolve("data");
    Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    for (int round = 0; round < 2; round++) {
      Server server = Server.start(dir, data, round);
      try {
        burstThenKill(server, "r" + round, acknowledged);
      } finally {
        server.kill();
      }
      assertThat(server.exitCode()).as("the process was killed, not stopped").isNotZero();
    }
    Server server = Server.start(dir, data, 9);
    try {
      Set<String> present = registeredTools(server.port);
      assertThat(acknowledged).hasSizeGreaterThanOrEqualTo(2 * ACKS_BEFORE_KILL);
      assertThat(present).containsAll(acknowledged);
      report.publishEntry(
          "durability",
          acknowledged.size()
              + " acknowledged registrations across 2 SIGKILLs, all present after restart; "
              + (present.stream().filter(n -> n.startsWith("r")).count() - acknowledged.size())
              + " unacknowledged ones also made it");
      String one = acknowledged.iterator().next();
      JsonNode call =
          Json.parse(
              post(server.port, "/v1/tools/" + one + ":invoke", "{\"args\":{\"text\":\"x\"}}")
                  .body());
      assertThat(call.path("ok").asBoolean()).as(call.toString()).isTrue();
    } finally {
      server.kill();
    }
  }

  /** Registers tools from several threads; kills the process once enough were acknowledged. */
  private void burstThenKill(Server server, String prefix, Set<String> acknowledged)
      throws InterruptedException {
    AtomicBoolean stop = new AtomicBoolean();
    Set<String> acksThisRound = ConcurrentHashMap.newKeySet();
    List<Thread> writers = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      int writer = w;
      writers.add(
          Thread.ofPlatform()
              .name("writer-" + w)
              .start(
                  () -> {
                    for (int i = 0; !stop.get(); i++) {
                      String name = prefix + "_w" + writer + "_" + i;
                      try {
                        HttpResponse<String> r = post(server.port, "/v1/tools", definition(name));
                        if (r.statusCode() == 201) {
                          acknowledged.add(name);
                          acksThisRound.add(name);
                        }
                      } catch (IOException | RuntimeException e) {
                        return; // the server is gone
                      } catch (InterruptedException e) {
                        return;
                      }
                    }
                  }));
    }
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (acksThisRound.size() < ACKS_BEFORE_KILL && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    server.kill(); // SIGKILL while the writers are still sending
    stop.set(true);
    for (Thread t : writers) {
      t.join(TimeUnit.MINUTES.toMillis(1));
    }
  }

  private static String definition(String name) {
    return "{\"name\":\""
        + name
        + "\",\"description\":\"Durability probe.\",\"parameters\":{\"type\":\"object\","
        + "\"properties\":{\"text\":{\"type\":\"string\"}}},\"command\":[\"cat\"]}";
  }

  private Set<String> registeredTools(int port) throws Exception {
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v1/tools")).build(),
            HttpResponse.BodyHandlers.ofString());
    Set<String> names = new HashSet<>();
    Json.parse(r.body()).path("tools").forEach(t -> names.add(t.path("name").asString()));
    return names;
  }

  private HttpResponse<String> post(int port, String path, String json)
      throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** A child JVM running {@link DurableServerMain}, in {@code dir/server-RUN}. */
  private record Server(Process process, int port) {
    static Server start(Path dir, Path data, int run) throws Exception {
      Path portFile = dir.resolve("port-" + run);
      ChildJvm child =
          ChildJvm.start(
              dir.resolve("server-" + run),
              List.of("--add-modules", "jdk.incubator.vector"),
              DurableServerMain.class.getName(),
              List.of(data.toString(), portFile.toString()));
      Process process = child.process();
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      while (!Files.exists(portFile)) {
        if (!process.isAlive()) {
          throw new IllegalStateException("the server exited: " + child.output());
        }
        if (System.nanoTime() > deadline) {
          process.destroyForcibly();
          throw new IllegalStateException("the server did not start within 3 minutes");
        }
        Thread.sleep(20);
      }
      return new Server(process, Integer.parseInt(Files.readString(portFile).strip()));
    }

    /** SIGKILL: no shutdown hooks, no flushing, no closing. */
    void kill() throws InterruptedException {
      process.destroyForcibly();
      process.waitFor(1, TimeUnit.MINUTES);
    }

    int exitCode() {
      return process.exitValue();
    }
  }
}
