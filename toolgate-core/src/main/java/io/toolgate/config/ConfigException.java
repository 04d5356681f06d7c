package io.toolgate.config;

import io.toolgate.ToolgateException;
import io.toolgate.catalog.file.FileProblem;
import java.util.List;

/** A config file is unreadable or wrong; {@link #problems()} lists every problem found. */
public final class ConfigException extends ToolgateException {
  private static final long serialVersionUID = 1L;
  private static final int SHOWN = 20;

  private final transient List<ConfigProblem> problems;

  public ConfigException(List<ConfigProblem> problems) {
    super(
        problems.size() == 1
            ? problems.getFirst().toString()
            : problems.size() + " problems in the config:\n" + FileProblem.list(problems, SHOWN));
    this.problems = List.copyOf(problems);
  }

  public ConfigException(ConfigProblem problem) {
    this(List.of(problem));
  }

  /** Every problem, in file order. */
  public List<ConfigProblem> problems() {
    return problems;
  }
}
