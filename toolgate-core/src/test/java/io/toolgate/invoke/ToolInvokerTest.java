package io.toolgate.invoke;

import static io.toolgate.invoke.Tools.noParams;
import static io.toolgate.invoke.Tools.policy;
import static io.toolgate.invoke.Tools.stringParam;
import static io.toolgate.invoke.Tools.tool;
import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.ToolPolicy;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.spi.ToolExecutionException;
import io.toolgate.json.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ToolInvokerTest {
  private final ToolRegistry registry = new ToolRegistry();

  private ToolInvoker invoker() {
    return ToolInvoker.builder(registry).build();
  }

  private static JsonNode json(String text) {
    return Json.parse(text);
  }

  @Test
  void returnsTheExecutorsResultWithTheToolIdAndLatency() {
    registry.register(
        tool(
            "echo",
            stringParam("text"),
            call -> Json.object().put("said", call.arguments().get("text").asString())));

    ToolResult r = invoker().invoke("echo", json("{\"text\":\"hi\"}"));

    assertThat(r.ok()).isTrue();
    assertThat(r.toolId()).isEqualTo("echo");
    assertThat(r.result()).contains(json("{\"said\":\"hi\"}"));
    assertThat(r.latencyMs()).isGreaterThanOrEqualTo(0);
  }

  @Test
  void invalidArgumentsCarryPointersAndAMessageStartingWithTheTool() {
    registry.register(tool("time_now", stringParam("tz"), call -> Json.object()));

    ToolResult r = invoker().invoke("time_now", json("{\"tz\": 5}"));

    ToolError error = r.error().orElseThrow();
    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
    assertThat(error.message()).startsWith("time_now: /tz");
    assertThat(error.details()).extracting(v -> v.pointer()).containsExactly("/tz");
  }

  @Test
  void missingRequiredArgumentIsReportedAtTheRoot() {
    registry.register(tool("time_now", stringParam("tz"), call -> Json.object()));

    ToolError error = invoker().invoke("time_now", json("{}")).error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
    assertThat(error.details())
        .singleElement()
        .satisfies(v -> assertThat(v.message()).contains("tz"));
  }

  @Test
  void nullArgumentsAreAnEmptyObject() {
    registry.register(tool("ping", noParams(), call -> call.arguments()));

    ToolResult r = invoker().invoke("ping", null);

    assertThat(r.result()).contains(Json.object());
  }

  @Test
  void unknownToolSuggestsUpToFiveCloseNames() {
    for (String name :
        List.of(
            "time_now", "time_zone", "time_add", "time_sub", "time_diff", "time_fmt", "weather")) {
      registry.register(tool(name, noParams(), call -> Json.object()));
    }

    ToolError error = invoker().invoke("time", json("{}")).error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.UNKNOWN_TOOL);
    assertThat(error.suggestions()).hasSize(5).allMatch(s -> s.startsWith("time_"));
    assertThat(error.message()).startsWith("unknown tool 'time'; did you mean: time_");
  }

  @Test
  void unknownToolSuggestsOnlyToolsTheCallerMayCall() {
    registry.register(tool("time_now", noParams(), call -> Json.object()));
    registry.register(tool("time_secret", noParams(), call -> Json.object()));
    CallOptions opts = CallOptions.DEFAULT.withPrincipal("k1", t -> !t.name().contains("secret"));

    ToolError error = invoker().invoke("time_nwo", json("{}"), opts).error().orElseThrow();

    assertThat(error.suggestions()).containsExactly("time_now");
  }

  @Test
  void aToolTheCallerMayNotCallAnswersExactlyAsAMissingOne() {
    registry.register(tool("admin_reset", noParams(), call -> Json.object()));
    registry.register(tool("admin_report", noParams(), call -> Json.object()));
    CallOptions opts =
        CallOptions.DEFAULT.withPrincipal("k1", t -> !t.name().equals("admin_reset"));

    ToolError hidden = invoker().invoke("admin_reset", json("{}"), opts).error().orElseThrow();
    ToolError missing = invoker().invoke("admin_resex", json("{}"), opts).error().orElseThrow();

    assertThat(hidden.code()).isEqualTo(ErrorCode.UNKNOWN_TOOL).isEqualTo(missing.code());
    assertThat(hidden.message())
        .isEqualTo("unknown tool 'admin_reset'; did you mean: admin_report?")
        .isEqualTo(missing.message().replace("admin_resex", "admin_reset"));
    assertThat(hidden.suggestions()).containsExactly("admin_report");
  }

  @Test
  void anExceptionBecomesExecutionFailedWithItsMessageOnly() {
    registry.register(
        tool(
            "boom",
            noParams(),
            call -> {
              throw new IllegalStateException("disk full");
            }));

    ToolError error = invoker().invoke("boom", json("{}")).error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.EXECUTION_FAILED);
    assertThat(error.message()).isEqualTo("boom: disk full");
  }

  @Test
  void anExecutionExceptionKeepsItsCode() {
    registry.register(
        tool(
            "down",
            noParams(),
            call -> {
              throw new ToolExecutionException(ErrorCode.UNAVAILABLE, "server is down");
            }));

    ToolError error = invoker().invoke("down", json("{}")).error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.UNAVAILABLE);
    assertThat(error.message()).isEqualTo("down: server is down");
  }

  @Test
  void aMessageThatAlreadyNamesTheToolIsNotPrefixedTwice() {
    registry.register(
        tool(
            "down",
            noParams(),
            call -> {
              throw new IllegalStateException("down: no route");
            }));

    assertThat(invoker().invoke("down", json("{}")).error().orElseThrow().message())
        .isEqualTo("down: no route");
  }

  @Test
  void aSlowToolTimesOutAndIsInterrupted() {
    AtomicBoolean interrupted = new AtomicBoolean();
    registry.register(
        tool(
            "slow",
            noParams(),
            ToolPolicy.withTimeout(Duration.ofMillis(200)),
            call -> {
              try {
                Thread.sleep(60_000);
              } catch (InterruptedException e) {
                interrupted.set(true);
                throw e;
              }
              return Json.object();
            }));

    ToolError error = invoker().invoke("slow", json("{}")).error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.TIMEOUT);
    assertThat(error.message()).startsWith("slow: timed out after 200 ms");
    assertThat(interrupted).isTrue();
  }

  @Test
  void theSandboxPolicyAppliesWhenTheToolSetsNone() {
    registry.register(
        new io.toolgate.catalog.RegisteredTool(
            io.toolgate.catalog.ToolDefinition.builder("big", noParams()).sandbox("tight").build(),
            call -> Json.object().put("text", "x".repeat(100))));
    ToolInvoker invoker =
        ToolInvoker.builder(registry)
            .sandboxPolicies(s -> s.equals("tight") ? policy(null, 0, 10) : ToolPolicy.INHERIT)
            .build();

    ToolError error = invoker.invoke("big", json("{}")).error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.TOO_LARGE);
    assertThat(error.message()).startsWith("big: the result is").contains("limit of 10");
  }

  @Test
  void aResultOverTheToolsCapIsTooLarge() {
    registry.register(
        tool(
            "big",
            noParams(),
            policy(null, 0, 50),
            call -> Json.object().put("text", "x".repeat(100))));

    assertThat(invoker().invoke("big", json("{}")).error().orElseThrow().code())
        .isEqualTo(ErrorCode.TOO_LARGE);
  }

  @Test
  void argumentsOverTheCapAreTooLarge() {
    registry.register(tool("echo", stringParam("text"), call -> Json.object()));
    ToolInvoker invoker = ToolInvoker.builder(registry).maxArgumentBytes(100).build();

    ToolError error =
        invoker.invoke("echo", Json.object().put("text", "y".repeat(200))).error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.TOO_LARGE);
    assertThat(error.message()).startsWith("echo: arguments are");
  }

  @Test
  void callsBeyondTheConcurrencyLimitAreUnavailable() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    registry.register(
        tool(
            "single",
            noParams(),
            policy(null, 1, 0),
            call -> {
              entered.countDown();
              release.await();
              return Json.object();
            }));
    ToolInvoker invoker = ToolInvoker.builder(registry).permitWait(Duration.ofMillis(50)).build();
    try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
      Future<ToolResult> first = pool.submit(() -> invoker.invoke("single", json("{}")));
      entered.await();

      ToolError second = invoker.invoke("single", json("{}")).error().orElseThrow();
      release.countDown();

      assertThat(second.code()).isEqualTo(ErrorCode.UNAVAILABLE);
      assertThat(second.message()).startsWith("single: too many concurrent calls");
      assertThat(first.get().ok()).isTrue();
    }
  }

  @Test
  void aHungToolDoesNotBlockAnotherTool() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    registry.register(
        tool(
            "hung",
            noParams(),
            call -> {
              release.await();
              return Json.object();
            }));
    registry.register(tool("fast", noParams(), call -> Json.object().put("fast", true)));
    ToolInvoker invoker = invoker();
    try (var pool = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
      Future<ToolResult> hung = pool.submit(() -> invoker.invoke("hung", json("{}")));

      ToolResult fast = invoker.invoke("fast", json("{}"));

      assertThat(fast.ok()).isTrue();
      assertThat(hung).isNotDone();
      release.countDown();
      assertThat(hung.get().ok()).isTrue();
    }
  }

  @Test
  void theObserverHearsEveryCallWithItsOutcome() {
    List<CallEvent> events = Collections.synchronizedList(new ArrayList<>());
    registry.register(tool("echo", stringParam("text"), call -> Json.object()));
    ToolInvoker invoker = ToolInvoker.builder(registry).observer(events::add).build();
    CallOptions opts =
        new CallOptions(Map.of(), Map.of("flow_id", "f1"), Optional.of("key-1"), t -> true);

    invoker.invoke("echo", json("{\"text\":\"a\"}"), opts);
    invoker.invoke("echo", json("{}"), opts);
    invoker.invoke("nope", json("{}"), opts);

    assertThat(events)
        .extracting(CallEvent::outcome)
        .containsExactly("ok", "invalid_arguments", "unknown_tool");
    assertThat(events)
        .allSatisfy(
            e -> {
              assertThat(e.principal()).contains("key-1");
              assertThat(e.trace()).containsEntry("flow_id", "f1");
            });
    assertThat(events).extracting(CallEvent::toolId).containsExactly("echo", "echo", "nope");
  }

  @Test
  void aFailingObserverDoesNotChangeTheResult() {
    registry.register(tool("ping", noParams(), call -> Json.object()));
    ToolInvoker invoker =
        ToolInvoker.builder(registry)
            .observer(
                e -> {
                  throw new IllegalStateException("audit down");
                })
            .build();

    assertThat(invoker.invoke("ping", json("{}")).ok()).isTrue();
  }

  @Test
  void theExecutorSeesContextTraceDeadlineAndPrincipal() {
    List<io.toolgate.invoke.spi.ToolCall> seen = new ArrayList<>();
    registry.register(
        tool(
            "ping",
            noParams(),
            call -> {
              seen.add(call);
              return Json.object();
            }));
    CallOptions opts =
        new CallOptions(
            Map.of("user", "ana"), Map.of("step_id", "s2"), Optional.of("key-9"), t -> true);

    invoker().invoke("ping", json("{}"), opts);

    assertThat(seen)
        .singleElement()
        .satisfies(
            call -> {
              assertThat(call.tool()).isEqualTo("ping");
              assertThat(call.context()).containsEntry("user", "ana");
              assertThat(call.trace()).containsEntry("step_id", "s2");
              assertThat(call.principal()).contains("key-9");
              assertThat(call.deadline()).isPresent();
            });
  }

  @Test
  void workersRunOnVirtualThreadsNamedForTheTool() {
    List<Thread> threads = new ArrayList<>();
    registry.register(
        tool(
            "ping",
            noParams(),
            call -> {
              threads.add(Thread.currentThread());
              return Json.object();
            }));

    invoker().invoke("ping", json("{}"));

    assertThat(threads)
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.isVirtual()).isTrue();
              assertThat(t.getName()).isEqualTo("toolgate-call:ping");
            });
  }

  @Test
  void policyForResolvesEachLimitFromToolThenSandboxThenDefaults() {
    io.toolgate.catalog.ToolDefinition def =
        io.toolgate.catalog.ToolDefinition.builder("t", noParams())
            .sandbox("box")
            .policy(policy(Duration.ofSeconds(2), 0, 0))
            .build();
    ToolInvoker invoker =
        ToolInvoker.builder(registry)
            .defaults(CallPolicy.DEFAULTS.withMaxResultBytes(999))
            .sandboxPolicies(s -> policy(Duration.ofSeconds(9), 3, 0))
            .build();

    assertThat(invoker.policyFor(def)).isEqualTo(new CallPolicy(Duration.ofSeconds(2), 3, 999));
  }
}
