package io.toolgate.domain.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The units {@code unit_convert} knows: a factor to the base unit of each quantity, except
 * temperature, which has offsets.
 *
 * <p>Lookup is exact first (so {@code Mb}, megabit, and {@code MB}, megabyte, differ), then
 * case-insensitive when that is unambiguous. US customary volumes are the US ones; {@code imp_gal}
 * and {@code imp_pt} are imperial.
 */
final class Units {
  /** A unit: its canonical symbol, its quantity and its size in the base unit. */
  record Unit(String symbol, String name, String quantity, double factor) {}

  private static final Map<String, Unit> EXACT = new HashMap<>();
  private static final Map<String, List<Unit>> FOLDED = new HashMap<>();
  private static final Map<String, List<String>> BY_QUANTITY = new LinkedHashMap<>();

  static {
    // length, base metre
    unit("length", 1, "m", "metre", "meter", "meters", "metres");
    unit("length", 1e3, "km", "kilometre", "kilometer", "kilometers", "kilometres");
    unit("length", 1e-2, "cm", "centimetre", "centimeter", "centimeters", "centimetres");
    unit("length", 1e-3, "mm", "millimetre", "millimeter", "millimeters", "millimetres");
    unit("length", 1e-6, "um", "µm", "micrometre", "micrometer", "micron", "microns");
    unit("length", 1e-9, "nm", "nanometre", "nanometer", "nanometers");
    unit("length", 0.0254, "in", "inch", "inches");
    unit("length", 0.3048, "ft", "foot", "feet");
    unit("length", 0.9144, "yd", "yard", "yards");
    unit("length", 1609.344, "mi", "mile", "miles");
    unit("length", 1852, "nmi", "nautical_mile", "nautical_miles");
    // mass, base kilogram
    unit("mass", 1, "kg", "kilogram", "kilograms", "kilo", "kilos");
    unit("mass", 1e-3, "g", "gram", "grams");
    unit("mass", 1e-6, "mg", "milligram", "milligrams");
    unit("mass", 1e-9, "ug", "µg", "microgram", "micrograms");
    unit("mass", 1e3, "t", "tonne", "tonnes", "metric_ton");
    unit("mass", 0.45359237, "lb", "lbs", "pound", "pounds");
    unit("mass", 0.028349523125, "oz", "ounce", "ounces");
    unit("mass", 6.35029318, "st", "stone", "stones");
    unit("mass", 907.18474, "short_ton", "us_ton");
    // volume, base litre
    unit("volume", 1, "l", "L", "litre", "liter", "liters", "litres");
    unit("volume", 1e-3, "ml", "mL", "millilitre", "milliliter", "milliliters");
    unit("volume", 1e-2, "cl", "centilitre", "centiliter");
    unit("volume", 1e3, "m3", "m³", "cubic_metre", "cubic_meter");
    unit("volume", 1e-3, "cm3", "cm³", "cc");
    unit("volume", 3.785411784, "gal", "gallon", "gallons", "us_gal");
    unit("volume", 4.54609, "imp_gal", "imperial_gallon");
    unit("volume", 0.946352946, "qt", "quart", "quarts");
    unit("volume", 0.473176473, "pt", "pint", "pints", "us_pt");
    unit("volume", 0.56826125, "imp_pt", "imperial_pint");
    unit("volume", 0.2365882365, "cup", "cups");
    unit("volume", 0.0295735295625, "fl_oz", "floz", "fluid_ounce", "fluid_ounces");
    unit("volume", 0.01478676478125, "tbsp", "tablespoon", "tablespoons");
    unit("volume", 0.00492892159375, "tsp", "teaspoon", "teaspoons");
    unit("volume", 28.316846592, "ft3", "ft³", "cubic_foot", "cubic_feet");
    // data size, base byte
    unit("data", 0.125, "bit", "bits", "b");
    unit("data", 1, "B", "byte", "bytes");
    unit("data", 1e3, "kB", "KB", "kilobyte", "kilobytes");
    unit("data", 1e6, "MB", "megabyte", "megabytes");
    unit("data", 1e9, "GB", "gigabyte", "gigabytes");
    unit("data", 1e12, "TB", "terabyte", "terabytes");
    unit("data", 1e15, "PB", "petabyte", "petabytes");
    unit("data", 1024, "KiB", "kibibyte", "kibibytes");
    unit("data", 1024.0 * 1024, "MiB", "mebibyte", "mebibytes");
    unit("data", 1024.0 * 1024 * 1024, "GiB", "gibibyte", "gibibytes");
    unit("data", 1024.0 * 1024 * 1024 * 1024, "TiB", "tebibyte", "tebibytes");
    unit("data", 125, "kbit", "kb", "kilobit", "kilobits");
    unit("data", 125e3, "Mbit", "Mb", "megabit", "megabits");
    unit("data", 125e6, "Gbit", "Gb", "gigabit", "gigabits");
    // time, base second
    unit("time", 1e-9, "ns", "nanosecond", "nanoseconds");
    unit("time", 1e-6, "us", "µs", "microsecond", "microseconds");
    unit("time", 1e-3, "ms", "millisecond", "milliseconds");
    unit("time", 1, "s", "sec", "second", "seconds");
    unit("time", 60, "min", "minute", "minutes");
    unit("time", 3600, "h", "hr", "hour", "hours");
    unit("time", 86400, "d", "day", "days");
    unit("time", 604800, "wk", "week", "weeks");
    unit("time", 86400 * 365.2425 / 12, "mo", "month", "months");
    unit("time", 86400 * 365.2425, "yr", "year", "years");
    // speed, base metre per second
    unit("speed", 1, "m/s", "mps");
    unit("speed", 1 / 3.6, "km/h", "kph", "kmh");
    unit("speed", 0.44704, "mph");
    unit("speed", 1852 / 3600.0, "kn", "knot", "knots");
    unit("speed", 0.3048, "ft/s", "fps");
    // area, base square metre
    unit("area", 1, "m2", "m²", "square_metre", "square_meter");
    unit("area", 1e6, "km2", "km²", "square_kilometre", "square_kilometer");
    unit("area", 1e4, "ha", "hectare", "hectares");
    unit("area", 4046.8564224, "acre", "acres");
    unit("area", 0.09290304, "ft2", "ft²", "square_foot", "square_feet");
    unit("area", 2589988.110336, "mi2", "mi²", "square_mile", "square_miles");
    // temperature: factors unused, see convert()
    unit("temperature", 1, "C", "°C", "celsius");
    unit("temperature", 1, "F", "°F", "fahrenheit");
    unit("temperature", 1, "K", "kelvin");
  }

