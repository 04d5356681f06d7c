package io.toolgate.config;

import io.toolgate.ToolgateException;
import java.util.List;
import java.util.stream.Collectors;

/** A config file is unreadable or wrong; {@link #problems()} lists every problem found. */
public final class ConfigException extends ToolgateException {
  private static final long serialVersionUID = 1L;

  private final transient List<ConfigProblem> problems;

  public ConfigException(List<ConfigProblem> problems) {
    super(
        problems.size() == 1
            ? problems.getFirst().toString()
            : problems.size()
                + " problems in the config:\n"
                + problems.stream().map(p -> "  " + p).collect(Collectors.joining("\n")));
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
