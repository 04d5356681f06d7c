package io.toolgate.domain.core;

import static io.toolgate.domain.core.CoreTools.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

class UnitToolsTest {

  @ParameterizedTest(name = "{0} {1} = {3} {2}")
  @CsvSource({
    "5, km, mi, 3.10685596119",
    "1, mi, ft, 5280",
    "12, in, cm, 30.48",
    "1, nmi, m, 1852",
    "1, lb, kg, 0.45359237",
    "16, oz, lb, 1",
    "1, st, lb, 14",
    "100, C, F, 212",
    "98.6, F, C, 37",
    "0, K, C, -273.15",
    "-40, F, C, -40",
    "1, gal, l, 3.785411784",
    "1, imp_gal, l, 4.54609",
    "1, cup, tbsp, 16",
    "1, GiB, MiB, 1024",
    "1, GB, MB, 1000",
    "100, Mbit, MB, 12.5",
    "1, B, bit, 8",
    "90, min, h, 1.5",
    "1, wk, d, 7",
    "1, yr, d, 365.2425",
    "100, km/h, m/s, 27.7777777778",
    "1, kn, km/h, 1.852",
    "1, ha, m2, 10000",
    "1, acre, ft2, 43560",
    "3, miles, kilometres, 4.828032",
  })
  void converts(double value, String from, String to, double expected) throws Exception {
    JsonNode out =
        call(
            "unit_convert",
            "{\"value\":" + value + ",\"from\":\"" + from + "\",\"to\":\"" + to + "\"}");
    assertThat(out.get("result").asDouble())
        .isCloseTo(expected, within(1e-9 * Math.max(1, Math.abs(expected))));
  }

  @Test
  void reportsCanonicalSymbolsAndTheQuantity() throws Exception {
    JsonNode out = call("unit_convert", "{\"value\":1,\"from\":\"Kilometers\",\"to\":\"MILES\"}");
    assertThat(out.get("from").asString()).isEqualTo("km");
    assertThat(out.get("to").asString()).isEqualTo("mi");
    assertThat(out.get("quantity").asString()).isEqualTo("length");
  }

  @Test
  void incompatibleUnitsAreAClearError() {
    assertThatThrownBy(() -> call("unit_convert", "{\"value\":1,\"from\":\"km\",\"to\":\"kg\"}"))
        .hasMessageContaining("cannot convert length (km) to mass (kg)");
  }

  @Test
  void unknownUnitsSuggestCloseOnes() {
    assertThatThrownBy(
            () -> call("unit_convert", "{\"value\":1,\"from\":\"kilomter\",\"to\":\"m\"}"))
        .hasMessageContaining("unknown unit 'kilomter'")
        .hasMessageContaining("kilometer");
  }

  @Test
  void caseOnlyDistinctionsAreAmbiguousWhenTheCaseDoesNotMatch() {
    assertThatThrownBy(() -> call("unit_convert", "{\"value\":1,\"from\":\"mb\",\"to\":\"B\"}"))
        .hasMessageContaining("ambiguous")
        .hasMessageContaining("MB (megabyte)")
        .hasMessageContaining("Mbit (megabit)");
  }

  @Test
  void temperaturesBelowAbsoluteZeroAreRefused() {
    assertThatThrownBy(() -> call("unit_convert", "{\"value\":-300,\"from\":\"C\",\"to\":\"K\"}"))
        .hasMessageContaining("below absolute zero");
  }
}
