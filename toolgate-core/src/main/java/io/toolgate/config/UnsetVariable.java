package io.toolgate.config;

import java.util.Objects;

/**
 * A {@code ${NAME}} of the config whose variable is unset, found by a config read with {@link
 * UnsetVariables#WARN}: {@code toolgate validate} prints {@code where} as a warning.
 *
 * @param name the variable, e.g. {@code CRM_TOKEN}
 * @param where the value that uses it, located in the file, with {@link UnsetVariables#warning}'s
 *     message
 */
public record UnsetVariable(String name, ConfigProblem where) {
  public UnsetVariable {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(where, "where");
  }
}
