package io.toolgate.bench;

import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.invoke.ToolResult;
import io.toolgate.invoke.ToolResultJson;
import io.toolgate.invoke.spi.ToolCall;
import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.json.Json;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The call pipeline's own overhead for an in-process tool whose executor returns a constant:
 * registry lookup, authorization, schema validation (compiled schema cached), argument and result
 * size checks, the hop to a fresh virtual thread with a timeout, and the ToolResult. The {@code
 * direct} benchmark calls the executor without the pipeline, as the floor. Sample mode reports
 * p50/p90/p99; the goal is a median under 50 µs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class InvokeBenchmark {
  private ToolInvoker invoker;
  private ToolExecutor executor;
  private JsonNode arguments;

  @Setup
  public void setUp() {
    ObjectNode schema =
        (ObjectNode)
            Json.parse(
                "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\",\"minLength\":1},"
                    + "\"units\":{\"type\":\"string\",\"enum\":[\"metric\",\"imperial\"]},"
                    + "\"days\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":14}},"
                    + "\"required\":[\"city\"]}");
    ObjectNode answer = Json.object().put("temperature_c", 21.5).put("sky", "clear");
    executor = call -> answer;
    ToolRegistry registry = new ToolRegistry();
    registry.register(
        new RegisteredTool(
            ToolDefinition.builder("weather_current", schema).description("Weather.").build(),
            executor));
    invoker = ToolInvoker.builder(registry).build();
    arguments = Json.parse("{\"city\":\"Lisbon\",\"units\":\"metric\",\"days\":3}");
    if (!invoker.invoke("weather_current", arguments).ok()) {
      throw new IllegalStateException("the benchmark tool call fails");
    }
  }

  /** The whole pipeline. */
  @Benchmark
  public ToolResult invoke() {
    return invoker.invoke("weather_current", arguments);
  }

  /** The pipeline plus the wire form every surface writes. */
  @Benchmark
  public String invokeAndWriteJson() {
    return ToolResultJson.write(invoker.invoke("weather_current", arguments));
  }

  /** The executor alone: the floor under the pipeline. */
  @Benchmark
  public JsonNode direct() throws Exception {
    return executor.execute(ToolCall.of("weather_current", arguments));
  }
}
