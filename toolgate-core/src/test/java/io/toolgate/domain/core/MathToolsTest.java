package io.toolgate.domain.core;

import static io.toolgate.domain.core.CoreTools.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.toolgate.ErrorCode;
import io.toolgate.invoke.spi.ToolExecutionException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MathToolsTest {

  private static double eval(String expression) {
    return Expression.evaluate(expression, Map.of());
  }

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "1 + 2 * 3 | 7",
        "(1 + 2) * 3 | 9",
        "10 / 4 | 2.5",
        "10 % 4 | 2",
        "2 ^ 10 | 1024",
        "2 ** 10 | 1024",
        "2 ^ 3 ^ 2 | 512",
        "-2 ^ 2 | -4",
        "2 ^ -1 | 0.5",
        "--3 | 3",
        "-(4 - 6) | 2",
        "1.5e3 + .5 | 1500.5",
        "sqrt(16) + abs(-3) | 7",
        "min(4, 2, 8) + max(1, 9) | 11",
        "round(2.675, 2) | 2.68",
        "round(-2.5) | -3",
        "floor(-1.5) + ceil(1.2) | 0",
        "log(e) + ln(1) | 1",
        "log(8, 2) | 3",
        "log10(1000) + log2(8) | 6",
        "exp(0) | 1",
        "cos(0) + sin(0) | 1",
        "pow(3, 2) + hypot(3, 4) | 14",
        "2 * pi / tau | 1",
      })
  void evaluates(String expression, double expected) {
    assertThat(eval(expression)).isCloseTo(expected, within(1e-12));
  }

  @Test
  void integralResultsAreIntegersAndFloatingNoiseIsRounded() throws Exception {
    assertThat(call("math_evaluate", "{\"expression\":\"6 * 7\"}").get("result").isIntegralNumber())
        .isTrue();
    assertThat(call("math_evaluate", "{\"expression\":\"0.1 + 0.2\"}").get("result").asDouble())
        .isEqualTo(0.3);
  }

  @Test
  void variablesGiveNamesToValues() throws Exception {
    assertThat(
            call(
                    "math_evaluate",
                    "{\"expression\":\"price * (1 + rate)\","
                        + "\"variables\":{\"price\":80,\"rate\":0.25}}")
                .get("result")
                .asDouble())
        .isEqualTo(100);
  }

  @Test
  void divisionByZeroIsAnErrorWithItsPosition() {
    assertThatThrownBy(() -> call("math_evaluate", "{\"expression\":\"1 / (2 - 2)\"}"))
        .isInstanceOfSatisfying(
            ToolExecutionException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS))
        .hasMessageContaining("division by zero at position 3");
  }

  @Test
  void badSyntaxNamesWhatWasExpected() {
    assertThatThrownBy(() -> eval("(1 + 2")).hasMessageContaining("')' is missing at the end");
    assertThatThrownBy(() -> eval("1 + * 2")).hasMessageContaining("unexpected '*' at position 5");
    assertThatThrownBy(() -> eval("1 2")).hasMessageContaining("unexpected '2'");
    assertThatThrownBy(() -> eval("")).hasMessageContaining("empty");
    assertThatThrownBy(() -> eval("1.2.3")).hasMessageContaining("'1.2.3' is not a number");
  }

  @Test
  void unknownNamesAndFunctionsAreRefused() {
    assertThatThrownBy(() -> eval("foo + 1")).hasMessageContaining("unknown name 'foo'");
    assertThatThrownBy(() -> eval("exec(1)")).hasMessageContaining("unknown function 'exec'");
    assertThatThrownBy(() -> eval("sqrt + 1")).hasMessageContaining("call it as sqrt(…)");
  }

  @Test
  void nothingButArithmeticIsReachable() {
    assertThatThrownBy(() -> eval("java.lang.System.exit(0)"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> eval("Runtime.getRuntime()"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void domainErrorsAreReported() {
    assertThatThrownBy(() -> eval("sqrt(-1)")).hasMessageContaining("sqrt of a negative number");
    assertThatThrownBy(() -> eval("log(0)")).hasMessageContaining("needs a positive number");
    assertThatThrownBy(() -> eval("asin(2)")).hasMessageContaining("from -1 to 1");
    assertThatThrownBy(() -> eval("min()")).hasMessageContaining("at least one argument");
    assertThatThrownBy(() -> eval("pow(2)")).hasMessageContaining("takes 2 arguments");
  }

  @Test
  void overflowIsNotAFiniteResult() {
    assertThatThrownBy(() -> eval("10 ^ 400")).hasMessageContaining("not a finite number");
  }

  @Test
  void deepNestingAndLongInputAreCapped() {
    assertThatThrownBy(() -> eval("(".repeat(150) + "1" + ")".repeat(150)))
        .hasMessageContaining("nests deeper than 100");
    assertThatThrownBy(() -> eval("1+".repeat(1000) + "1")).hasMessageContaining("the limit is");
  }
}
