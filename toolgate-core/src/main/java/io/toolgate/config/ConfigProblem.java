package io.toolgate.config;

import io.toolgate.catalog.file.FileProblem;
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
public record ConfigProblem(String file, int line, int column, String key, String message)
    implements FileProblem {
  public ConfigProblem {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(message, "message");
  }

  /** {@code file:line:column: key: message}. */
  @Override
  public String toString() {
    return location() + ": " + (key.isEmpty() ? "" : key + ": ") + message;
  }
}
