package io.toolgate.catalog.file;

import java.util.Objects;

/**
 * One thing wrong with a catalog file, located for the person who fixes it.
 *
 * <pre>{@code
 * tools/weather.yaml:14:9: tool 'weather_current': unknown key 'paramters' (did you mean
 * 'parameters'?) [/tools/0/paramters]
 * }</pre>
 *
 * @param file the file as given (its label), e.g. {@code tools/weather.yaml}
 * @param line 1-based line, 0 when unknown (e.g. an unreadable file)
 * @param column 1-based column, 0 when unknown
 * @param pointer JSON Pointer of the offending value inside the file, e.g. {@code /tools/3/name};
 *     {@code ""} for the whole file
 * @param message what is wrong and how to fix it
 */
public record CatalogProblem(String file, int line, int column, String pointer, String message)
    implements FileProblem {
  public CatalogProblem {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(pointer, "pointer");
    Objects.requireNonNull(message, "message");
  }

  /** {@code file:line:column: message [pointer]}. */
  @Override
  public String toString() {
    return location() + ": " + message + (pointer.isEmpty() ? "" : " [" + pointer + "]");
  }
}
