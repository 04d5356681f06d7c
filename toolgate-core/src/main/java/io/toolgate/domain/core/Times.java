package io.toolgate.domain.core;

import java.time.Clock;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parsing of the time values, zones and amounts the time tools accept, with helpful errors. */
final class Times {
  private static final Pattern EPOCH = Pattern.compile("-?\\d{1,12}(\\.\\d+)?");
  private static final Pattern FRIENDLY_PART =
      Pattern.compile("([+-]?\\d+)\\s*([a-zA-Z]+)\\s*,?\\s*");
  private static final Map<String, String> UNIT_ALIASES = unitAliases();

  private Times() {}

  /**
   * An IANA zone or offset ({@code Europe/Lisbon}, {@code UTC}, {@code +02:00}).
   *
   * @throws IllegalArgumentException naming close zone names
   */
  static ZoneId zone(String zone) {
    String z = zone == null || zone.isBlank() ? "UTC" : zone.strip();
    try {
      return ZoneId.of(z);
    } catch (DateTimeException e) {
      List<String> close = Suggestions.closest(z, ZoneId.getAvailableZoneIds(), 3);
      throw new IllegalArgumentException(
          "unknown time zone '"
              + z
              + "'; use an IANA name such as Europe/Lisbon, America/New_York or UTC"
              + (close.isEmpty() ? "" : " (close: " + String.join(", ", close) + ")"));
    }
  }

