package io.toolgate.cli.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.json.Json;
import io.toolgate.server.auth.KeysFile;
import io.toolgate.server.auth.Scope;
import io.toolgate.server.auth.StoreKeys;
import io.toolgate.store.postgres.EmbeddedPostgresServer;
import io.toolgate.store.postgres.PostgresRegistryStore;
import io.toolgate.testing.ScriptedUpstream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Three real {@code toolgate serve} processes on one real PostgreSQL (a fourth joins later): the
 * fleet shares registrations, tool vectors, API keys and rate limits, survives {@code kill -9} of a
 * replica and a PostgreSQL restart. The replicas start once for the class; tests run in order and
 * each leaves the fleet running.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FleetTest {
  private Path dir;
  private EmbeddedPostgresServer pg;
  private Path config;
  private String adminKey;
  private final List<Replica> fleet = new ArrayList<>();
  private ScriptedUpstream model;

  @BeforeAll
  void startFleet(@TempDir Path tempDir) throws Exception {
    dir = tempDir;
    pg = EmbeddedPostgresServer.start(dir.resolve("pg"));
    model = ScriptedUpstream.start();
    config =
        Files.writeString(
            dir.resolve("toolgate.yaml"),
            """
            embeddings: [{name: fake, from: "fake:counting"}]
            catalogs: ["classpath:io/toolgate/demo"]
            sandboxes: [{name: analytics}]
            store: {url: "%s", user: postgres, schema: fleet, connect_timeout: 1s}
            models:
              - {name: assistant, base_url: "%s", model: scripted, params: {tools: search_registry}}
            """
                .formatted(pg.url(), model.baseUrl()));
    adminKey = KeysFile.generateKey();
    try (PostgresRegistryStore store = PostgresRegistryStore.open(pg.config("fleet"))) {
      StoreKeys.add(
          store,
          "ops",
          KeysFile.hash(adminKey),
          Set.of(Scope.SEARCH, Scope.INVOKE, Scope.ADMIN),
          null);
    }
    // The first replica embeds the catalog; the others start once its vectors are in the store.
    fleet.add(Replica.start(dir, "a", config, adminKey));
    awaitVectors(fleet.getFirst());
    fleet.add(Replica.start(dir, "b", config, adminKey));
    fleet.add(Replica.start(dir, "c", config, adminKey));
    warmUp();
  }

  /**
   * Takes each replica once through the paths the timed tests measure (registering, applying a
   * change from another replica, searching), so that class loading and the first compilation of
   * schema validation and the index update are not what the one-second checks time.
   */
  private void warmUp() throws Exception {
    for (Replica r : fleet) {
      assertThat(r.register("warmup_" + r.name, "Warm-up probe.").statusCode()).isEqualTo(201);
    }
    for (Replica r : fleet) {
      await(() -> r.search("warm-up probe").size() >= fleet.size(), Duration.ofSeconds(30));
    }
    for (Replica r : fleet) {
      assertThat(r.delete("/v1/tools/warmup_" + r.name).statusCode()).isEqualTo(204);
    }
    for (Replica r : fleet) {
      await(() -> !r.tools().contains("warmup_a"), Duration.ofSeconds(30));
    }
  }

  @AfterAll
  void stopFleet() throws Exception {
    for (Replica r : fleet) {
      r.kill();
    }
    if (pg != null) {
      pg.close();
    }
    if (model != null) {
      model.close();
    }
  }

  @Test
  @Order(1)
  void aToolRegisteredOnOneReplicaIsFoundOnTheOthersWithinASecond(TestReporter report)
      throws Exception {
    Replica a = fleet.get(0);
    assertThat(a.register("zorblax_frobnicate", "Frobnicates a zorblax quickly.").statusCode())
        .isEqualTo(201);
    long registered = System.nanoTime();
    long[] foundAfter = seen(fleet.subList(1, 3), "zorblax_frobnicate", true, registered);
    publish(report, "propagation_ms", foundAfter[0] + " (b), " + foundAfter[1] + " (c)");
    assertThat(java.util.Arrays.stream(foundAfter).max().orElseThrow()).isLessThan(1000);

    assertThat(fleet.get(1).delete("/v1/tools/zorblax_frobnicate").statusCode()).isEqualTo(204);
    long removed = System.nanoTime();
    long[] goneAfter =
        seen(List.of(fleet.get(0), fleet.get(2)), "zorblax_frobnicate", false, removed);
    publish(report, "removal_ms", goneAfter[0] + " (a), " + goneAfter[1] + " (c)");
    assertThat(java.util.Arrays.stream(goneAfter).max().orElseThrow()).isLessThan(1000);
  }

  /**
   * Searches every replica of {@code replicas} in turn until each finds (or no longer finds) {@code
   * tool}; returns each one's milliseconds since {@code since}, or 10,000 for one that did not.
   */
  private static long[] seen(List<Replica> replicas, String tool, boolean present, long since)
      throws Exception {
    long[] after = new long[replicas.size()];
    java.util.Arrays.fill(after, -1);
    long deadline = since + TimeUnit.SECONDS.toNanos(10);
    while (java.util.Arrays.stream(after).anyMatch(t -> t < 0) && System.nanoTime() < deadline) {
      for (int i = 0; i < replicas.size(); i++) {
        if (after[i] < 0
            && replicas.get(i).search("zorblax frobnicate").contains(tool) == present) {
          after[i] = (System.nanoTime() - since) / 1_000_000;
        }
      }
    }
    return java.util.Arrays.stream(after).map(t -> t < 0 ? 10_000 : t).toArray();
  }

  @Test
  @Order(2)
  void aReplicaStartedLaterServesTheWholeCatalogAndEmbedsNothingCached() throws Exception {
    assertThat(fleet.get(2).register("quuxify_widget", "Quuxifies a widget.").statusCode())
        .isEqualTo(201);
    for (Replica r : fleet) {
      await(() -> r.tools().contains("quuxify_widget"), Duration.ofSeconds(2));
      awaitVectors(r);
    }
    // the vector of the new tool reaches the store once the replica that registered it embedded it
    Thread.sleep(500);
    Replica late = Replica.start(dir, "d", config, adminKey);
    fleet.add(late);
    awaitVectors(late);

    assertThat(late.tools()).isEqualTo(fleet.get(0).tools());
    assertThat(late.search("quuxify widget")).contains("quuxify_widget");
    assertThat(late.ready().path("search_mode").asString()).startsWith("hybrid");
    assertThat(late.embedded()).as("documents the late replica embedded").isZero();
    assertThat(fleet.get(1).embedded())
        .as("the second replica started after the first had embedded the catalog")
        .isLessThan(fleet.get(0).embedded());
    late.kill();
    fleet.remove(late);
  }

  @Test
  @Order(3)
  void everyAcknowledgedRegistrationSurvivesAKill9DuringABurst(TestReporter report)
      throws Exception {
    Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> writers = new ArrayList<>();
    for (int w = 0; w < fleet.size(); w++) {
      Replica target = fleet.get(w);
      int writer = w;
      writers.add(
          Thread.ofPlatform()
              .name("writer-" + w)
              .start(
                  () -> {
                    for (int i = 0; !stop.get() && i < 400; i++) {
                      String name = "burst_w" + writer + "_" + i;
                      try {
                        if (target.register(name, "Burst probe " + i).statusCode() == 201) {
                          acknowledged.add(name);
                        }
                      } catch (IOException | RuntimeException e) {
                        if (!target.process.isAlive()) {
                          return; // the replica is gone
                        }
                      } catch (InterruptedException e) {
                        return;
                      }
                    }
                  }));
    }
    await(() -> acknowledged.size() >= 30, Duration.ofMinutes(1));
    Replica victim = fleet.get(1);
    victim.kill(); // SIGKILL while every writer is still sending
    assertThat(victim.process.exitValue()).isNotZero();
    Thread.sleep(300);
    stop.set(true);
    for (Thread t : writers) {
      t.join(TimeUnit.MINUTES.toMillis(1));
    }
    Replica restarted = Replica.start(dir, "b", config, adminKey);
    fleet.set(1, restarted);

    for (Replica r : fleet) {
      await(() -> r.tools().containsAll(acknowledged), Duration.ofSeconds(5));
    }
    publish(
        report, "kill9", acknowledged.size() + " acknowledged registrations, all on every replica");
    assertThat(acknowledged).hasSizeGreaterThanOrEqualTo(30);
  }

  @Test
  @Order(4)
  void whilePostgresIsDownReplicasServeFromMemoryAndRefuseWritesThenCatchUp(TestReporter report)
      throws Exception {
    Replica a = fleet.get(0);
    Set<String> before = a.tools();
    AtomicInteger failedSearches = new AtomicInteger();
    AtomicInteger searches = new AtomicInteger();
    AtomicBoolean stop = new AtomicBoolean();
    Thread traffic =
        Thread.ofPlatform()
            .name("search-traffic")
            .start(
                () -> {
                  for (int i = 0; !stop.get(); i++) {
                    try {
                      Replica r = fleet.get(i % fleet.size());
                      if (r.post("/v1/tools:search", "{\"query\":\"send an email\"}").statusCode()
                          != 200) {
                        failedSearches.incrementAndGet();
                      }
                      searches.incrementAndGet();
                    } catch (IOException | InterruptedException e) {
                      failedSearches.incrementAndGet();
                    }
                  }
                });
    try {
      pg.stop();
      for (Replica r : fleet) {
        await(
            () -> !r.ready().path("store").path("connected").asBoolean(true),
            Duration.ofSeconds(5));
      }
      HttpResponse<String> refused =
          a.register("while_down", "Registered while the store is down.");
      assertThat(refused.statusCode()).isEqualTo(503);
      JsonNode error = Json.parse(refused.body()).path("error");
      assertThat(error.path("code").asString()).isEqualTo("unavailable");
      assertThat(error.path("message").asString()).contains("nothing was written");
      assertThat(a.ready().path("store").path("disconnected_ms").asLong()).isPositive();
      assertThat(a.ready().path("status").asString()).isEqualTo("ready");

      long restart = System.nanoTime();
      pg.start();
      long started = System.nanoTime();
      await(
          () ->
              fleet.get(2).register("after_restart", "Registered after the restart.").statusCode()
                  == 201,
          Duration.ofSeconds(30));
      for (Replica r : fleet) {
        await(
            () -> {
              JsonNode store = r.ready().path("store");
              return store.path("connected").asBoolean()
                  && store.path("behind").asLong() == 0
                  && r.tools().contains("after_restart");
            },
            Duration.ofSeconds(30));
      }
      long caughtUp = System.nanoTime();
      publish(
          report,
          "pg_restart",
          "postgres start "
              + (started - restart) / 1_000_000
              + " ms; every replica caught up "
              + (caughtUp - started) / 1_000_000
              + " ms after it was up");
    } finally {
      stop.set(true);
      traffic.join(TimeUnit.MINUTES.toMillis(1));
    }
    assertThat(searches.get()).isPositive();
    assertThat(failedSearches.get()).as("searches that failed while PostgreSQL was down").isZero();
    for (Replica r : fleet) {
      assertThat(r.tools()).doesNotContain("while_down").containsAll(before);
    }
  }

  @Test
  @Order(5)
  void aKeyAddedOnceWorksEverywhereAndItsRateLimitHoldsAcrossTheFleet() throws Exception {
    String secret = KeysFile.generateKey();
    try (PostgresRegistryStore store = PostgresRegistryStore.open(pg.config("fleet"))) {
      StoreKeys.add(
          store,
          "limited",
          KeysFile.hash(secret),
          Set.of(Scope.SEARCH),
          Json.parse("{\"per_minute\": 10}"));
    }
    for (Replica r : fleet) {
      await(
          () -> r.post("/v1/tools:search", "{\"query\":\"weather\"}", secret).statusCode() != 401,
          Duration.ofSeconds(5));
    }
    // The limit counts in minutes aligned on the database clock: stay clear of a boundary.
    long second = java.time.Instant.now().getEpochSecond() % 60;
    if (second > 40) {
      Thread.sleep((61 - second) * 1000);
    }
    int allowed = 0;
    int limited = 0;
    for (int i = 0; i < 30; i++) {
      int status =
          fleet.get(i % 3).post("/v1/tools:search", "{\"query\":\"weather\"}", secret).statusCode();
      if (status == 200) {
        allowed++;
      } else if (status == 429) {
        limited++;
      }
    }
    // the probes above took up to 3 of the 10
    assertThat(allowed).isBetween(7, 10);
    assertThat(allowed + limited).isEqualTo(30);
  }

  @Test
  @Order(6)
  void anMcpSessionLivesOnTheReplicaThatIssuedItSoTheBalancerMustRouteByItsId() throws Exception {
    String initialize =
        """
        {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",
         "capabilities":{},"clientInfo":{"name":"fleet-test","version":"1"}}}
        """;
    String initialized = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
    String list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
    Replica a = fleet.get(0);
    Replica b = fleet.get(1);

    HttpResponse<String> init = a.mcp(initialize, null);
    assertThat(init.statusCode()).as(init.body()).isEqualTo(200);
    String session = init.headers().firstValue("Mcp-Session-Id").orElseThrow();
    a.mcp(initialized, session);

    // routed to the replica that issued the session: works
    HttpResponse<String> sticky = a.mcp(list, session);
    assertThat(sticky.statusCode()).isEqualTo(200);
    assertThat(sticky.body()).contains("\"tools\"");
    // routed elsewhere: the spec's 404 for an unknown session, which tells the client to
    // initialize again (and a new session on that replica then works)
    assertThat(b.mcp(list, session).statusCode()).isEqualTo(404);
    HttpResponse<String> again = b.mcp(initialize, null);
    String second = again.headers().firstValue("Mcp-Session-Id").orElseThrow();
    b.mcp(initialized, second);
    assertThat(b.mcp(list, second).statusCode()).isEqualTo(200);
  }

  @Test
  @Order(7)
  void aChatConversationMayMoveBetweenReplicasFromTurnToTurn() throws Exception {
    String turn1 =
        """
        {"model": "assistant", "messages": [{"role": "user", "content": "Weather in Porto?"}]}
        """;
    model
        .then(
            ScriptedUpstream.Step.calls(
                ScriptedUpstream.Step.call(
                    "c1", "tool_search", "{\"query\":\"current weather in a city\"}")))
        .then(ScriptedUpstream.Step.text("Which day?"));
    HttpResponse<String> first =
        fleet.get(0).post("/v1/chat/completions", turn1, adminKey, "X-Toolgate-Session", "conv-7");
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);

    // the next turn, with the whole history, lands on another replica
    String turn2 =
        """
        {"model": "assistant", "messages": [
          {"role": "user", "content": "Weather in Porto?"},
          {"role": "assistant", "content": "Which day?"},
          {"role": "user", "content": "Today."}]}
        """;
    model.then(ScriptedUpstream.Step.text("Sunny in Porto today."));
    HttpResponse<String> second =
        fleet.get(1).post("/v1/chat/completions", turn2, adminKey, "X-Toolgate-Session", "conv-7");

    assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
    JsonNode body = Json.parse(second.body());
    assertThat(body.path("choices").path(0).path("message").path("content").asString())
        .isEqualTo("Sunny in Porto today.");
    assertThat(body.path("toolgate").path("session").asString()).isEqualTo("conv-7");
  }

  /** A figure for the test report and for the build log (BENCHMARKS.md quotes them). */
  private static void publish(TestReporter report, String key, String value) {
    report.publishEntry(key, value);
    System.out.println("fleet " + key + ": " + value);
  }

  private static void awaitVectors(Replica r) throws Exception {
    await(() -> r.ready().path("vectors_ready").asBoolean(), Duration.ofMinutes(1));
  }

  @FunctionalInterface
  interface Check {
    boolean test() throws Exception;
  }

  static void await(Check check, Duration within) throws Exception {
    long deadline = System.nanoTime() + within.toNanos();
    while (true) {
      try {
        if (check.test()) {
          return;
        }
      } catch (IOException | RuntimeException e) {
        // not yet
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not true within " + within);
      }
      Thread.sleep(20);
    }
  }
}
