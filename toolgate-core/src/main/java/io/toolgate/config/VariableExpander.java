package io.toolgate.config;

import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Expands {@code ${NAME}} ({@link EnvVars}) in the values of a config tree. An unset variable is a
 * problem at the value that uses it ({@link UnsetVariables#FAIL}), or an {@link UnsetVariable}
 * there and {@link UnsetVariables#standIn} in its place ({@link UnsetVariables#WARN}).
 */
final class VariableExpander {
  private final ConfigLocator locator;
  private final UnaryOperator<String> env;
  private final UnsetVariables policy;
  private final List<ConfigProblem> problems;
  private final List<UnsetVariable> unset = new ArrayList<>();

  /**
   * @param problems where problems go (the reader's list)
   */
  VariableExpander(
      ConfigLocator locator,
      UnaryOperator<String> env,
      UnsetVariables policy,
      List<ConfigProblem> problems) {
    this.locator = locator;
    this.env = env;
    this.policy = policy;
    this.problems = problems;
  }

  /** The uses of unset variables found so far, in the order read (always empty with FAIL). */
  List<UnsetVariable> unset() {
    return unset;
  }

  /** A copy of {@code node} with {@code ${ENV}} expanded in every string; empty on a problem. */
  Optional<JsonNode> expandTree(JsonNode node, String pointer) {
    if (node.isString()) {
      return expandString(node.asString(), pointer)
          .map(s -> Json.mapper().getNodeFactory().stringNode(s));
    }
    JsonNode copy = node.deepCopy();
    boolean ok = true;
    if (copy instanceof ObjectNode object) {
      for (String key : new ArrayList<>(object.propertyNames())) {
        Optional<JsonNode> v = expandTree(object.get(key), pointer + "/" + key);
        ok &= v.isPresent();
        v.ifPresent(x -> object.set(key, x));
      }
    } else if (copy instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        Optional<JsonNode> v = expandTree(array.get(i), pointer + "/" + i);
        ok &= v.isPresent();
        int index = i;
        v.ifPresent(x -> array.set(index, x));
      }
    }
    return ok ? Optional.of(copy) : Optional.empty();
  }

  /** {@code value} with {@code ${ENV}} expanded; empty on a problem. */
  Optional<String> expandString(String value, String pointer) {
    try {
      return Optional.of(
          switch (policy) {
            case FAIL -> EnvVars.expand(value, env);
            case WARN -> EnvVars.expand(value, env, name -> warn(name, pointer));
          });
    } catch (IllegalArgumentException e) {
      problems.add(locator.at(pointer, e.getMessage()));
      return Optional.empty();
    }
  }

  private String warn(String name, String pointer) {
    String message = UnsetVariables.warning(name, UnsetVariables.fix(name));
    unset.add(new UnsetVariable(name, locator.at(pointer, message)));
    return UnsetVariables.standIn(name);
  }
}
