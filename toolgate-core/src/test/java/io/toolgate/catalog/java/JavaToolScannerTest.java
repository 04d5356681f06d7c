package io.toolgate.catalog.java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.InvalidToolException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.spi.ToolCall;
import io.toolgate.invoke.spi.ToolExecutionException;
import io.toolgate.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class JavaToolScannerTest {

  enum Shape {
    CIRCLE,
    SQUARE
  }

  record Item(String sku, @ToolParam(defaultValue = "1") int quantity) {}

  record Order(String customer, List<Item> items, Optional<String> note) {}

  record Receipt(String customer, int units, Instant at) {}

  static final class Shop {
    final AtomicInteger calls = new AtomicInteger();

    @Tool(
        name = "order_place",
        description = "Places an order.",
        tags = {"shop"},
        readOnly = Hint.FALSE,
        idempotent = Hint.FALSE,
        timeoutMs = 2500,
        examples = "{\"order\": {\"customer\": \"ana\", \"items\": [{\"sku\": \"x\"}]}}")
    Receipt place(Order order) {
      calls.incrementAndGet();
      int units = order.items().stream().mapToInt(Item::quantity).sum();
      return new Receipt(order.customer(), units, Instant.parse("2025-01-02T03:04:05Z"));
    }

    @Tool(description = "Area of a shape.", readOnly = Hint.TRUE)
    double shapeArea(Shape shape, double size) {
      return shape == Shape.CIRCLE ? Math.PI * size * size : size * size;
    }

    @Tool(description = "Greets someone.")
    String greet(
        @ToolParam(description = "Who", defaultValue = "world") String name,
        Optional<String> punctuation,
        OptionalInt times) {
      return ("hello " + name + punctuation.orElse("")).repeat(times.orElse(1));
    }

    @Tool(description = "Forgets everything.")
    void reset() {
      calls.set(0);
    }

    @Tool(description = "Always fails.")
    String fail(String why) {
      throw new IllegalStateException("broken: " + why);
    }

    @Tool(description = "Rejects its input.")
    String reject(String value) {
      throw new IllegalArgumentException("'" + value + "' is not a colour");
    }

    @Tool(description = "Fails with a code.")
    String busy() {
      throw new ToolExecutionException(ErrorCode.UNAVAILABLE, "busy: try later");
    }

    @Tool(description = "Returns nothing useful.")
    Optional<String> nothing() {
      return Optional.empty();
    }

    @Tool(description = "Echoes the trace of the call.")
    Map<String, String> trace(ToolCall call) {
      return call.trace();
    }

    @Tool(description = "Sums numbers.")
    static long sum(List<Long> values) {
      return values.stream().mapToLong(Long::longValue).sum();
    }

    @Tool(description = "Waits.")
    String sleep(Duration duration) throws InterruptedException {
      Thread.sleep(duration.toMillis());
      return "done";
    }

    String notATool() {
      return "";
    }
  }

  static final class Twins {
    @Tool(name = "same", description = "a")
    String a() {
      return "a";
    }

    @Tool(name = "same", description = "b")
    String b() {
      return "b";
    }
  }

  static final class Instance {
    @Tool(description = "needs an instance")
    String hello() {
      return "hi";
    }
  }

  static final class BadExample {
    @Tool(description = "x", examples = "[1, 2]")
    String x() {
      return "";
    }
  }

  static final class BadType {
    @Tool(description = "x")
    String run(Thread thread) {
      return "";
    }
  }

  static class Base {
    @Tool(description = "Inherited tool.")
    String inherited() {
      return "base";
    }
  }

  static final class Derived extends Base {}

  private final Shop shop = new Shop();
  private final List<RegisteredTool> tools = JavaToolScanner.scan(shop);

  private RegisteredTool tool(String name) {
    return tools.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
  }

  private JsonNode call(String name, String args) throws Exception {
    return tool(name).executor().execute(ToolCall.of(name, Json.parse(args)));
  }

  @Test
  void scansEveryAnnotatedMethodSortedByName() {
    assertThat(tools)
        .extracting(RegisteredTool::name)
        .containsExactly(
            "busy",
            "fail",
            "greet",
            "nothing",
            "order_place",
            "reject",
            "reset",
            "shape_area",
            "sleep",
            "sum",
            "trace");
  }

  @Test
  void definitionsCarryTheAnnotationsValues() {
    ToolDefinition d = tool("order_place").definition();
    assertThat(d.description()).isEqualTo("Places an order.");
    assertThat(d.tags()).containsExactly("shop");
    assertThat(d.source()).isEqualTo("java:" + Shop.class.getName());
    assertThat(d.annotations().readOnlyHint()).contains(false);
    assertThat(d.annotations().destructiveHint()).isEmpty();
    assertThat(d.policy().timeout()).contains(Duration.ofMillis(2500));
    assertThat(d.examples()).hasSize(1);
  }

  @Test
  void methodNamesBecomeSnakeCaseToolNames() {
    assertThat(JavaToolScanner.snakeCase("shapeArea")).isEqualTo("shape_area");
    assertThat(JavaToolScanner.snakeCase("parseURLNow")).isEqualTo("parse_url_now");
    assertThat(JavaToolScanner.snakeCase("sha256Hex")).isEqualTo("sha256_hex");
  }

  @Test
  void bindsNestedRecordsListsAndDefaults() throws Exception {
    JsonNode receipt =
        call(
            "order_place",
            "{\"order\":{\"customer\":\"ana\",\"items\":[{\"sku\":\"a\"},"
                + "{\"sku\":\"b\",\"quantity\":3}]}}");
    assertThat(receipt)
        .isEqualTo(
            Json.parse("{\"customer\":\"ana\",\"units\":4,\"at\":\"2025-01-02T03:04:05Z\"}"));
  }

  @Test
  void bindsEnumsAndPrimitives() throws Exception {
    assertThat(call("shape_area", "{\"shape\":\"SQUARE\",\"size\":3}").asDouble()).isEqualTo(9.0);
  }

  @Test
  void absentOptionalsAreEmptyAndDefaultsApply() throws Exception {
    assertThat(call("greet", "{}").asString()).isEqualTo("hello world");
    assertThat(call("greet", "{\"name\":\"ana\",\"punctuation\":\"!\",\"times\":2}").asString())
        .isEqualTo("hello ana!hello ana!");
  }

  @Test
  void aStringResultIsAJsonString() throws Exception {
    assertThat(call("greet", "{}").isString()).isTrue();
  }

  @Test
  void aVoidMethodReturnsOk() throws Exception {
    shop.calls.set(5);
    assertThat(call("reset", "{}")).isEqualTo(Json.parse("{\"ok\":true}"));
    assertThat(shop.calls).hasValue(0);
  }

  @Test
  void anEmptyOptionalResultIsNull() throws Exception {
    assertThat(call("nothing", "{}").isNull()).isTrue();
  }

  @Test
  void staticMethodsOfAnInstanceAreScannedToo() throws Exception {
    assertThat(call("sum", "{\"values\":[1,2,3]}").asLong()).isEqualTo(6);
  }

  @Test
  void aToolCallParameterReceivesTheCall() throws Exception {
    ToolCall call =
        new ToolCall(
            "trace",
            Json.object(),
            Map.of(),
            Map.of("flow_id", "f1"),
            Optional.empty(),
            Optional.empty());
    assertThat(tool("trace").executor().execute(call))
        .isEqualTo(Json.parse("{\"flow_id\":\"f1\"}"));
  }

  @Test
  void anExceptionBecomesExecutionFailedWithTheToolAndMessage() {
    assertThatThrownBy(() -> call("fail", "{\"why\":\"disk full\"}"))
        .isInstanceOfSatisfying(
            ToolExecutionException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.EXECUTION_FAILED))
        .hasMessage("fail: broken: disk full");
  }

  @Test
  void anIllegalArgumentBecomesInvalidArguments() {
    assertThatThrownBy(() -> call("reject", "{\"value\":\"blurple\"}"))
        .isInstanceOfSatisfying(
            ToolExecutionException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS))
        .hasMessage("reject: 'blurple' is not a colour");
  }

  @Test
  void aToolExecutionExceptionKeepsItsCode() {
    assertThatThrownBy(() -> call("busy", "{}"))
        .isInstanceOfSatisfying(
            ToolExecutionException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.UNAVAILABLE));
  }

  @Test
  void aMissingRequiredArgumentIsInvalidArguments() {
    assertThatThrownBy(() -> call("shape_area", "{\"size\":1}"))
        .isInstanceOfSatisfying(
            ToolExecutionException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS))
        .hasMessageContaining("/shape is required");
  }

  @Test
  void anUnbindableValueIsInvalidArgumentsNamingTheParameter() {
    assertThatThrownBy(() -> call("shape_area", "{\"shape\":\"HEXAGON\",\"size\":1}"))
        .isInstanceOfSatisfying(
            ToolExecutionException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS))
        .hasMessageStartingWith("shape_area: /shape: ");
  }

  @Test
  void anInterruptedToolIsInterrupted() throws Exception {
    Thread caller = Thread.currentThread();
    Thread interrupter =
        Thread.ofVirtual()
            .start(
                () -> {
                  while (caller.getState() != Thread.State.TIMED_WAITING) {
                    Thread.onSpinWait();
                  }
                  caller.interrupt();
                });
    try {
      assertThatThrownBy(() -> call("sleep", "{\"duration\":\"PT60S\"}"))
          .isInstanceOf(InterruptedException.class);
    } finally {
      interrupter.join();
      Thread.interrupted();
    }
  }

  @Test
  void scanningAClassTakesItsStaticMethods() throws Exception {
    List<RegisteredTool> statics = JavaToolScanner.scan(StaticTools.class);
    assertThat(statics).extracting(RegisteredTool::name).containsExactly("double_it");
    assertThat(
            statics
                .getFirst()
                .executor()
                .execute(ToolCall.of("double_it", Json.parse("{\"n\":21}")))
                .asInt())
        .isEqualTo(42);
  }

  @Test
  void scanningAClassWithAnInstanceToolIsAnError() {
    assertThatThrownBy(() -> JavaToolScanner.scan(Instance.class))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("Instance.hello()")
        .hasMessageContaining("instance method");
  }

  @Test
  void twoToolsWithTheSameNameInOneClassAreAnError() {
    assertThatThrownBy(() -> JavaToolScanner.scan(new Twins()))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("named 'same'")
        .hasMessageContaining("Twins.a()")
        .hasMessageContaining("Twins.b()");
  }

  @Test
  void anExampleThatIsNotAnObjectIsAnError() {
    assertThatThrownBy(() -> JavaToolScanner.scan(new BadExample()))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("BadExample.x()")
        .hasMessageContaining("[1, 2]");
  }

  @Test
  void anUnsupportedParameterTypeNamesTheMethodAndParameter() {
    assertThatThrownBy(() -> JavaToolScanner.scan(new BadType()))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("BadType.run(Thread)")
        .hasMessageContaining("parameter 'thread'");
  }

  @Test
  void inheritedToolsAreFound() {
    assertThat(JavaToolScanner.scan(new Derived()))
        .extracting(RegisteredTool::name)
        .containsExactly("inherited");
  }

  @Test
  void aSourceLabelCanBeGiven() {
    assertThat(JavaToolScanner.scan(new Derived(), "domain:test").getFirst().definition().source())
        .isEqualTo("domain:test");
  }

  static final class StaticTools {
    @Tool(description = "Doubles a number.")
    static int doubleIt(int n) {
      return 2 * n;
    }
  }
}
