package io.toolgate.catalog.file;

import io.toolgate.ToolgateException;
import java.util.List;

/** Catalog files could not be loaded; {@link #problems()} lists every problem found. */
public final class CatalogException extends ToolgateException {
  private static final long serialVersionUID = 1L;
  private static final int SHOWN = 20;

  private final transient List<CatalogProblem> problems;

  public CatalogException(List<CatalogProblem> problems) {
    super(message(problems));
    this.problems = List.copyOf(problems);
  }

  /** Every problem, in file order. */
  public List<CatalogProblem> problems() {
    return problems;
  }

  private static String message(List<CatalogProblem> problems) {
    return problems.size()
        + " problem"
        + (problems.size() == 1 ? "" : "s")
        + " in catalog files:\n"
        + FileProblem.list(problems, SHOWN);
  }
}
