package io.toolgate.testing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded generators of hostile input for the fuzz suites: malformed JSON, JSON of surprising shapes
 * and values, and well-formed objects with fields replaced by such values. Everything is built as
 * text, so that values JSON libraries refuse to produce (1e999, 10,000-digit numbers, lone
 * surrogates, 600 levels of nesting) are sent too.
 *
 * <p>Strings it makes never look like Java internals (no dotted class names, no "Exception"), so a
 * server that echoes them cannot trip {@link Leaks}. Not thread-safe: one per thread.
 *
 * <pre>{@code
 * Hostile h = new Hostile(Hostile.seed());
 * String body = h.mutate(Map.of("query", "\"send mail\"", "limit", "3"));
 * }</pre>
 */
public final class Hostile {
  /** The system property that overrides the seed: a number, or {@code random}. */
  public static final String SEED_PROPERTY = "toolgate.fuzz.seed";

  private static final String[] ODD_STRINGS = {
    "",
    " ",
    "\\u0000",
    "\\ud800",
    "\\udfff\\ud800",
    "ÿ",
    "\u202e\u0645\u0631\u062d\u0628\u0627",
    "\uD83D\uDE00",
    "../../etc/passwd",
    "%s%n%x",
    "${jndi:ldap://127.0.0.1/x}",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "\\n\\r\\t",
    "a\\\"b",
    "C:\\\\Windows",
    "tool_search",
    "echo",
    "time_now",
    "weather_current",
  };

  private static final String[] ODD_NUMBERS = {
    "0",
    "-0",
    "-1",
    "1.5",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "123456789012345678901234567890",
    "1e999",
    "-1e999",
    "1e-999",
    "4.9e-324",
    "2147483648",
    "0.000001",
    "1E2",
  };

  private final Random random;

  public Hostile(long seed) {
    this.random = new Random(seed);
  }

  /**
   * The seed of this run: {@value #SEED_PROPERTY} when set ({@code random} for a new one each run),
   * else {@code fallback}; printed, so that a failing run can be repeated.
   */
  public static long seed(String suite, long fallback) {
    String p = System.getProperty(SEED_PROPERTY, "");
    long seed =
        p.isBlank() ? fallback : p.equals("random") ? System.nanoTime() : Long.parseLong(p.strip());
    System.out.println(
        suite + ": seed " + seed + " (repeat with -D" + SEED_PROPERTY + "=" + seed + ")");
    return seed;
  }

  /** An int system property, or {@code fallback}. */
  public static int count(String property, int fallback) {
    return Integer.getInteger(property, fallback);
  }

  public boolean chance(double p) {
    return random.nextDouble() < p;
  }

  public int nextInt(int bound) {
    return random.nextInt(bound);
  }

  @SafeVarargs
  public final <T> T pick(T... options) {
    return options[random.nextInt(options.length)];
  }

  public <T> T pick(List<T> options) {
    return options.get(random.nextInt(options.size()));
  }

  /** A short plain word, e.g. for names and keys. */
  public String word() {
    String letters = "abcdefghijklmnopqrstuvwxyz_0123456789";
    StringBuilder b = new StringBuilder();
    int n = 1 + random.nextInt(10);
    for (int i = 0; i < n; i++) {
      b.append(letters.charAt(random.nextInt(letters.length())));
    }
    return b.toString();
  }

  /** A JSON string literal with hostile contents. */
  public String string() {
    return switch (random.nextInt(4)) {
      case 0 -> "\"" + word() + "\"";
      case 1 -> "\"" + "x".repeat(1 + random.nextInt(4_000)) + "\"";
      default -> "\"" + pick(ODD_STRINGS) + "\"";
    };
  }

  /** Any JSON value, at most {@code depth} levels of containers, with hostile contents. */
  public String value(int depth) {
    int kind = random.nextInt(depth <= 0 ? 5 : 7);
    return switch (kind) {
      case 0 -> "null";
      case 1 -> pick("true", "false");
      case 2 -> pick(ODD_NUMBERS);
      case 3, 4 -> string();
      case 5 -> array(depth - 1);
      default -> object(depth - 1);
    };
  }

