package io.toolgate.domain.core;

import io.toolgate.json.Json;
import java.text.BreakIterator;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The counts behind {@code text_stats}. */
final class TextStatistics {
  /** Average silent reading speed of adults in English (Brysbaert 2019). */
  static final int WORDS_PER_MINUTE = 238;

  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+(?:['’-][\\p{L}\\p{N}]+)*");
  private static final Pattern PARAGRAPH_BREAK = Pattern.compile("\\n\\s*\\n");
  private static final Set<String> STOP_WORDS =
      Set.of(
          "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "from", "had", "has",
          "have", "he", "her", "his", "i", "if", "in", "into", "is", "it", "its", "of", "on", "or",
          "our", "she", "so", "that", "the", "their", "them", "then", "there", "these", "they",
          "this", "to", "was", "we", "were", "what", "when", "which", "who", "will", "with", "you",
          "your", "not", "no", "do", "does", "did", "can", "would", "should", "could", "been",
          "being", "than", "too", "very", "just", "also", "my", "me", "him", "us", "all", "any",
          "some", "such", "only", "own", "same", "about", "up", "out");

  private TextStatistics() {}

  static ObjectNode of(String text, int top, boolean includeStopWords) {
    Map<String, Integer> frequency = new HashMap<>();
    int words = 0;
    long wordChars = 0;
    Matcher m = WORD.matcher(text);
    while (m.find()) {
      words++;
      wordChars += m.group().codePointCount(0, m.group().length());
      frequency.merge(m.group().toLowerCase(Locale.ROOT), 1, Integer::sum);
    }
    int sentences = sentences(text);
    ObjectNode out = Json.object();
    out.put("characters", text.codePointCount(0, text.length()));
    out.put(
        "characters_no_spaces", text.codePoints().filter(c -> !Character.isWhitespace(c)).count());
    out.put("words", words);
    out.put("unique_words", frequency.size());
    out.put("lines", text.isEmpty() ? 0 : text.split("\\R", -1).length);
    out.put("sentences", sentences);
    out.put("paragraphs", paragraphs(text));
    out.put("average_word_length", round1(words == 0 ? 0 : (double) wordChars / words));
    out.put("average_sentence_words", round1(sentences == 0 ? 0 : (double) words / sentences));
    double minutes = (double) words / WORDS_PER_MINUTE;
    out.put("reading_time_seconds", Math.round(minutes * 60));
    out.put("reading_time_minutes", round1(minutes));
    ArrayNode topWords = out.putArray("top_words");
    frequency.entrySet().stream()
        .filter(e -> includeStopWords || !STOP_WORDS.contains(e.getKey()))
        .sorted(
            Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()))
        .limit(top)
        .forEach(e -> topWords.addObject().put("word", e.getKey()).put("count", e.getValue()));
    return out;
  }

  private static int sentences(String text) {
    BreakIterator it = BreakIterator.getSentenceInstance(Locale.ROOT);
    it.setText(text);
    int count = 0;
    for (int start = it.first(), end = it.next();
        end != BreakIterator.DONE;
        start = end, end = it.next()) {
      if (WORD.matcher(text.substring(start, end)).find()) {
        count++;
      }
    }
    return count;
  }

  private static int paragraphs(String text) {
    int count = 0;
    for (String block : PARAGRAPH_BREAK.split(text)) {
      if (!block.isBlank()) {
        count++;
      }
    }
    return count;
  }

  private static double round1(double value) {
    return Math.round(value * 10) / 10.0;
  }
}
