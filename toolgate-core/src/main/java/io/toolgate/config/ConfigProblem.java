package io.toolgate.config;

import java.util.Objects;

/**
 * One thing wrong with a config file.
 *
 * <pre>{@code
 * toolgate.yaml:7:3: search.limit: must be 1 to 20, got 50
 * }</pre>
 *
 * @param file the config file as given
 * @param line 1-based line, 0 when unknown
 * @param column 1-based column, 0 when unknown
 * @param key the dotted key, e.g. {@code search.limit} or {@code sandboxes[1].runtime}; empty for
 *     the whole file
 * @param message what is wrong and the fix
 */
public record ConfigProblem(String file, int line, int column, String key, String message) {
  public ConfigProblem {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(message, "message");
  }

  /** {@code file:line:column: key: message}. */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder(file);
    if (line > 0) {
      out.append(':').append(line);
      if (column > 0) {
        out.append(':').append(column);
      }
    }
    out.append(": ");
    if (!key.isEmpty()) {
      out.append(key).append(": ");
    }
    return out.append(message).toString();
  }
}