  private String array(int depth) {
    List<String> items = new ArrayList<>();
    int n = random.nextInt(4);
    for (int i = 0; i < n; i++) {
      items.add(value(depth));
    }
    return "[" + String.join(",", items) + "]";
  }

  private String object(int depth) {
    Map<String, String> fields = new LinkedHashMap<>();
    int n = random.nextInt(4);
    for (int i = 0; i < n; i++) {
      fields.put(word(), value(depth));
    }
    return objectText(fields);
  }

  /**
   * {@code fields} (name to JSON text) as an object after hostile edits: some values replaced by
   * hostile ones, some fields dropped, unknown fields added, a key duplicated.
   */
  public String mutate(Map<String, String> fields) {
    Map<String, String> out = new LinkedHashMap<>();
    for (Map.Entry<String, String> f : fields.entrySet()) {
      double r = random.nextDouble();
      if (r < 0.15) {
        continue;
      }
      out.put(f.getKey(), r < 0.5 ? value(2) : f.getValue());
    }
    if (chance(0.15)) {
      out.put(word(), value(2));
    }
    String text = objectText(out);
    if (chance(0.05) && !out.isEmpty()) {
      Map.Entry<String, String> first = out.entrySet().iterator().next();
      text = "{\"" + first.getKey() + "\":" + value(1) + "," + text.substring(1);
    }
    return text;
  }

  /** Text that is not JSON, or JSON that is not an object, or an object no parser should take. */
  public byte[] junk() {
    String text =
        switch (random.nextInt(16)) {
          case 0 -> pick("", " ", "\t", "null", "[]", "[1,2]", "\"s\"", "123", "true", "-0");
          case 1 -> pick("{", "}", "{\"a\":}", "{\"a\":1,}", "{'a':1}", "{\"a\":1}x", "{a:1}");
          case 2 -> pick("NaN", "Infinity", "01", "1e999999", "0x10", "+1", ".5");
          case 3 -> "[".repeat(600 + random.nextInt(4_000));
          case 4 -> "{\"a\":".repeat(600) + "1" + "}".repeat(600);
          case 5 -> "1".repeat(1001 + random.nextInt(2_000));
          case 6 -> "{\"a\":\"" + "\u0000\u0001\u001f" + "\"}";
          case 7 -> "/* comment */ {\"a\": 1}";
          case 8 -> "\uFEFF{\"a\": 1}";
          case 9 -> "{\"a\":\"" + "\\u" + pick("d800", "zzzz", "12") + "\"}";
          default -> truncated(value(3));
        };
    if (random.nextInt(16) == 0) {
      return bytes(random.nextInt(64));
    }
    if (random.nextInt(16) == 0) {
      byte[] utf16 = ("{\"a\": " + string() + "}").getBytes(StandardCharsets.UTF_16);
      return random.nextBoolean() ? utf16 : withInvalidUtf8(text);
    }
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private String truncated(String json) {
    return json.isEmpty() ? json : json.substring(0, random.nextInt(json.length()));
  }

  /** Random bytes, without '\n' (a stdio message ends at a newline). */
  public byte[] bytes(int n) {
    byte[] b = new byte[n];
    random.nextBytes(b);
    for (int i = 0; i < n; i++) {
      if (b[i] == '\n') {
        b[i] = 0;
      }
    }
    return b;
  }

  private byte[] withInvalidUtf8(String text) {
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[utf8.length + 2];
    int at = utf8.length == 0 ? 0 : random.nextInt(utf8.length);
    System.arraycopy(utf8, 0, out, 0, at);
    out[at] = (byte) 0xff;
    out[at + 1] = (byte) 0xc0;
    System.arraycopy(utf8, at, out, at + 2, utf8.length - at);
    return out;
  }

  /** {@code fields} as an object, in order. */
  public static String objectText(Map<String, String> fields) {
    StringBuilder b = new StringBuilder("{");
    for (Map.Entry<String, String> f : fields.entrySet()) {
      if (b.length() > 1) {
        b.append(',');
      }
      b.append('"').append(f.getKey()).append("\":").append(f.getValue());
    }
    return b.append('}').toString();
  }
}
