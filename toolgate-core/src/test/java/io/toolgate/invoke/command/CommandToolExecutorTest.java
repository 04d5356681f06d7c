package io.toolgate.invoke.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.InvalidToolException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolPolicy;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.ToolError;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.invoke.ToolResult;
import io.toolgate.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class CommandToolExecutorTest {
  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"},\"b\":{\"type\":\"string\"},"
          + "\"n\":{\"type\":\"integer\"},\"pidfile\":{\"type\":\"string\"}}}";

  @TempDir Path dir;
  private final ToolRegistry registry = new ToolRegistry();
  private final ToolInvoker invoker = ToolInvoker.builder(registry).build();

  private ToolDefinition define(
      String name, List<String> argv, List<String> secrets, ToolPolicy policy) {
    return ToolDefinition.builder(name, Json.parse(SCHEMA))
        .secrets(secrets)
        .policy(policy)
        .implementation(new Implementation.Command(argv))
        .build();
  }

  private void register(String name, List<String> argv) {
    register(define(name, argv, List.of(), ToolPolicy.INHERIT), System::getenv, 1 << 20);
  }

  private void register(ToolDefinition def, UnaryOperator<String> env, long maxOutput) {
    registry.register(
        new RegisteredTool(
            def,
            new CommandToolExecutor(
                def, CommandRuntime.inDirectory(dir), env, Duration.ofSeconds(30), maxOutput)));
  }

  private ToolResult call(String name, String args) {
    return invoker.invoke(name, Json.parse(args));
  }

  private static Map<String, String> parseEnv(JsonNode result) {
    return Arrays.stream(result.get("text").asString().split("\n"))
        .filter(line -> line.contains("="))
        .collect(
            Collectors.toMap(
                l -> l.substring(0, l.indexOf('=')), l -> l.substring(l.indexOf('=') + 1)));
  }

  @Test
  void theChildSeesItsDeclaredSecretAndNoOtherVariableOfTheGateway() {
    Map<String, String> gateway = new HashMap<>(System.getenv());
    gateway.put("TOOL_TOKEN", "s3cret");
    gateway.put("OTHER_SECRET", "must-not-leak");
    gateway.put("LANG", "C.UTF-8");
    register(
        define("show_env", List.of("env"), List.of("TOOL_TOKEN"), ToolPolicy.INHERIT),
        gateway::get,
        1 << 20);

    Map<String, String> seen = parseEnv(call("show_env", "{}").result().orElseThrow());

    // The child printed the real value: only that is replaced by its redaction on the way back.
    assertThat(seen)
        .containsEntry("TOOL_TOKEN", "[redacted TOOL_TOKEN]")
        .containsEntry("LANG", "C.UTF-8");
    assertThat(seen.keySet()).isSubsetOf(Set.of("PATH", "HOME", "LANG", "TOOL_TOKEN"));
    assertThat(seen).doesNotContainKey("OTHER_SECRET");
  }

  @Test
  void theChildInheritsNothingFromTheRealProcessEnvironment() {
    register("show_env", List.of("env"));

    Map<String, String> seen = parseEnv(call("show_env", "{}").result().orElseThrow());

    assertThat(seen.keySet()).isSubsetOf(Set.of("PATH", "HOME", "LANG"));
    assertThat(System.getenv().keySet()).anyMatch(k -> !Set.of("PATH", "HOME", "LANG").contains(k));
  }

  @Test
  void aTimeoutKillsTheToolAndTheChildItSpawnedWhileAFastCallFinishes() throws Exception {
    Path pidfile = dir.resolve("child.pid");
    register(
        define(
            "sleepy",
            List.of(
                "sh",
                "-c",
                "sleep 60 & echo $! > \"$1\"; echo $$ >> \"$1\"; sleep 60",
                "sh",
                "{pidfile}"),
            List.of(),
            ToolPolicy.withTimeout(Duration.ofSeconds(3))),
        System::getenv,
        1 << 20);
    register("fast", List.of("echo", "{\"fast\": true}"));

    try (var pool = Executors.newVirtualThreadPerTaskExecutor()) {
      Future<ToolResult> slow =
          pool.submit(() -> call("sleepy", "{\"pidfile\":\"" + pidfile + "\"}"));
      List<Long> pids = awaitPids(pidfile);

      ToolResult fast = call("fast", "{}");
      assertThat(fast.result()).contains(Json.parse("{\"fast\":true}"));
      assertThat(slow).isNotDone();

      ToolError error = slow.get().error().orElseThrow();
      assertThat(error.code()).isEqualTo(ErrorCode.TIMEOUT);
      assertThat(error.message()).startsWith("sleepy: ");
      for (long pid : pids) {
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive))
            .as("pid %d", pid)
            .isEmpty();
      }
    }
  }

  private static List<Long> awaitPids(Path pidfile) throws Exception {
    while (true) {
      if (Files.exists(pidfile)) {
        List<String> lines = Files.readAllLines(pidfile);
        if (lines.size() == 2) {
          return lines.stream().map(String::strip).map(Long::parseLong).toList();
        }
      }
      Thread.sleep(20);
    }
  }

  @Test
  void placeholdersFillWholeArgvElementsWithoutAShell() {
    register("args", List.of("sh", "-c", "printf '%s|' \"$@\"", "sh", "{a}", "--n={n}", "{b}"));

    ToolResult r = call("args", "{\"a\":\"hello world; $(whoami) `id`\",\"n\":3,\"b\":\"*\"}");

    assertThat(r.result().orElseThrow().get("text").asString())
        .isEqualTo("hello world; $(whoami) `id`|--n=3|*|");
  }

  @Test
  void anElementWhoseOptionalArgumentIsAbsentIsDropped() {
    register("args", List.of("sh", "-c", "printf '%s|' \"$@\"", "sh", "{a}", "--n={n}", "end"));

    ToolResult r = call("args", "{\"a\":\"x\"}");

    assertThat(r.result().orElseThrow().get("text").asString()).isEqualTo("x|end|");
  }

  @Test
  void bracesThatNameNoParameterStayLiteral() {
    register("literal", List.of("echo", "{x} {a}"));

    assertThat(call("literal", "{\"a\":\"1\"}").result().orElseThrow().get("text").asString())
        .isEqualTo("{x} 1");
  }

  @Test
  void argumentsArriveAsJsonOnStdinAndAJsonObjectOnStdoutIsTheResult() {
    register("cat", List.of("cat"));

    ToolResult r = call("cat", "{\"a\":\"héllo ✓\",\"n\":7}");

    assertThat(r.result()).contains(Json.parse("{\"a\":\"héllo ✓\",\"n\":7}"));
  }

  @Test
  void aNonZeroExitIsExecutionFailedWithTheExitCodeAndStderrTail() {
    register("fails", List.of("sh", "-c", "echo starting >&2; echo 'bad input: x' >&2; exit 3"));

    ToolError error = call("fails", "{}").error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.EXECUTION_FAILED);
    assertThat(error.message()).isEqualTo("fails: exited with code 3: starting\nbad input: x");
  }

  @Test
  void stdoutOverTheCapIsTooLarge() {
    register(
        define(
            "chatty",
            List.of("sh", "-c", "head -c 100000 /dev/zero | tr '\\0' a"),
            List.of(),
            ToolPolicy.INHERIT),
        System::getenv,
        1000);

    ToolError error = call("chatty", "{}").error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.TOO_LARGE);
    assertThat(error.message()).startsWith("chatty: printed more than 1000 bytes");
  }

  @Test
  void theWorkingDirectoryIsTheRuntimesFolder() throws Exception {
    register("where", List.of("pwd"));

    assertThat(call("where", "{}").result().orElseThrow().get("text").asString())
        .isEqualTo(dir.toRealPath().toString());
  }

  @Test
  void aMissingProgramIsExecutionFailedNamingIt() {
    register("ghost", List.of("toolgate-no-such-program"));

    ToolError error = call("ghost", "{}").error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.EXECUTION_FAILED);
    assertThat(error.message()).startsWith("ghost: cannot start 'toolgate-no-such-program'");
  }

  @Test
  void theProgramCannotComeFromAnArgument() {
    ToolDefinition def = define("evil", List.of("{a}", "x"), List.of(), ToolPolicy.INHERIT);

    assertThatThrownBy(
            () ->
                new CommandToolExecutor(
                    def,
                    CommandRuntime.inDirectory(dir),
                    System::getenv,
                    Duration.ofSeconds(1),
                    100))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("may not come from an argument");
  }

  @Test
  void aRuntimeThatRefusesMakesTheCallUnavailable() {
    ToolDefinition def = define("boxed", List.of("true"), List.of(), ToolPolicy.INHERIT);
    registry.register(
        new RegisteredTool(
            def,
            new CommandToolExecutor(
                def,
                (tool, argv) -> {
                  throw CommandRuntime.unavailable("no Docker engine is reachable");
                },
                System::getenv,
                Duration.ofSeconds(1),
                100)));

    ToolError error = call("boxed", "{}").error().orElseThrow();

    assertThat(error.code()).isEqualTo(ErrorCode.UNAVAILABLE);
    assertThat(error.message()).isEqualTo("boxed: no Docker engine is reachable");
  }
}
