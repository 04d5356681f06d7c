package io.toolgate.domain.core;

import static io.toolgate.domain.core.CoreTools.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.ErrorCode;
import io.toolgate.invoke.spi.ToolExecutionException;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class TimeToolsTest {

  @Test
  void nowDefaultsToUtc() throws Exception {
    JsonNode now = call("time_now", "{}");
    assertThat(now.get("iso").asString()).isEqualTo("2025-03-30T00:30Z");
    assertThat(now.get("zone").asString()).isEqualTo("UTC");
    assertThat(now.get("offset").asString()).isEqualTo("+00:00");
    assertThat(now.get("epoch_seconds").asLong()).isEqualTo(CoreTools.NOW.getEpochSecond());
    assertThat(now.get("epoch_millis").asLong()).isEqualTo(CoreTools.NOW.toEpochMilli());
    assertThat(now.get("day_of_week").asString()).isEqualTo("Sunday");
  }

  @Test
  void nowInAnIanaZoneHasItsOffset() throws Exception {
    JsonNode now = call("time_now", "{\"zone\":\"Asia/Kolkata\"}");
    assertThat(now.get("iso").asString()).isEqualTo("2025-03-30T06:00+05:30");
    assertThat(now.get("offset").asString()).isEqualTo("+05:30");
    assertThat(now.get("zone").asString()).isEqualTo("Asia/Kolkata");
  }

  @Test
  void anUnknownZoneIsInvalidArgumentsWithSuggestions() {
    assertThatThrownBy(() -> call("time_now", "{\"zone\":\"Europe/Lisbn\"}"))
        .isInstanceOfSatisfying(
            ToolExecutionException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS))
        .hasMessageContaining("time_now: unknown time zone 'Europe/Lisbn'")
        .hasMessageContaining("Europe/Lisbon");
  }

  @Test
  void convertsALocalTimeBetweenZones() throws Exception {
    JsonNode out =
        call(
            "time_convert",
            "{\"time\":\"2025-07-01 09:00\",\"from\":\"Europe/Lisbon\",\"to\":\"America/New_York\"}");
    assertThat(out.get("from").get("iso").asString()).isEqualTo("2025-07-01T09:00+01:00");
    assertThat(out.get("to").get("iso").asString()).isEqualTo("2025-07-01T04:00-04:00");
  }

  @Test
  void aTimeWithAnOffsetIgnoresTheSourceZone() throws Exception {
    JsonNode out =
        call("time_convert", "{\"time\":\"2025-01-15T12:00:00Z\",\"to\":\"Asia/Tokyo\"}");
    assertThat(out.get("to").get("iso").asString()).isEqualTo("2025-01-15T21:00+09:00");
  }

  @Test
  void addsCalendarMonthsClampingToTheMonthEnd() throws Exception {
    JsonNode out = call("time_add", "{\"time\":\"2025-01-31\",\"amount\":\"1 month\"}");
    assertThat(out.get("date").asString()).isEqualTo("2025-02-28");
    assertThat(out.get("amount").asString()).isEqualTo("P1M");
  }

  @Test
  void addingADayAcrossDaylightSavingKeepsTheWallClock() throws Exception {
    JsonNode out =
        call(
            "time_add",
            "{\"time\":\"2025-03-29T12:00\",\"amount\":\"P1D\",\"zone\":\"Europe/Berlin\"}");
    assertThat(out.get("iso").asString()).isEqualTo("2025-03-30T12:00+02:00");
  }

  @Test
  void addingTwentyFourHoursAcrossDaylightSavingIsExact() throws Exception {
    JsonNode out =
        call(
            "time_add",
            "{\"time\":\"2025-03-29T12:00\",\"amount\":\"24h\",\"zone\":\"Europe/Berlin\"}");
    assertThat(out.get("iso").asString()).isEqualTo("2025-03-30T13:00+02:00");
  }

  @Test
  void subtractsWithAMinusSignInWordsOrIso() throws Exception {
    assertThat(call("time_add", "{\"amount\":\"-2h 30m\"}").get("iso").asString())
        .isEqualTo("2025-03-29T22:00Z");
    assertThat(call("time_add", "{\"amount\":\"-PT150M\"}").get("iso").asString())
        .isEqualTo("2025-03-29T22:00Z");
  }

  @Test
  void anUnreadableAmountNamesTheFormats() {
    assertThatThrownBy(() -> call("time_add", "{\"amount\":\"3 fortnights\"}"))
        .hasMessageContaining("unknown time unit 'fortnights'");
    assertThatThrownBy(() -> call("time_add", "{\"amount\":\"soon\"}"))
        .hasMessageContaining("cannot read amount 'soon'");
  }

  @Test
  void anUnreadableTimeNamesTheFormats() {
    assertThatThrownBy(() -> call("time_add", "{\"time\":\"next tuesday\",\"amount\":\"1d\"}"))
        .hasMessageContaining("cannot read time 'next tuesday'")
        .hasMessageContaining("ISO 8601");
  }

  @Test
  void diffGivesTotalsAndACalendarBreakdown() throws Exception {
    JsonNode out =
        call("time_diff", "{\"start\":\"2025-01-01T00:00:00Z\",\"end\":\"2025-03-15T12:30:00Z\"}");
    assertThat(out.get("seconds").asLong()).isEqualTo(73 * 86400 + 12 * 3600 + 1800);
    assertThat(out.get("days").asDouble())
        .isEqualTo(73.5208, org.assertj.core.data.Offset.offset(1e-3));
    assertThat(out.get("calendar").get("months").asLong()).isEqualTo(2);
    assertThat(out.get("calendar").get("days").asLong()).isEqualTo(14);
    assertThat(out.get("human").asString()).isEqualTo("2 months, 14 days, 12 hours, 30 minutes");
  }

  @Test
  void diffIsNegativeWhenEndIsBeforeStart() throws Exception {
    JsonNode out = call("time_diff", "{\"start\":\"2025-01-02\",\"end\":\"2025-01-01\"}");
    assertThat(out.get("seconds").asLong()).isEqualTo(-86400);
    assertThat(out.get("calendar").get("days").asLong()).isEqualTo(-1);
    assertThat(out.get("human").asString()).isEqualTo("1 day (end before start)");
  }

  @Test
  void readsEpochSeconds() throws Exception {
    JsonNode out = call("time_diff", "{\"start\":\"0\",\"end\":\"1970-01-01T00:01:00Z\"}");
    assertThat(out.get("seconds").asLong()).isEqualTo(60);
  }
}