  /**
   * A point in time: {@code now}, an ISO instant or offset date-time, a zoned date-time ({@code
   * 2025-03-01T09:00[Europe/Paris]}), a local date-time or date (read in {@code zone}), or epoch
   * seconds.
   */
  static ZonedDateTime time(String text, ZoneId zone, Clock clock) {
    if (text == null || text.isBlank() || text.strip().equalsIgnoreCase("now")) {
      return ZonedDateTime.now(clock.withZone(zone));
    }
    String t = text.strip();
    if (EPOCH.matcher(t).matches()) {
      double seconds = Double.parseDouble(t);
      long whole = (long) Math.floor(seconds);
      long nanos = Math.round((seconds - whole) * 1e9);
      return Instant.ofEpochSecond(whole, nanos).atZone(zone);
    }
    String iso = t.length() > 10 && t.charAt(10) == ' ' ? t.replaceFirst(" ", "T") : t;
    try {
      if (iso.endsWith("]")) {
        return ZonedDateTime.parse(iso);
      }
      if (iso.length() <= 10) {
        return LocalDate.parse(iso).atStartOfDay(zone);
      }
      if (iso.endsWith("Z") || iso.matches(".*[+-]\\d{2}(:?\\d{2})?$")) {
        return OffsetDateTime.parse(iso).atZoneSameInstant(zone);
      }
      return LocalDateTime.parse(iso).atZone(zone);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "cannot read time '"
              + t
              + "'; use ISO 8601 such as 2025-03-01T09:30:00Z, 2025-03-01T09:30 (in the zone),"
              + " 2025-03-01, epoch seconds, or 'now'");
    }
  }

  /** A time as JSON-ready fields: iso, zone, offset, epoch seconds and milliseconds. */
  static Map<String, Object> describe(ZonedDateTime t) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("iso", t.toOffsetDateTime().toString());
    out.put("zone", t.getZone().getId());
    out.put("offset", t.getOffset().getId().equals("Z") ? "+00:00" : t.getOffset().getId());
    out.put("epoch_seconds", t.toEpochSecond());
    out.put("epoch_millis", t.toInstant().toEpochMilli());
    out.put("date", t.toLocalDate().toString());
    out.put("time", t.toLocalTime().toString());
    out.put(
        "day_of_week",
        t.getDayOfWeek().name().charAt(0)
            + t.getDayOfWeek().name().substring(1).toLowerCase(Locale.ROOT));
    return out;
  }

  /** A calendar part and an exact part, e.g. {@code P1M} and {@code PT2H}. */
  record Amount(Period period, Duration duration) {
    Amount negated() {
      return new Amount(period.negated(), duration.negated());
    }

    ZonedDateTime addTo(ZonedDateTime t) {
      return t.plus(period).plus(duration);
    }

    String iso() {
      if (period.isZero()) {
        return duration.toString();
      }
      String p = period.toString();
      return duration.isZero() ? p : p + duration.toString().substring(1);
    }
  }

  /**
   * An amount of time: ISO 8601 ({@code P1DT2H}, {@code -PT30M}, {@code P2W}) or words such as
   * {@code 2h 30m}, {@code -3 days}, {@code 1 month}.
   */
  static Amount amount(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("amount is empty; give e.g. PT2H, P1D or '2 hours'");
    }
    String t = text.strip();
    boolean negative = t.startsWith("-");
    String body = negative || t.startsWith("+") ? t.substring(1).strip() : t;
    if (body.toUpperCase(Locale.ROOT).startsWith("P")) {
      Amount iso = isoAmount(body.toUpperCase(Locale.ROOT), t);
      return negative ? iso.negated() : iso;
    }
    // A leading sign covers the whole amount: "-2h 30m" is minus two and a half hours.
    Amount friendly = friendly(negative || t.startsWith("+") ? body : t);
    return negative ? friendly.negated() : friendly;
  }

  private static Amount isoAmount(String p, String original) {
    try {
      int split = p.indexOf('T');
      Period period =
          split == 1 ? Period.ZERO : Period.parse(split < 0 ? p : p.substring(0, split));
      Duration duration = split < 0 ? Duration.ZERO : Duration.parse("P" + p.substring(split));
      return new Amount(period, duration);
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "cannot read amount '" + original + "'; ISO 8601 looks like P1Y2M3DT4H5M6S or PT90M");
    }
  }

  private static Amount friendly(String t) {
    Matcher m = FRIENDLY_PART.matcher(t);
    Period period = Period.ZERO;
    Duration duration = Duration.ZERO;
    int at = 0;
    while (at < t.length() && m.find(at) && m.start() == at) {
      long n = Long.parseLong(m.group(1));
      String unit = UNIT_ALIASES.get(m.group(2).toLowerCase(Locale.ROOT));
      if (unit == null) {
        throw new IllegalArgumentException(
            "unknown time unit '"
                + m.group(2)
                + "' in '"
                + t
                + "'; use seconds, minutes, hours, days, weeks, months or years (or ISO PT2H)");
      }
      switch (unit) {
        case "s" -> duration = duration.plusSeconds(n);
        case "ms" -> duration = duration.plusMillis(n);
        case "min" -> duration = duration.plusMinutes(n);
        case "h" -> duration = duration.plusHours(n);
        case "d" -> period = period.plusDays(n);
        case "w" -> period = period.plusDays(7 * n);
        case "mo" -> period = period.plusMonths(n);
        default -> period = period.plusYears(n);
      }
      at = m.end();
    }
    if (at != t.length() || at == 0) {
      throw new IllegalArgumentException(
          "cannot read amount '" + t + "'; write e.g. '2 hours', '-3d', '1h 30m' or ISO PT1H30M");
    }
    return new Amount(period, duration);
  }

  private static Map<String, String> unitAliases() {
    Map<String, String> m = new LinkedHashMap<>();
    for (String s : List.of("ms", "millis", "millisecond", "milliseconds")) {
      m.put(s, "ms");
    }
    for (String s : List.of("s", "sec", "secs", "second", "seconds")) {
      m.put(s, "s");
    }
    for (String s : List.of("m", "min", "mins", "minute", "minutes")) {
      m.put(s, "min");
    }
    for (String s : List.of("h", "hr", "hrs", "hour", "hours")) {
      m.put(s, "h");
    }
    for (String s : List.of("d", "day", "days")) {
      m.put(s, "d");
    }
    for (String s : List.of("w", "wk", "wks", "week", "weeks")) {
      m.put(s, "w");
    }
    for (String s : List.of("mo", "mon", "month", "months")) {
      m.put(s, "mo");
    }
    for (String s : List.of("y", "yr", "yrs", "year", "years")) {
      m.put(s, "y");
    }
    return Map.copyOf(m);
  }
}
