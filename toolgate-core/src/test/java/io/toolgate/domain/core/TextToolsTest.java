package io.toolgate.domain.core;

import static io.toolgate.domain.core.CoreTools.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.ErrorCode;
import io.toolgate.invoke.spi.ToolExecutionException;
import io.toolgate.json.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class TextToolsTest {

  @Test
  void findsEveryMatchWithGroupsAndNamedGroups() throws Exception {
    JsonNode out =
        call(
            "regex_match",
            "{\"pattern\":\"(?<user>\\\\w+)@(?<host>[\\\\w.]+)\","
                + "\"text\":\"ana@example.com, bo@test.org\"}");
    assertThat(out.get("count").asInt()).isEqualTo(2);
    JsonNode first = out.get("matches").get(0);
    assertThat(first.get("match").asString()).isEqualTo("ana@example.com");
    assertThat(first.get("start").asInt()).isZero();
    assertThat(first.get("end").asInt()).isEqualTo(15);
    assertThat(first.get("groups"))
        .containsExactly(Json.parse("\"ana\""), Json.parse("\"example.com\""));
    assertThat(first.get("named").get("host").asString()).isEqualTo("example.com");
  }

  @Test
  void flagsChangeMatching() throws Exception {
    String args = "\"pattern\":\"^error\",\"text\":\"Error: a\\nerror: b\"";
    assertThat(call("regex_match", "{" + args + "}").get("count").asInt()).isZero();
    assertThat(call("regex_match", "{" + args + ",\"flags\":\"im\"}").get("count").asInt())
        .isEqualTo(2);
  }

  @Test
  void anUnmatchedOptionalGroupIsNull() throws Exception {
    JsonNode out = call("regex_match", "{\"pattern\":\"a(b)?\",\"text\":\"a\"}");
    assertThat(out.get("matches").get(0).get("groups").get(0).isNull()).isTrue();
  }

  @Test
  void stopsAtMaxMatches() throws Exception {
    JsonNode out =
        call("regex_match", "{\"pattern\":\"\\\\d\",\"text\":\"12345\",\"max_matches\":2}");
    assertThat(out.get("matches")).hasSize(2);
    assertThat(out.get("truncated").asBoolean()).isTrue();
  }

  @Test
  void aBadPatternIsInvalidArguments() {
    assertThatThrownBy(() -> call("regex_match", "{\"pattern\":\"(a\",\"text\":\"a\"}"))
        .isInstanceOfSatisfying(
            ToolExecutionException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS))
        .hasMessageContaining("Unclosed group");
  }

  @Test
  void anUnknownFlagIsNamed() {
    assertThatThrownBy(
            () -> call("regex_match", "{\"pattern\":\"a\",\"text\":\"a\",\"flags\":\"q\"}"))
        .hasMessageContaining("unknown regex flag 'q'");
  }

  // The JDK memoizes simple nested loops such as (a+)+$, but not loops under a backreference.
  @Test
  void catastrophicBacktrackingIsStoppedByTheStepBudget() {
    String text = "a".repeat(25) + "!";
    assertThatThrownBy(() -> new TextTools(100_000).match("^(a+)+\\1$", text, "", 10))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("more than 102600 steps")
        .hasMessageContaining("backtracks catastrophically");
  }

  @Test
  void theDefaultBudgetAlsoStopsCatastrophicBacktracking() {
    String text = "a".repeat(30) + "!";
    assertThatThrownBy(
            () -> call("regex_match", "{\"pattern\":\"^(a+)+\\\\1$\",\"text\":\"" + text + "\"}"))
        .isInstanceOfSatisfying(
            ToolExecutionException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS))
        .hasMessageContaining("too expensive");
  }

  @Test
  void anOrdinaryPatternOnALargeTextStaysWithinBudget() throws Exception {
    String text = "word ".repeat(100_000);
    assertThat(new TextTools().match("\\bword\\b", text, "", 1000).get("count").asInt())
        .isEqualTo(1000);
  }

  @Test
  void aLongPatternIsRefused() {
    assertThatThrownBy(() -> new TextTools().match("a".repeat(1001), "a", "", 1))
        .hasMessageContaining("the limit is 1000");
  }

  @Test
  void countsWordsSentencesLinesAndParagraphs() throws Exception {
    JsonNode out =
        call(
            "text_stats",
            "{\"text\":\"The cat sat. The cat ran! Did the well-known dog bark?\\n\\nYes.\"}");
    assertThat(out.get("words").asInt()).isEqualTo(12);
    assertThat(out.get("sentences").asInt()).isEqualTo(4);
    assertThat(out.get("lines").asInt()).isEqualTo(3);
    assertThat(out.get("paragraphs").asInt()).isEqualTo(2);
    assertThat(out.get("top_words").get(0)).isEqualTo(Json.parse("{\"word\":\"cat\",\"count\":2}"));
  }

  @Test
  void stopWordsCanBeCounted() throws Exception {
    JsonNode out =
        call(
            "text_stats",
            "{\"text\":\"the cat the dog the end\",\"include_stop_words\":true,\"top\":1}");
    assertThat(out.get("top_words").get(0).get("word").asString()).isEqualTo("the");
  }

  @Test
  void readingTimeIsAt238WordsPerMinute() throws Exception {
    JsonNode out = call("text_stats", "{\"text\":\"" + "word ".repeat(476) + "\"}");
    assertThat(out.get("reading_time_seconds").asLong()).isEqualTo(120);
    assertThat(out.get("reading_time_minutes").asDouble()).isEqualTo(2.0);
  }

  @Test
  void countsUnicodeTextByCodePoint() throws Exception {
    JsonNode out = call("text_stats", "{\"text\":\"Olá, 世界 😀\"}");
    assertThat(out.get("characters").asInt()).isEqualTo(9);
    assertThat(out.get("words").asInt()).isEqualTo(2);
  }

  @Test
  void anEmptyTextHasZeroCounts() throws Exception {
    JsonNode out = call("text_stats", "{\"text\":\"\"}");
    assertThat(out.get("words").asInt()).isZero();
    assertThat(out.get("lines").asInt()).isZero();
    assertThat(out.get("sentences").asInt()).isZero();
  }
}
