package io.toolgate.domain.core;

import io.toolgate.catalog.java.Hint;
import io.toolgate.catalog.java.Tool;
import io.toolgate.catalog.java.ToolParam;
import io.toolgate.json.Json;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Text tools of the core domain: regular expressions and statistics. */
final class TextTools {
  static final int MAX_PATTERN = 1_000;
  static final int MAX_TEXT = 1_000_000;
  static final int MAX_MATCHES = 1_000;

  private final long baseBudget;

  TextTools() {
    this(2_000_000);
  }

  /**
   * @param baseBudget regex steps allowed besides 100 per character of text
   */
  TextTools(long baseBudget) {
    this.baseBudget = baseBudget;
  }

  @Tool(
      name = "regex_match",
      title = "Find regex matches",
      description =
          "Finds every match of a Java regular expression in a text, with each match's position,"
              + " numbered groups and named groups. Flags: i (ignore case), m (^ and $ at line"
              + " breaks), s (. matches newlines), x (comments), u (Unicode classes). Patterns that"
              + " backtrack catastrophically are stopped with an error instead of hanging.",
      tags = {"text", "regex"},
      readOnly = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {
        "{\"pattern\": \"(?<user>[\\\\w.]+)@(?<domain>[\\\\w.]+)\","
            + " \"text\": \"mail ana@example.com or bo@test.org\"}",
        "{\"pattern\": \"^error\", \"text\": \"Error: disk\\nok\", \"flags\": \"im\"}"
      })
  public ObjectNode match(
      @ToolParam(description = "The regular expression (Java syntax), at most 1000 characters")
          String pattern,
      @ToolParam(description = "The text to search, at most 1,000,000 characters") String text,
      @ToolParam(description = "Flag letters: i, m, s, x, u; e.g. \"im\"", defaultValue = "\"\"")
          String flags,
      @ToolParam(
              name = "max_matches",
              description = "The most matches to return, 1 to 1000",
              defaultValue = "100")
          int maxMatches) {
    if (pattern.length() > MAX_PATTERN) {
      throw new IllegalArgumentException(
          "the pattern is " + pattern.length() + " characters; the limit is " + MAX_PATTERN);
    }
    if (text.length() > MAX_TEXT) {
      throw new IllegalArgumentException(
          "the text is " + text.length() + " characters; the limit is " + MAX_TEXT);
    }
    if (maxMatches < 1 || maxMatches > MAX_MATCHES) {
      throw new IllegalArgumentException(
          "max_matches must be 1 to " + MAX_MATCHES + ", got " + maxMatches);
    }
    Pattern compiled = Pattern.compile(pattern, flags(flags));
    BudgetedText input = new BudgetedText(text, baseBudget + 100L * text.length());
    Matcher m = compiled.matcher(input);
    ObjectNode out = Json.object();
    ArrayNode matches = Json.array();
    int count = 0;
    boolean truncated = false;
    try {
      while (m.find()) {
        if (count == maxMatches) {
          truncated = true;
          break;
        }
        count++;
        matches.add(describe(m, text));
      }
    } catch (BudgetedText.BudgetExceeded e) {
      throw new IllegalArgumentException(
          "the pattern is too expensive on this text ("
              + e.getMessage()
              + "); it probably backtracks catastrophically: avoid nested quantifiers such as"
              + " (a+)+ and make alternatives exclusive");
    }
    out.put("pattern", pattern);
    out.put("count", count);
    out.set("matches", matches);
    out.put("truncated", truncated);
    return out;
  }

  private static ObjectNode describe(Matcher m, String text) {
    ObjectNode match = Json.object();
    match.put("match", text.substring(m.start(), m.end()));
    match.put("start", m.start());
    match.put("end", m.end());
    ArrayNode groups = match.putArray("groups");
    for (int g = 1; g <= m.groupCount(); g++) {
      if (m.start(g) < 0) {
        groups.addNull();
      } else {
        groups.add(text.substring(m.start(g), m.end(g)));
      }
    }
    Map<String, Integer> named = m.namedGroups();
    if (!named.isEmpty()) {
      ObjectNode names = match.putObject("named");
      named.entrySet().stream()
          .sorted(Map.Entry.comparingByValue())
          .forEach(
              e -> {
                int g = e.getValue();
                if (m.start(g) < 0) {
                  names.putNull(e.getKey());
                } else {
                  names.put(e.getKey(), text.substring(m.start(g), m.end(g)));
                }
              });
    }
    return match;
  }

  private static int flags(String flags) {
    int out = 0;
    for (char c : flags.toLowerCase(Locale.ROOT).toCharArray()) {
      out |=
          switch (c) {
            case 'i' -> Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
            case 'm' -> Pattern.MULTILINE;
            case 's' -> Pattern.DOTALL;
            case 'x' -> Pattern.COMMENTS;
            case 'u' -> Pattern.UNICODE_CHARACTER_CLASS;
            case ' ', ',' -> 0;
            default ->
                throw new IllegalArgumentException(
                    "unknown regex flag '" + c + "'; use i, m, s, x or u");
          };
    }
    return out;
  }

  @Tool(
      name = "text_stats",
      title = "Text statistics",
      description =
          "Counts the characters, words, unique words, lines, sentences and paragraphs of a text,"
              + " gives average word and sentence lengths, the most frequent words (common English"
              + " stop words skipped unless asked) and the reading time at 238 words per minute.",
      tags = {"text"},
      readOnly = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {"{\"text\": \"The quick brown fox. It jumps!\", \"top\": 3}"})
  public ObjectNode stats(
      @ToolParam(description = "The text, at most 1,000,000 characters") String text,
      @ToolParam(description = "How many frequent words to list, 0 to 100", defaultValue = "10")
          int top,
      @ToolParam(
              name = "include_stop_words",
              description = "Count words like 'the' and 'and' among the frequent words",
              defaultValue = "false")
          boolean includeStopWords) {
    if (text.length() > MAX_TEXT) {
      throw new IllegalArgumentException(
          "the text is " + text.length() + " characters; the limit is " + MAX_TEXT);
    }
    if (top < 0 || top > 100) {
      throw new IllegalArgumentException("top must be 0 to 100, got " + top);
    }
    return TextStatistics.of(text, top, includeStopWords);
  }
}
