package io.toolgate.domain.core;

import io.toolgate.catalog.java.Hint;
import io.toolgate.catalog.java.Tool;
import io.toolgate.catalog.java.ToolParam;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Time tools of the core domain: now, zone conversion, arithmetic and differences. */
final class TimeTools {
  private static final String ZONE_HELP =
      "IANA time zone such as Europe/Lisbon, America/New_York or Asia/Tokyo; an offset such as"
          + " +05:30 also works. Default UTC.";
  private static final String TIME_HELP =
      "ISO 8601 time: 2025-03-01T09:30:00Z, 2025-03-01T09:30:00+01:00,"
          + " 2025-03-01T09:30 (read in the zone), 2025-03-01, epoch seconds, or 'now'.";

  private final Clock clock;

  /** Tools reading the system clock. */
  TimeTools() {
    this(Clock.systemUTC());
  }

  /** Tools reading {@code clock} (tests pass a fixed one). */
  TimeTools(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Tool(
      name = "time_now",
      title = "Current time",
      description =
          "Current date and time in a time zone. Returns the ISO 8601 time with its UTC offset,"
              + " the zone, the offset, epoch seconds and milliseconds, the date, the time of day"
              + " and the day of the week. Use it whenever the answer depends on today's date or"
              + " the time somewhere.",
      tags = {"time"},
      readOnly = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {"{}", "{\"zone\": \"Asia/Tokyo\"}"})
  public Map<String, Object> now(
      @ToolParam(description = ZONE_HELP, defaultValue = "UTC") String zone) {
    return Times.describe(ZonedDateTime.now(clock.withZone(Times.zone(zone))));
  }

  @Tool(
      name = "time_convert",
      title = "Convert time between zones",
      description =
          "Converts a time from one time zone to another, e.g. 'what time is 9:00 in Lisbon in"
              + " New York'. A time with an offset or Z needs no source zone; a local time is read"
              + " in 'from'. Daylight saving is applied for the given date.",
      tags = {"time"},
      readOnly = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {
        "{\"time\": \"2025-07-01T09:00\", \"from\": \"Europe/Lisbon\", \"to\": \"America/New_York\"}"
      })
  public Map<String, Object> convert(
      @ToolParam(description = TIME_HELP) String time,
      @ToolParam(description = "Zone a local time is in. " + ZONE_HELP, defaultValue = "UTC")
          String from,
      @ToolParam(description = "Zone to convert to. " + ZONE_HELP) String to) {
    ZonedDateTime source = Times.time(time, Times.zone(from), clock);
    ZonedDateTime target = source.withZoneSameInstant(Times.zone(to));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("from", Times.describe(source));
    out.put("to", Times.describe(target));
    return out;
  }

  @Tool(
      name = "time_add",
      title = "Add or subtract time",
      description =
          "Adds an amount of time to a time (or subtracts it, with a minus sign): '3 days',"
              + " '-2h 30m', '1 month', or ISO 8601 such as P1DT2H. Days, months and years follow"
              + " the calendar in the zone (daylight saving, month lengths); hours and smaller are"
              + " exact.",
      tags = {"time"},
      readOnly = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {
        "{\"time\": \"2025-01-31\", \"amount\": \"1 month\"}",
        "{\"time\": \"now\", \"amount\": \"-90m\", \"zone\": \"Europe/Berlin\"}"
      })
  public Map<String, Object> add(
      @ToolParam(description = TIME_HELP, defaultValue = "now") String time,
      @ToolParam(
              description =
                  "Amount to add; negative to subtract. E.g. '2 hours', '-3d', '1y 2mo',"
                      + " 'PT45M', '-P1W'.")
          String amount,
      @ToolParam(
              description = "Zone for local times and calendar steps. " + ZONE_HELP,
              defaultValue = "UTC")
          String zone) {
    ZonedDateTime start = Times.time(time, Times.zone(zone), clock);
    Times.Amount delta = Times.amount(amount);
    Map<String, Object> out = Times.describe(delta.addTo(start));
    out.put("start", start.toOffsetDateTime().toString());
    out.put("amount", delta.iso());
    return out;
  }

  @Tool(
      name = "time_diff",
      title = "Time between two times",
      description =
          "How much time lies between two times: total seconds, minutes, hours and days, the"
              + " calendar breakdown (years, months, days, hours, minutes, seconds) and a"
              + " human-readable phrase. Negative when end is before start.",
      tags = {"time"},
      readOnly = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {"{\"start\": \"2025-01-01T00:00:00Z\", \"end\": \"2025-03-15T12:30:00Z\"}"})
  public Map<String, Object> diff(
      @ToolParam(description = TIME_HELP) String start,
      @ToolParam(description = TIME_HELP) String end,
      @ToolParam(
              description = "Zone for local times and calendar days. " + ZONE_HELP,
              defaultValue = "UTC")
          String zone) {
    ZoneId z = Times.zone(zone);
    ZonedDateTime a = Times.time(start, z, clock);
    ZonedDateTime b = Times.time(end, z, clock);
    Duration exact = Duration.between(a, b);
    boolean negative = exact.isNegative();
    Map<String, Long> calendar = calendar(negative ? b : a, negative ? a : b, negative ? -1 : 1);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("start", a.toOffsetDateTime().toString());
    out.put("end", b.toOffsetDateTime().toString());
    out.put("seconds", exact.toSeconds());
    out.put("minutes", exact.toMillis() / 60_000.0);
    out.put("hours", exact.toMillis() / 3_600_000.0);
    out.put("days", exact.toMillis() / 86_400_000.0);
    out.put("iso", exact.toString());
    out.put("calendar", calendar);
    out.put("human", human(calendar));
    return out;
  }

  /** Whole years, months, days, … from {@code a} to {@code b} (a ≤ b), signed. */
  private static Map<String, Long> calendar(ZonedDateTime a, ZonedDateTime b, int sign) {
    Map<String, Long> out = new LinkedHashMap<>();
    ZonedDateTime at = a;
    for (ChronoUnit unit : List.of(ChronoUnit.YEARS, ChronoUnit.MONTHS, ChronoUnit.DAYS)) {
      long n = at.until(b, unit);
      at = at.plus(n, unit);
      out.put(unit.name().toLowerCase(java.util.Locale.ROOT), sign * n);
    }
    Duration rest = Duration.between(at, b);
    out.put("hours", sign * rest.toHours());
    out.put("minutes", sign * (long) rest.toMinutesPart());
    out.put("seconds", sign * (long) rest.toSecondsPart());
    return out;
  }

  private static String human(Map<String, Long> calendar) {
    List<String> parts = new ArrayList<>();
    calendar.forEach(
        (unit, n) -> {
          if (n != 0) {
            long abs = Math.abs(n);
            String singular = unit.substring(0, unit.length() - 1);
            parts.add(abs + " " + (abs == 1 ? singular : unit));
          }
        });
    if (parts.isEmpty()) {
      return "0 seconds";
    }
    boolean negative = calendar.values().stream().anyMatch(n -> n < 0);
    return String.join(", ", parts) + (negative ? " (end before start)" : "");
  }
}
