package io.toolgate.catalog.file;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One thing wrong in a YAML or JSON file a person edits: a catalog file ({@link CatalogProblem}) or
 * the config ({@link io.toolgate.config.ConfigProblem}), located by {@link JsonLocations}.
 *
 * <p>Both render as {@code file:line:column: …}, the form compilers use, so editors and terminals
 * link to the place; they differ only in how they name the value at fault (a catalog problem's
 * message names the tool and ends with the JSON Pointer, a config problem starts with the dotted
 * key). Implementations are immutable.
 */
public interface FileProblem {
  /** The file as given (its label), e.g. {@code tools/weather.yaml}. */
  String file();

  /** 1-based line, 0 when unknown (e.g. an unreadable file). */
  int line();

  /** 1-based column, 0 when unknown. */
  int column();

  /** What is wrong and how to fix it. */
  String message();

  /** {@code file}, {@code file:line} or {@code file:line:column}: as much as is known. */
  default String location() {
    StringBuilder out = new StringBuilder(file());
    if (line() > 0) {
      out.append(':').append(line());
      if (column() > 0) {
        out.append(':').append(column());
      }
    }
    return out.toString();
  }

  /**
   * The problems one per line, each indented by two spaces, at most {@code shown} of them and then
   * {@code … and N more}: the body of an exception message that lists them.
   */
  static String list(List<? extends FileProblem> problems, int shown) {
    String lines =
        problems.stream().limit(shown).map(p -> "  " + p).collect(Collectors.joining("\n"));
    return problems.size() > shown
        ? lines + "\n  … and " + (problems.size() - shown) + " more"
        : lines;
  }
}
