package io.toolgate.invoke;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.json.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * The behaviour every {@link io.toolgate.invoke.spi.ToolExecutor} must show inside the call
 * pipeline. An executor module extends this class and supplies three tools built its own way; the
 * tests then run them through a {@link ToolInvoker}.
 *
 * <pre>{@code
 * class CommandExecutorContractTest extends ExecutorContract {
 *   protected RegisteredTool echoTool(String name) { … cat … }
 *   protected RegisteredTool failingTool(String name) { … exit 1 … }
 *   protected RegisteredTool slowTool(String name) { … sleep 60 … }
 * }
 * }</pre>
 */
public abstract class ExecutorContract {
  /** The timeout the contract's invoker gives every call. */
  protected static final Duration TIMEOUT = Duration.ofMillis(1500);

  private ToolRegistry registry;
  private ToolInvoker invoker;

  /**
   * The parameter schema of the echo tool: one required string {@code text}.
   *
   * @return {@code {"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}}
   */
  protected static ObjectNode textSchema() {
    return Tools.stringParam("text");
  }

  /**
   * A tool called {@code name} taking {@link #textSchema()} whose result is a JSON object with a
   * {@code text} member equal to the argument.
   */
  protected abstract RegisteredTool echoTool(String name) throws Exception;

  /** A tool called {@code name} that fails with a message containing {@code boom}. */
  protected abstract RegisteredTool failingTool(String name) throws Exception;

  /** A tool called {@code name} that runs for a minute unless it is cancelled. */
  protected abstract RegisteredTool slowTool(String name) throws Exception;

  @BeforeEach
  void registerContractTools() throws Exception {
    registry = new ToolRegistry();
    registry.register(echoTool("contract_echo"));
    registry.register(failingTool("contract_fail"));
    registry.register(slowTool("contract_slow"));
    invoker =
        ToolInvoker.builder(registry)
            .defaults(CallPolicy.DEFAULTS.withTimeout(TIMEOUT))
            .cancelGrace(Duration.ofSeconds(10))
            .build();
  }

  private ToolResult echo(String text) {
    return invoker.invoke("contract_echo", Json.object().put("text", text));
  }

  @Test
  void echoesItsArgumentAsAJsonResult() {
    ToolResult r = echo("héllo, wörld ✓ \"quoted\" {braces}");

    assertThat(r.ok()).as("%s", r.error()).isTrue();
    assertThat(r.toolId()).isEqualTo("contract_echo");
    assertThat(r.result().orElseThrow().get("text").asString())
        .isEqualTo("héllo, wörld ✓ \"quoted\" {braces}");
  }

  @Test
  void aFailureIsAnErrorNamingTheToolWithoutAStackTrace() {
    ToolResult r = invoker.invoke("contract_fail", Json.object().put("text", "x"));

    ToolError error = r.error().orElseThrow();
    assertThat(error.code()).isNotIn(ErrorCode.TIMEOUT, ErrorCode.INVALID_ARGUMENTS);
    assertThat(error.message()).startsWith("contract_fail: ").contains("boom");
    assertThat(error.message()).doesNotContain("\tat ").doesNotContain("Exception:");
  }

  @Test
  void aSlowCallTimesOutAndIsCancelled() {
    ToolResult r = invoker.invoke("contract_slow", Json.object().put("text", "x"));

    ToolError error = r.error().orElseThrow();
    assertThat(error.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(error.message()).startsWith("contract_slow: ");
  }

  @Test
  void theToolStillWorksAfterACallTimedOut() {
    invoker.invoke("contract_slow", Json.object().put("text", "x"));

    assertThat(echo("after").result().orElseThrow().get("text").asString()).isEqualTo("after");
  }

  @Test
  void concurrentCallsEachGetTheirOwnResult() throws Exception {
    List<Future<ToolResult>> calls = new ArrayList<>();
    try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
      for (int i = 0; i < 8; i++) {
        String text = "call-" + i;
        calls.add(pool.submit(() -> echo(text)));
      }
      for (int i = 0; i < 8; i++) {
        assertThat(calls.get(i).get().result().orElseThrow().get("text").asString())
            .isEqualTo("call-" + i);
      }
    }
  }
}
