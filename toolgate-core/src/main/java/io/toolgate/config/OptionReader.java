package io.toolgate.config;

import io.toolgate.catalog.Strings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Reads the options of one mapping of a config section strictly, for the modules that parse their
 * own sections ({@code server:}, {@code models:}, …).
 *
 * <pre>{@code
 * OptionReader server = OptionReader.of("server", section, List.of("host", "port", "limits"));
 * int port = (int) server.wholeNumber("port", 0, 65535, 8080);
 * OptionReader limits = server.mapping("limits", List.of("max_body_bytes"));
 * long body = limits.bytes("max_body_bytes", 1 << 20);          // 1048576, "512KiB", "2MB"
 * Optional<Duration> ttl = server.duration("ttl");              // 30, "500ms", "30s", "2m", "1h"
 * }</pre>
 *
 * <p>A missing or {@code null} section reads as empty: every option takes its fallback. An unknown
 * key, a value of the wrong type or out of range throws an {@link OptionException} whose key is the
 * dotted path of the value ({@code server.limits.max_body_bytes}) and whose detail names the bad
 * value and the fix; an unknown key also names the closest known one and lists them all, so a typo
 * never silently falls back to a default. Immutable and thread-safe.
 */
public final class OptionReader {
  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)?");
  private static final Pattern BYTES = Pattern.compile("(\\d+)\\s*([kmg]i?b|b)?");
  private static final Map<String, Long> BYTE_UNITS =
      Map.of(
          "b", 1L,
          "kb", 1000L,
          "kib", 1024L,
          "mb", 1000L * 1000,
          "mib", 1024L * 1024,
          "gb", 1000L * 1000 * 1000,
          "gib", 1024L * 1024 * 1024);

  private final String path;
  private final JsonNode node;

  private OptionReader(String path, JsonNode node) {
    this.path = path;
    this.node = node;
  }

  /**
   * A reader of the mapping {@code node} found at {@code path}.
   *
   * @param path the dotted key of the mapping, e.g. {@code server} or {@code models[0].params}
   * @param node the mapping; null, missing or {@code null} for an empty one
   * @param known the keys it may have, in the order error messages list them
   * @throws OptionException when {@code node} is not a mapping or has a key not in {@code known}
   */
  public static OptionReader of(String path, JsonNode node, Collection<String> known) {
    if (node == null || node.isMissingNode() || node.isNull()) {
      return new OptionReader(path, null);
    }
    if (!node.isObject()) {
      throw new OptionException(
          path, "must be a mapping with keys among " + String.join(", ", known) + ", got " + node);
    }
    for (String key : node.propertyNames()) {
      if (!known.contains(key)) {
        throw new OptionException(path, unknownKey(key, known));
      }
    }
    return new OptionReader(path, node);
  }

  /**
   * The detail for an unknown key: {@code unknown key 'prot' (did you mean 'port'?); known keys:
   * host, port}.
   */
  public static String unknownKey(String key, Collection<String> known) {
    List<String> close = Strings.closest(key, known, 1);
    return "unknown key '"
        + key
        + "'"
        + (close.isEmpty() ? "" : " (did you mean '" + close.getFirst() + "'?)")
        + "; known keys: "
        + String.join(", ", known);
  }

  /** The dotted key of this mapping, e.g. {@code server.limits}. */
  public String path() {
    return path;
  }

  /** The dotted key of {@code key} in this mapping, e.g. {@code server.limits.max_body_bytes}. */
  public String pathOf(String key) {
    return path.isEmpty() ? key : path + "." + key;
  }

  /** Whether {@code key} is set to something other than {@code null}. */
  public boolean has(String key) {
    return node != null && node.hasNonNull(key);
  }

  /** The raw value of {@code key}; empty when unset or {@code null}. */
  public Optional<JsonNode> get(String key) {
    return has(key) ? Optional.of(node.get(key)) : Optional.empty();
  }

  /** An error about {@code key}'s value: {@code <path>.<key>: <detail>}. */
  public OptionException error(String key, String detail) {
    return new OptionException(pathOf(key), detail);
  }

  /** A non-empty string, stripped. */
  public Optional<String> text(String key) {
    return get(key)
        .map(
            v -> {
              if (!v.isString() || v.asString().isBlank()) {
                throw error(key, "must be a non-empty string, got " + v);
              }
              return v.asString().strip();
            });
  }

  /** A non-empty string that must be there. */
  public String requiredText(String key) {
    return text(key).orElseThrow(() -> error(key, "is required"));
  }

  /** {@code true} or {@code false}. */
  public boolean bool(String key, boolean fallback) {
    return get(key)
        .map(
            v -> {
              if (!v.isBoolean()) {
                throw error(key, "must be true or false, got " + v);
              }
              return v.asBoolean();
            })
        .orElse(fallback);
  }

  /**
   * A whole number in {@code [min, max]}; {@code max} of {@link Long#MAX_VALUE} or {@link
   * Integer#MAX_VALUE} means no upper bound.
   */
  public long wholeNumber(String key, long min, long max, long fallback) {
    return get(key)
        .map(
            v -> {
              if (!v.isIntegralNumber()
                  || !v.canConvertToLong()
                  || v.asLong() < min
                  || v.asLong() > max) {
                boolean unbounded = max == Long.MAX_VALUE || max == Integer.MAX_VALUE;
                throw error(
                    key,
                    "must be a whole number"
                        + (unbounded ? ", " + min + " or more" : " from " + min + " to " + max)
                        + ", got "
                        + v);
              }
              return v.asLong();
            })
        .orElse(fallback);
  }

  /** A whole number of at least 1 that fits an {@code int}. */
  public int positiveInt(String key, int fallback) {
    return (int) wholeNumber(key, 1, Integer.MAX_VALUE, fallback);
  }

  /** A number (whole or not) in {@code [min, max]}. */
  public double number(String key, double min, double max, double fallback) {
    return get(key)
        .map(
            v -> {
              if (!v.isNumber() || v.asDouble() < min || v.asDouble() > max) {
                throw error(
                    key,
                    "must be a number"
                        + (max == Double.MAX_VALUE
                            ? ", " + plain(min) + " or more"
                            : " from " + plain(min) + " to " + plain(max))
                        + ", got "
                        + v);
              }
              return v.asDouble();
            })
        .orElse(fallback);
  }

  /** {@code 0} rather than {@code 0.0}, {@code 0.5} as it is. */
  private static String plain(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }

  /**
   * A positive duration: a whole number of seconds, or text such as {@code 500ms}, {@code 30s},
   * {@code 2m} or {@code 1h}.
   */
  public Optional<Duration> duration(String key) {
    return get(key)
        .map(
            v -> {
              Duration d = null;
              if (v.isIntegralNumber() && v.canConvertToLong()) {
                d = Duration.ofSeconds(v.asLong());
              } else if (v.isString()) {
                Matcher m = DURATION.matcher(v.asString().strip().toLowerCase(Locale.ROOT));
                if (m.matches() && m.group(1).length() < 16) {
                  long n = Long.parseLong(m.group(1));
                  d =
                      switch (m.group(2) == null ? "s" : m.group(2)) {
                        case "ms" -> Duration.ofMillis(n);
                        case "m" -> Duration.ofMinutes(n);
                        case "h" -> Duration.ofHours(n);
                        default -> Duration.ofSeconds(n);
                      };
                }
              }
              if (d == null || d.isNegative() || d.isZero()) {
                throw error(
                    key, "must be a positive duration such as 500ms, 30s, 2m or 1h, got " + v);
              }
              return d;
            });
  }

  /**
   * A positive byte count: a whole number, or text such as {@code 512KiB}, {@code 2MB} or {@code
   * 1GiB} (KB, MB, GB are powers of 1000; KiB, MiB, GiB of 1024).
   */
  public long bytes(String key, long fallback) {
    return get(key)
        .map(
            v -> {
              long value = 0;
              if (v.isIntegralNumber() && v.canConvertToLong()) {
                value = v.asLong();
              } else if (v.isString()) {
                Matcher m = BYTES.matcher(v.asString().strip().toLowerCase(Locale.ROOT));
                if (m.matches() && m.group(1).length() < 16) {
                  long unit = m.group(2) == null ? 1 : BYTE_UNITS.get(m.group(2));
                  try {
                    value = Math.multiplyExact(Long.parseLong(m.group(1)), unit);
                  } catch (ArithmeticException e) {
                    value = 0; // too large to be meant
                  }
                }
              }
              if (value <= 0) {
                throw error(key, "must be a positive byte count such as 1048576 or 1MiB, got " + v);
              }
              return value;
            })
        .orElse(fallback);
  }

  /** A list of strings; a single string is a list of one. Unset is the empty list. */
  public List<String> strings(String key) {
    Optional<JsonNode> value = get(key);
    if (value.isEmpty()) {
      return List.of();
    }
    JsonNode v = value.get();
    if (v.isString()) {
      return List.of(v.asString().strip());
    }
    if (!v.isArray()) {
      throw error(key, "must be a string or a list of strings, got " + v);
    }
    List<String> out = new ArrayList<>();
    for (JsonNode item : v) {
      if (!item.isString()) {
        throw error(key, "must hold only strings, got " + item);
      }
      out.add(item.asString().strip());
    }
    return List.copyOf(out);
  }

  /**
   * Reads {@code key} with a parser of its own (e.g. {@code ToolMode::parse}); an {@link
   * IllegalArgumentException} it throws becomes an {@link OptionException} naming the key. Unset is
   * the fallback.
   */
  public <T> T parse(String key, Function<JsonNode, T> parser, T fallback) {
    Optional<JsonNode> value = get(key);
    if (value.isEmpty()) {
      return fallback;
    }
    try {
      return parser.apply(value.get());
    } catch (OptionException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw error(key, e.getMessage());
    }
  }

  /** The nested mapping at {@code key}, read with its own known keys; empty when unset. */
  public OptionReader mapping(String key, Collection<String> known) {
    return of(pathOf(key), has(key) ? node.get(key) : null, known);
  }
}