  private Units() {}

  private static void unit(String quantity, double factor, String symbol, String... aliases) {
    String name = symbol;
    for (String alias : aliases) {
      if (alias.length() > 3 && alias.matches("[a-z_]+")) {
        name = alias;
        break;
      }
    }
    Unit u = new Unit(symbol, name, quantity, factor);
    List<String> names = new ArrayList<>(List.of(aliases));
    names.addFirst(symbol);
    for (String n : names) {
      EXACT.put(n, u);
      List<Unit> folded =
          FOLDED.computeIfAbsent(n.toLowerCase(Locale.ROOT), k -> new ArrayList<>());
      if (!folded.contains(u)) {
        folded.add(u);
      }
    }
    BY_QUANTITY.computeIfAbsent(quantity, q -> new ArrayList<>()).add(symbol);
  }

  /**
   * The unit called {@code text}.
   *
   * @throws IllegalArgumentException for unknown or ambiguous names, with suggestions
   */
  static Unit find(String text) {
    String t = text == null ? "" : text.strip().replace(' ', '_');
    Unit exact = EXACT.get(t);
    if (exact != null) {
      return exact;
    }
    List<Unit> folded = FOLDED.getOrDefault(t.toLowerCase(Locale.ROOT), List.of());
    if (folded.size() == 1) {
      return folded.getFirst();
    }
    if (folded.size() > 1) {
      throw new IllegalArgumentException(
          "unit '"
              + text
              + "' is ambiguous: "
              + String.join(
                  " or ", folded.stream().map(u -> u.symbol() + " (" + u.name() + ")").toList()));
    }
    List<String> close = Suggestions.closest(t, EXACT.keySet(), 3);
    throw new IllegalArgumentException(
        "unknown unit '"
            + text
            + "'"
            + (close.isEmpty() ? "" : " (did you mean " + String.join(", ", close) + "?)")
            + "; known units: "
            + BY_QUANTITY);
  }

  /** Every quantity and its units' symbols. */
  static Map<String, List<String>> catalog() {
    return BY_QUANTITY;
  }

  /**
   * {@code value} in {@code from} expressed in {@code to}.
   *
   * @throws IllegalArgumentException when the units measure different quantities
   */
  static double convert(double value, Unit from, Unit to) {
    if (!from.quantity().equals(to.quantity())) {
      throw new IllegalArgumentException(
          "cannot convert "
              + from.quantity()
              + " ("
              + from.symbol()
              + ") to "
              + to.quantity()
              + " ("
              + to.symbol()
              + "); "
              + to.quantity()
              + " units are "
              + BY_QUANTITY.get(to.quantity())
              + ", "
              + from.quantity()
              + " units are "
              + BY_QUANTITY.get(from.quantity()));
    }
    if (from.quantity().equals("temperature")) {
      double kelvin =
          switch (from.symbol()) {
            case "C" -> value + 273.15;
            case "F" -> (value - 32) * 5 / 9 + 273.15;
            default -> value;
          };
      if (kelvin < 0) {
        throw new IllegalArgumentException(value + " " + from.symbol() + " is below absolute zero");
      }
      return switch (to.symbol()) {
        case "C" -> kelvin - 273.15;
        case "F" -> (kelvin - 273.15) * 9 / 5 + 32;
        default -> kelvin;
      };
    }
    return value * from.factor() / to.factor();
  }

  static Set<String> quantities() {
    return new TreeSet<>(BY_QUANTITY.keySet());
  }
}
