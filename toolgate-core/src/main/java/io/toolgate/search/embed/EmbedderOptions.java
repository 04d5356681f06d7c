package io.toolgate.search.embed;

import io.toolgate.search.spi.EmbeddingException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads typed values from the options of an {@code embeddings:} configuration entry.
 *
 * <p>Values may arrive as numbers or as strings (YAML {@code batch_size: "16"}); anything else is
 * an {@link EmbeddingException} that names the option, the bad value and the legal range:
 *
 * <pre>{@code
 * int batchSize = EmbedderOptions.intOption(options, "batch_size", 64, 1, 2048);
 * // batch_size: 0  ->  "embedding option batch_size: illegal value '0', must be an integer in [1, 2048]"
 * }</pre>
 */
public final class EmbedderOptions {
  private EmbedderOptions() {}

  /**
   * Checks that every key of {@code options} is one {@code spec}'s embedder reads: a misspelt
   * option ({@code dimension: 256}) would otherwise be ignored without a word.
   *
   * @throws EmbeddingException naming the first unknown key, the closest known one and them all
   */
  public static void requireKnown(Map<String, Object> options, Set<String> known, String spec) {
    for (String key : new TreeSet<>(options.keySet())) {
      if (!known.contains(key)) {
        List<String> close = io.toolgate.catalog.Strings.closest(key, known, 1);
        throw new EmbeddingException(
            "embedding option '"
                + key
                + "' is not one "
                + spec.strip()
                + " reads"
                + (close.isEmpty() ? "" : "; did you mean '" + close.getFirst() + "'?")
                + " Its options: "
                + String.join(", ", new TreeSet<>(known)));
      }
    }
  }

  /**
   * The integer option {@code key}, or {@code defaultValue} when absent.
   *
   * @throws EmbeddingException when the value is not an integer in {@code [min, max]}
   */
  public static int intOption(
      Map<String, Object> options, String key, int defaultValue, int min, int max) {
    Object value = options.get(key);
    if (value == null) {
      return defaultValue;
    }
    Optional<Long> parsed = asLong(value);
    if (parsed.isEmpty() || parsed.get() < min || parsed.get() > max) {
      throw new EmbeddingException(
          "embedding option "
              + key
              + ": illegal value '"
              + value
              + "', must be an integer in ["
              + min
              + ", "
              + max
              + "]");
    }
    return parsed.get().intValue();
  }

  /**
   * The boolean option {@code key} ({@code true}/{@code false}, as YAML booleans or text), or
   * {@code defaultValue} when absent.
   *
   * @throws EmbeddingException when the value is neither
   */
  public static boolean booleanOption(
      Map<String, Object> options, String key, boolean defaultValue) {
    Object value = options.get(key);
    if (value == null) {
      return defaultValue;
    }
    if (value instanceof Boolean b) {
      return b;
    }
    String text = value.toString().strip();
    if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(text);
    }
    throw new EmbeddingException(
        "embedding option " + key + ": illegal value '" + value + "', must be true or false");
  }

  /**
   * The string option {@code key} as given (spaces matter in a prefix); empty when absent or blank.
   *
   * @throws EmbeddingException when the value is not a string (or a number, taken as text)
   */
  public static Optional<String> stringOption(Map<String, Object> options, String key) {
    Object value = options.get(key);
    if (value == null) {
      return Optional.empty();
    }
    if (!(value instanceof String) && !(value instanceof Number)) {
      throw new EmbeddingException(
          "embedding option " + key + ": illegal value '" + value + "', must be a string");
    }
    String text = value.toString();
    return text.isBlank() ? Optional.empty() : Optional.of(text);
  }

  private static Optional<Long> asLong(Object value) {
    // Pattern switches would read better, but the formatter runs on Maven's Java 17.
    if (value instanceof Integer || value instanceof Long || value instanceof Short) {
      return Optional.of(((Number) value).longValue());
    }
    if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
      return Optional.of((long) n.doubleValue());
    }
    if (value instanceof String s) {
      return parseLong(s.strip());
    }
    return Optional.empty();
  }

  private static Optional<Long> parseLong(String text) {
    try {
      return Optional.of(Long.parseLong(text));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }
}
