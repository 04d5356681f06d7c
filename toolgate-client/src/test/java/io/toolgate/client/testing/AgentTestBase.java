package io.toolgate.client.testing;

import io.toolgate.client.ToolgateClient;
import io.toolgate.search.SearchRequest;
import io.toolgate.testing.ScriptedUpstream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every framework integration's agent test stands on: the demo gateway in this process, the
 * same gateway served on loopback with a {@link ToolgateClient} for it (one per test class), and a
 * fresh scripted model for each test.
 */
public abstract class AgentTestBase {
  /** The user's task ({@link AgentScripts#TASK}). */
  protected static final String TASK = AgentScripts.TASK;

  @TempDir protected static Path data;
  protected static LoopbackGateway gateway;
  protected static LoopbackGateway.Served served;
  protected static ToolgateClient client;
  protected ScriptedUpstream model;

  @BeforeAll
  static void startGateway() {
    gateway = LoopbackGateway.demo();
    served = gateway.serve(data);
    client = ToolgateClient.builder(served.uri()).build();
  }

  @AfterAll
  static void stopGateway() {
    client.close();
    served.close();
    gateway.close();
  }

  @BeforeEach
  void startModel() throws IOException {
    model = ScriptedUpstream.start();
  }

  @AfterEach
  void stopModel() {
    model.close();
  }

  /** The names of Toolgate's own top {@code k} tools for the task, best first. */
  protected static List<String> topToolsForTheTask(int k) {
    return gateway.toolgate().search(SearchRequest.of(TASK).withLimit(k)).tools().stream()
        .map(h -> h.tool().name())
        .toList();
  }
}
