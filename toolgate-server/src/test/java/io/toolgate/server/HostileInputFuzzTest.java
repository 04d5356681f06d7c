package io.toolgate.server;

import static io.toolgate.testing.ScriptedUpstream.Step.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.json.Json;
import io.toolgate.mcp.server.ToolgateMcpServer;
import io.toolgate.server.chat.ChatProxy;
import io.toolgate.server.chat.ChatRoutes;
import io.toolgate.server.chat.ModelConfig;
import io.toolgate.testing.Hostile;
import io.toolgate.testing.Leaks;
import io.toolgate.testing.ScriptedUpstream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A bounded, seeded fuzz run against a real server on loopback, as an attacker would try it: at
 * least 5,000 hostile REST, chat and console requests and 2,000 hostile MCP messages over {@code
 * /mcp} (raw bytes over sockets). Every answer must be the documented JSON error shape (a 5xx only
 * as {@code internal_error} with an incident id, or 505 for an HTTP version), no body may show Java
 * internals, nothing may hang, and afterwards the server must answer and its heap must be within
 * bounds. A failing case is printed as a replayable request.
 *
 * <p>Seed: {@code -Dtoolgate.fuzz.seed=N} (or {@code random}); counts: {@code
 * -Dtoolgate.fuzz.rest=N}, {@code -Dtoolgate.fuzz.mcp=N}; time budget: {@code
 * -Dtoolgate.fuzz.seconds=S} (default 150).
 */
class HostileInputFuzzTest {
  private static final int REST = Hostile.count("toolgate.fuzz.rest", 5000);
  private static final int MCP = Hostile.count("toolgate.fuzz.mcp", 2000);
  private static final Duration BUDGET =
      Duration.ofSeconds(Hostile.count("toolgate.fuzz.seconds", 150));
  private static final long HEAP_GROWTH_BOUND = 96L << 20;
  private static final int WORKERS = 2;
  private static final Path REPLAY_FILE = Path.of("target", "fuzz-failures.txt");
  private static final List<String> REPLAYS = new ArrayList<>();

  @TempDir Path data;

  @Test
  void everyHostileRequestGetsTheDocumentedErrorShapeAndTheServerLivesOn() throws Exception {
    long seed = Hostile.seed("HostileInputFuzzTest", 16);
    try (ScriptedUpstream upstream = ScriptedUpstream.start().always(text("ok"));
        TestServer t = start(upstream)) {
      int port = t.server.port();
      long heapBefore = usedHeapAfterGc();
      long deadline = System.nanoTime() + BUDGET.toNanos();
      HostileRequests requests = new HostileRequests(new Hostile(seed));
      FuzzTally rest = new FuzzTally("REST", port);
      rest.drive(REST, deadline, () -> requests.rest(port));
      FuzzTally mcp = new FuzzTally("MCP over HTTP", port);
      String session;
      try (RawHttp http = new RawHttp(port, 15_000)) {
        session = initialize(http, port);
      }
      mcp.drive(MCP, deadline, () -> requests.mcp(port, session));
      long heapAfter = usedHeapAfterGc();
      System.out.println(rest.summary(seed));
      System.out.println(mcp.summary(seed));
      System.out.printf(
          "heap after GC: %d MiB before, %d MiB after; RSS %s%n",
          heapBefore >> 20, heapAfter >> 20, rss());
      rest.printFailures();
      mcp.printFailures();
      if (!REPLAYS.isEmpty()) {
        Files.write(REPLAY_FILE, REPLAYS);
      }

      assertThat(rest.sent()).as("REST requests sent within %s", BUDGET).isEqualTo(REST);
      assertThat(mcp.sent()).as("MCP messages sent within %s", BUDGET).isEqualTo(MCP);
      assertThat(rest.failures().size()).as("REST failures (printed above)").isZero();
      assertThat(mcp.failures().size()).as("MCP failures (printed above)").isZero();
      assertStillServing(t, port);
      assertThat(heapAfter - heapBefore).as("heap growth").isLessThan(HEAP_GROWTH_BOUND);
    }
  }

  private TestServer start(ScriptedUpstream upstream) {
    ServerSettings settings = TestServer.settings(data);
    return TestServer.start(
        settings,
        b ->
            b.mcp(ToolgateMcpServer.builder(b.gate()).build().httpServlet())
                .routes(
                    new ChatRoutes(
                        ChatProxy.builder(b.gate())
                            .models(List.of(ModelConfig.of("assistant", upstream.baseUrl())))
                            .env(Map.of("UPSTREAM_KEY", "sk-test")::get)
                            .build())));
  }

