package io.toolgate.catalog.file;

import io.toolgate.ToolgateException;
import java.util.List;
import java.util.stream.Collectors;

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
    String shown =
        problems.stream().limit(SHOWN).map(p -> "  " + p).collect(Collectors.joining("\n"));
    String more = problems.size() > SHOWN ? "\n  … and " + (problems.size() - SHOWN) + " more" : "";
    return problems.size()
        + " problem"
        + (problems.size() == 1 ? "" : "s")
        + " in catalog files:\n"
        + shown
        + more;
  }
}
