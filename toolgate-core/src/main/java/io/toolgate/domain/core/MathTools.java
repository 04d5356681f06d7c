package io.toolgate.domain.core;

import io.toolgate.catalog.java.Hint;
import io.toolgate.catalog.java.Tool;
import io.toolgate.catalog.java.ToolParam;
import io.toolgate.json.Json;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/** The arithmetic tool of the core domain. */
final class MathTools {

  @Tool(
      name = "math_evaluate",
      title = "Evaluate arithmetic",
      description =
          "Evaluates an arithmetic expression exactly as written, instead of doing mental math:"
              + " + - * / % ^ (or **), parentheses, unary minus, functions sqrt, cbrt, abs, min,"
              + " max, round(x, digits), floor, ceil, log (natural; log(x, base)), ln, log10, log2,"
              + " exp, sin, cos, tan (radians), asin, acos, atan, pow, hypot, and constants pi, e,"
              + " tau. Optional variables give names to values. Results are rounded to 15"
              + " significant digits (0.1 + 0.2 = 0.3).",
      tags = {"math"},
      readOnly = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {
        "{\"expression\": \"(17.5 * 3 + 2^10) / 4\"}",
        "{\"expression\": \"price * (1 + rate)\", \"variables\": {\"price\": 80, \"rate\": 0.23}}"
      })
  public ObjectNode evaluate(
      @ToolParam(description = "The expression, e.g. 'sqrt(2) * (3 + 4)^2'") String expression,
      @ToolParam(description = "Values of names used in the expression, e.g. {\"x\": 2}")
          Optional<Map<String, Double>> variables) {
    double value = Expression.evaluate(expression, variables.orElse(Map.of()));
    ObjectNode out = Json.object();
    out.put("expression", expression);
    // 15 significant digits hide binary noise (0.1 + 0.2) and stay within a double's precision.
    BigDecimal rounded = new BigDecimal(value).round(new MathContext(15)).stripTrailingZeros();
    if (rounded.scale() <= 0 && rounded.abs().compareTo(BigDecimal.valueOf(1L << 53)) < 0) {
      out.put("result", rounded.longValueExact());
    } else {
      out.put("result", rounded.doubleValue());
    }
    return out;
  }
}
