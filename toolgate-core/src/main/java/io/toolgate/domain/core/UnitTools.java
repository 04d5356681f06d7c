package io.toolgate.domain.core;

import io.toolgate.catalog.java.Hint;
import io.toolgate.catalog.java.Tool;
import io.toolgate.catalog.java.ToolParam;
import io.toolgate.json.Json;
import java.math.BigDecimal;
import java.math.MathContext;
import tools.jackson.databind.node.ObjectNode;

/** The unit conversion tool of the core domain. */
final class UnitTools {

  @Tool(
      name = "unit_convert",
      title = "Convert units",
      description =
          "Converts a value between units of length (m, km, mi, ft, in, nmi …), mass (kg, g, lb,"
              + " oz, st, t …), temperature (C, F, K), volume (l, ml, gal, imp_gal, cup, tbsp …),"
              + " data size (bit, B, kB, MB, GB, KiB, MiB, Mbit …), time (ms, s, min, h, d, wk,"
              + " mo, yr), speed (m/s, km/h, mph, kn) and area (m2, km2, ha, acre, ft2). Symbols"
              + " and names both work (e.g. 'miles'); MB is megabytes, Mb megabits.",
      tags = {"math", "units"},
      readOnly = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {
        "{\"value\": 5, \"from\": \"km\", \"to\": \"mi\"}",
        "{\"value\": 98.6, \"from\": \"F\", \"to\": \"C\"}"
      })
  public ObjectNode convert(
      @ToolParam(description = "The value to convert") double value,
      @ToolParam(description = "The unit of the value, e.g. km, lb, F, GiB") String from,
      @ToolParam(description = "The unit to convert to, of the same quantity") String to) {
    Units.Unit source = Units.find(from);
    Units.Unit target = Units.find(to);
    double result = Units.convert(value, source, target);
    ObjectNode out = Json.object();
    out.put("value", value);
    out.put("from", source.symbol());
    out.put("to", target.symbol());
    out.put("quantity", source.quantity());
    out.put("result", new BigDecimal(result).round(new MathContext(12)).doubleValue());
    return out;
  }
}
