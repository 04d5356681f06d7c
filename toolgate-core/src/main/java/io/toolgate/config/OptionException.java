package io.toolgate.config;

import io.toolgate.ToolgateException;
import java.util.Objects;

/**
 * An option of a config section is wrong: unknown, of the wrong type or out of range.
 *
 * <pre>{@code
 * server.limits.max_body_bytes: must be a positive byte count such as 1048576 or 1MiB, got "lots"
 * }</pre>
 *
 * <p>The message is {@code key: detail}: the dotted key of the value at fault ({@link #key()}),
 * then what is wrong with the bad value and the fix ({@link #detail()}). {@link #pointer()} gives
 * the key as a JSON Pointer, so {@link ToolgateConfig#error(OptionException)} can add the file,
 * line and column.
 */
public class OptionException extends ToolgateException {
  private static final long serialVersionUID = 1L;

  private final String key;
  private final String detail;

  /**
   * @param key the dotted key, e.g. {@code models[0].params.tools}; empty when the problem is not
   *     about one value
   * @param detail what is wrong, the bad value and the fix, e.g. {@code must be true or false, got
   *     3}
   */
  public OptionException(String key, String detail) {
    super(Objects.requireNonNull(key, "key").isEmpty() ? detail : key + ": " + detail);
    this.key = key;
    this.detail = Objects.requireNonNull(detail, "detail");
  }

  /** The dotted key of the value at fault, e.g. {@code server.port}; empty for none. */
  public String key() {
    return key;
  }

  /** The message without the key, for a reporter that names the place itself. */
  public String detail() {
    return detail;
  }

  /**
   * {@link #key()} as a JSON Pointer: {@code models[0].params.tools} → {@code
   * /models/0/params/tools}.
   */
  public String pointer() {
    StringBuilder out = new StringBuilder();
    for (String part : key.replace("[", ".").replace("]", "").split("\\.")) {
      if (!part.isEmpty()) {
        out.append('/').append(part.replace("~", "~0").replace("/", "~1"));
      }
    }
    return out.toString();
  }
}
