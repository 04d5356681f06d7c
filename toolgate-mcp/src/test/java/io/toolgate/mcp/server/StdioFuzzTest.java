package io.toolgate.mcp.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.json.Json;
import io.toolgate.testing.Hostile;
import io.toolgate.testing.HostileRpc;
import io.toolgate.testing.Leaks;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A bounded, seeded fuzz run against {@code toolgate mcp} over its real stdin and stdout (a child
 * process): 2,000 hostile messages (junk, JSON of the wrong shape, JSON-RPC with fields dropped,
 * retyped and added), each followed by a {@code ping} whose answer must come. Every line the server
 * writes must be a JSON-RPC response ({@code result} or an {@code error} with an integer code and a
 * message) showing no Java internals, and the process must exit at the end of stdin. A failing case
 * is printed as a replayable line.
 *
 * <p>Seed: {@code -Dtoolgate.fuzz.seed=N} (or {@code random}); count: {@code
 * -Dtoolgate.fuzz.stdio=N}; time budget {@code -Dtoolgate.fuzz.seconds=S} (default 150).
 */
class StdioFuzzTest {
  @TempDir Path dir;

  private static final int COUNT = Hostile.count("toolgate.fuzz.stdio", 2000);
  private static final Duration BUDGET =
      Duration.ofSeconds(Hostile.count("toolgate.fuzz.seconds", 150));
  private static final Duration WAIT = Duration.ofSeconds(15);

  @Test
  void everyHostileLineGetsAJsonRpcAnswerOrNoneAndServingGoesOn() throws Exception {
    long seed = Hostile.seed("StdioFuzzTest", 16);
    HostileRpc rpc = new HostileRpc(new Hostile(seed));
    Map<String, Integer> byOutcome = new TreeMap<>();
    List<String> failures = new ArrayList<>();
    long start = System.nanoTime();
    long deadline = start + BUDGET.toNanos();
    int sent = 0;
    try (StdioChild server = StdioChild.start(dir)) {
      server.initialize();
      for (int i = 0; i < COUNT && System.nanoTime() < deadline; i++) {
        byte[] line = withoutNewlines(rpc.message(i + 1));
        server.send(line);
        sent++;
        String probe = "probe-" + i;
        server.send("{\"jsonrpc\":\"2.0\",\"id\":\"" + probe + "\",\"method\":\"ping\"}");
        while (true) {
          String out = server.nextLine(WAIT);
          if (out == null) {
            failures.add(failure(i, line, "no answer to the ping after it (the server is stuck)"));
            break;
          }
          Optional<String> problem = check(out);
          if (problem.isPresent()) {
            failures.add(failure(i, line, problem.get() + ": " + clip(out)));
            continue;
          }
          JsonNode json = Json.parse(out);
          if (json.path("id").asString("").equals(probe)) {
            break;
          }
          byOutcome.merge(outcome(json), 1, Integer::sum);
        }
        if (failures.size() > 20) {
          break;
        }
      }
      server.closeStdin();
      boolean exited = server.exited(Duration.ofSeconds(30));
      System.out.printf(
          "MCP over stdio fuzz (seed %d): %d messages in %.1f s; answers by outcome %s;"
              + " failures: %d%n",
          seed, sent, (System.nanoTime() - start) / 1e9, byOutcome, failures.size());
      failures.forEach(System.out::println);
      assertThat(failures.size()).as("failures (printed above)").isZero();
      assertThat(sent).as("messages sent within %s", BUDGET).isEqualTo(COUNT);
      assertThat(exited).as("the server exited at the end of stdin").isTrue();
    }
  }

  private static Optional<String> check(String line) {
    Optional<String> leak = Leaks.find(line);
    if (leak.isPresent()) {
      return Optional.of("Java internals (" + leak.get() + ")");
    }
    JsonNode json;
    try {
      json = Json.parse(line);
    } catch (RuntimeException e) {
      return Optional.of("a line that is not JSON");
    }
    JsonNode error = json.path("error");
    boolean response =
        json.path("jsonrpc").asString("").equals("2.0")
            && json.has("id")
            && (json.has("result")
                || (error.path("code").isIntegralNumber() && error.path("message").isString()));
    boolean notification = json.path("method").isString() && !json.has("id");
    return response || notification ? Optional.empty() : Optional.of("not a JSON-RPC response");
  }

  private static String outcome(JsonNode json) {
    return json.has("error") ? String.valueOf(json.path("error").path("code").asInt()) : "result";
  }

  private static byte[] withoutNewlines(byte[] line) {
    byte[] out = line.clone();
    for (int i = 0; i < out.length; i++) {
      if (out[i] == '\n') {
        out[i] = ' ';
      }
    }
    return out;
  }

  private static String failure(int index, byte[] line, String problem) {
    return "case "
        + index
        + ": "
        + problem
        + "\n  replay: printf '%s\\n' "
        + clip(Leaks.bashQuoted(line))
        + " | bin/toolgate mcp";
  }

  private static String clip(String s) {
    return s.length() <= 2000 ? s : s.substring(0, 2000) + "... (" + s.length() + " chars)";
  }
}