  /** Opens an MCP session the fuzz messages then use (and abuse). */
  static String initialize(RawHttp http, int port) throws IOException {
    String init =
        "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
            + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"fuzz\",\"version\":"
            + "\"1\"}}}";
    RawHttp.Reply r = http.exchange(mcpPost(port, null, init), false);
    assertThat(r.status()).as(r.text()).isEqualTo(200);
    String session = r.header("Mcp-Session-Id");
    RawHttp.Reply ready =
        http.exchange(
            mcpPost(
                port, session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"),
            false);
    assertThat(ready.status()).as(ready.text()).isEqualTo(202);
    return session;
  }

  static byte[] mcpPost(int port, String session, String body) {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    String head =
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:"
            + port
            + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
            + (session == null ? "" : "Mcp-Session-Id: " + session + "\r\n")
            + "Content-Length: "
            + bytes.length
            + "\r\n\r\n";
    byte[] out = new byte[head.length() + bytes.length];
    System.arraycopy(head.getBytes(StandardCharsets.US_ASCII), 0, out, 0, head.length());
    System.arraycopy(bytes, 0, out, head.length(), bytes.length);
    return out;
  }

  private static void assertStillServing(TestServer t, int port) throws IOException {
    assertThat(t.get("/healthz").status()).isEqualTo(200);
    TestServer.Response search =
        t.post("/v1/tools:search", "{\"query\": \"send an email\", \"limit\": 2}");
    assertThat(search.status()).as(search.body()).isEqualTo(200);
    assertThat(search.json().path("tools")).isNotEmpty();
    try (RawHttp http = new RawHttp(port, 15_000)) {
      assertThat(initialize(http, port)).isNotBlank();
    }
  }

  private static long usedHeapAfterGc() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** CPU time of this JVM (the server and the fuzz client both run in it). */
  private static long cpuNanos() {
    return ManagementFactory.getOperatingSystemMXBean()
            instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime()
        : 0;
  }

  private static String rss() {
    try {
      return Files.readAllLines(Path.of("/proc/self/status")).stream()
          .filter(l -> l.startsWith("VmRSS:"))
          .map(l -> l.substring(6).strip())
          .findFirst()
          .orElse("unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  /** Sends cases, checks each answer, and counts. */
  static final class FuzzTally {
    private final String name;
    private final int port;
    private final int[] byClass = new int[6];
    private final List<String> failures = new ArrayList<>();
    private int sent;
    private int internalErrors;
    private final long started = System.nanoTime();
    private final long cpuStarted = cpuNanos();
    private final Map<String, long[]> millisByKind = new TreeMap<>();

    FuzzTally(String name, int port) {
      this.name = name;
      this.port = port;
    }

    private record Job(int index, HostileRequests.Case request) {}

    private static final Job END = new Job(-1, null);

    /**
     * Sends {@code count} cases (fewer if the deadline passes) on {@code WORKERS} connections at
     * once; the cases are made in order on this thread, so a seed always makes the same ones.
     */
    void drive(int count, long deadline, Supplier<HostileRequests.Case> next)
        throws InterruptedException {
      BlockingQueue<Job> jobs = new ArrayBlockingQueue<>(64);
      List<Thread> workers = new ArrayList<>();
      for (int w = 0; w < WORKERS; w++) {
        workers.add(
            Thread.ofPlatform()
                .name("fuzz-" + name + "-" + w)
                .start(
                    () -> {
                      try (RawHttp http = new RawHttp(port, 15_000)) {
                        for (Job job = jobs.take(); job != END; job = jobs.take()) {
                          run(http, job.index(), job.request());
                        }
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                      }
                    }));
      }
      for (int i = 0; i < count && System.nanoTime() < deadline; i++) {
        jobs.put(new Job(i, next.get()));
      }
      for (int w = 0; w < WORKERS; w++) {
        jobs.put(END);
      }
      for (Thread w : workers) {
        w.join();
      }
    }

    private void run(RawHttp http, int index, HostileRequests.Case c) {
      RawHttp.Reply reply;
      try {
        if (c.label().startsWith("protocol")) {
          http.close(); // broken at the protocol level: alone on its connection
        }
        reply = http.exchange(c.bytes(), c.head());
      } catch (IOException e) {
        record(index, c, null, "no complete answer (" + e.getMessage() + ")");
        return;
      }
      record(index, c, reply, null);
    }

    private synchronized void record(
        int index, HostileRequests.Case c, RawHttp.Reply reply, String noAnswer) {
      sent++;
      if (reply == null) {
        fail(index, c, noAnswer);
        return;
      }
      byClass[Math.min(reply.statusClass(), 5)]++;
      long[] kind = millisByKind.computeIfAbsent(kind(c.label()), k -> new long[2]);
      kind[0]++;
      kind[1] += reply.millis();
      check(reply, c).ifPresent(problem -> fail(index, c, problem + " -> " + brief(reply)));
    }

    private Optional<String> check(RawHttp.Reply r, HostileRequests.Case c) {
      String body = r.text();
      Optional<String> leak = Leaks.find(body);
      if (leak.isPresent()) {
        return Optional.of("Java internals in the body: " + leak.get());
      }
      if (r.status() == 0) {
        return Optional.of("the connection closed without an answer");
      }
      if (c.upgrade() && !String.valueOf(r.header("connection")).contains("close")) {
        return Optional.of("an Upgrade request was answered without Connection: close");
      }
      if (r.status() < 400 || c.head()) {
        return Optional.empty();
      }
      String type = String.valueOf(r.header("content-type"));
      if (!type.startsWith("application/json")) {
        return Optional.of("an error that is not JSON (" + type + ")");
      }
      JsonNode json;
      try {
        json = Json.parse(body);
      } catch (RuntimeException e) {
        return Optional.of("an error body that does not parse as JSON");
      }
      boolean mcpEndpoint = c.mcp() && c.label().endsWith(" /mcp");
      Optional<String> shape = mcpEndpoint ? jsonRpcShape(json) : restShape(json);
      if (shape.isPresent() && c.label().contains("/v1/chat/completions")) {
        shape = chatShape(json);
      }
      if (shape.isPresent() && mcpEndpoint && restShape(json).isEmpty()) {
        shape = Optional.empty(); // Jetty refused it before /mcp was reached
      }
      if (shape.isPresent()) {
        return shape;
      }
      return fiveHundred(r, json);
    }

    private Optional<String> fiveHundred(RawHttp.Reply r, JsonNode json) {
      if (r.status() < 500) {
        return Optional.empty();
      }
      JsonNode error = json.path("error");
      String code = error.path("code").asString("");
      String reason = error.path("data").path("code").asString(code);
      if (r.status() == 505 && reason.equals("unsupported_http_version")) {
        return Optional.empty();
      }
      if (r.status() == 500
          && (reason.equals("internal_error") || code.equals("-32603"))
          && error.path("message").asString("").contains("incident")) {
        internalErrors++;
        return Optional.empty();
      }
      return Optional.of("a 5xx that is not the internal_error shape");
    }

    private static Optional<String> restShape(JsonNode json) {
      JsonNode error = json.path("error");
      return error.path("code").isString() && error.path("message").isString()
          ? Optional.empty()
          : Optional.of("not the REST error shape {\"error\": {code, message}}");
    }

    /** The chat proxy's errors are OpenAI's shape, with a code always set. */
    private static Optional<String> chatShape(JsonNode json) {
      JsonNode error = json.path("error");
      return error.path("code").isString()
              && error.path("message").isString()
              && error.path("type").isString()
          ? Optional.empty()
          : Optional.of("not the chat error shape {\"error\": {message, type, param, code}}");
    }

    private static Optional<String> jsonRpcShape(JsonNode json) {
      JsonNode error = json.path("error");
      return json.path("jsonrpc").asString("").equals("2.0")
              && json.has("id")
              && error.path("code").isIntegralNumber()
              && error.path("message").isString()
          ? Optional.empty()
          : Optional.of("not a JSON-RPC error object {jsonrpc, id, error: {code, message}}");
    }

    private void fail(int index, HostileRequests.Case c, String problem) {
      String replay =
          "exec 3<>/dev/tcp/127.0.0.1/"
              + port
              + "; printf %s "
              + Leaks.bashQuoted(c.bytes())
              + " >&3; timeout 5 cat <&3";
      failures.add(
          name
              + " case "
              + index
              + " ("
              + clip(c.label(), 100)
              + "): "
              + clip(problem, 400)
              + "\n  replay: "
              + clip(replay, 1500));
      REPLAYS.add(name + " case " + index + ":\n" + replay + "\n");
    }

    private static String clip(String s, int max) {
      return s.length() <= max
          ? s
          : s.substring(0, max) + "... (" + s.length() + " chars; in full in " + REPLAY_FILE + ")";
    }

    private static String brief(RawHttp.Reply r) {
      return r.status() + " " + r.text();
    }

    /** The method and the first path segments, e.g. {@code POST /v1/tools:search}. */
    private static String kind(String label) {
      String[] parts = label.split("[?;%]", 2)[0].split(" ", 2);
      String path = parts.length < 2 ? "" : parts[1];
      return parts[0] + " " + (path.length() > 32 ? path.substring(0, 32) : path);
    }

    /** Where the time went: the three kinds of request that took longest in total. */
    private String slowest() {
      return millisByKind.entrySet().stream()
          .sorted((a, b) -> Long.compare(b.getValue()[1], a.getValue()[1]))
          .limit(3)
          .map(
              e ->
                  String.format(
                      "%s %d x %.1f ms",
                      e.getKey(), e.getValue()[0], e.getValue()[1] / (double) e.getValue()[0]))
          .collect(Collectors.joining(", "));
    }

    synchronized int sent() {
      return sent;
    }

    synchronized List<String> failures() {
      return failures;
    }

    synchronized void printFailures() {
      failures.stream().limit(50).forEach(System.out::println);
    }

    synchronized String summary(long seed) {
      return String.format(
          "%s fuzz (seed %d): %d requests in %.1f s (%.1f s of CPU, server and client); no answer %d, 2xx %d, 3xx %d, 4xx %d, 5xx %d"
              + " (internal_error %d); failures: %d; slowest: %s",
          name,
          seed,
          sent,
          (System.nanoTime() - started) / 1e9,
          (cpuNanos() - cpuStarted) / 1e9,
          byClass[0],
          byClass[2],
          byClass[3],
          byClass[4],
          byClass[5],
          internalErrors,
          failures.size(),
          slowest());
    }
  }
}
