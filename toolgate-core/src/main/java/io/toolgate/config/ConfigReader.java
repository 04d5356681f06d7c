package io.toolgate.config;

import io.toolgate.catalog.Strings;
import io.toolgate.json.Json;
import io.toolgate.sandbox.SandboxConfig;
import io.toolgate.search.embed.Embedders;
import io.toolgate.search.vector.DocumentStyle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the typed sections of a config tree, collecting every problem with its location: the
 * top-level keys, {@code embeddings}, {@code domains}, {@code sandboxes}, {@code catalogs}, {@code
 * data_dir} and the shapes of the sections other modules read; {@code search} through {@link
 * SearchSectionReader}, {@code ${NAME}} through {@link VariableExpander}.
 */
final class ConfigReader {
  private final ConfigLocator locator;
  private final VariableExpander variables;
  private final List<ConfigProblem> problems = new ArrayList<>();

  ConfigReader(String label, String text, UnaryOperator<String> env, UnsetVariables unset) {
    this.locator = new ConfigLocator(label, text);
    this.variables = new VariableExpander(locator, env, unset, problems);
  }

  List<ConfigProblem> problems() {
    return problems;
  }

  /** The uses of unset variables read so far (with {@link UnsetVariables#WARN}). */
  List<UnsetVariable> unsetVariables() {
    return variables.unset();
  }

  void problem(String pointer, String message) {
    problems.add(locator.at(pointer, message));
  }

  void checkTopLevel(ObjectNode root) {
    for (String key : root.propertyNames()) {
      if (!ToolgateConfig.SECTIONS.contains(key)) {
        unknownKey("/" + key, key, ToolgateConfig.SECTIONS);
      }
    }
  }

  Optional<List<EmbeddingConfig>> embeddings(JsonNode node) {
    if (node == null) {
      return Optional.empty();
    }
    List<EmbeddingConfig> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0;
        i < list(node, "/embeddings", "[{name: local, from: \"local:bge-small-en-v1.5\"}]").size();
        i++) {
      String at = "/embeddings/" + i;
      JsonNode entry = node.get(i);
      if (!(entry instanceof ObjectNode object)
          || !object.path("name").isString()
          || !object.path("from").isString()) {
        problem(
            at,
            "an embedding is {name: …, from: …}, e.g. {name: local, from: \"local:bge-small-en-v1.5\"}");
        continue;
      }
      String name = object.get("name").asString();
      if (!names.add(name)) {
        problem(at + "/name", "two embeddings are named '" + name + "'");
      }
      embedding(object, name, at).ifPresent(out::add);
    }
    return Optional.of(out);
  }

  /**
   * One entry of {@code embeddings:}: its options expanded and the embedder's own checks, which a
   * value read with an unset variable's stand-in skips (its warning says so).
   */
  private Optional<EmbeddingConfig> embedding(ObjectNode object, String name, String at) {
    int unsetBefore = variables.unset().size();
    Map<String, Object> options = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : object.properties()) {
      if (!e.getKey().equals("name") && !e.getKey().equals("from")) {
        variables
            .expandTree(e.getValue(), at + "/" + e.getKey())
            .ifPresent(v -> options.put(e.getKey(), Json.mapper().convertValue(v, Object.class)));
      }
    }
    Object document = options.get(EmbeddingConfig.DOCUMENT);
    if (document != null && variables.unset().size() == unsetBefore) {
      attempt(
          at + "/" + EmbeddingConfig.DOCUMENT,
          () -> DocumentStyle.parse(document.toString()),
          null);
    }
    Optional<String> from = variables.expandString(object.get("from").asString(), at + "/from");
    if (from.isEmpty()) {
      return Optional.empty();
    }
    EmbeddingConfig embedding = new EmbeddingConfig(name, from.get(), options);
    if (variables.unset().size() == unsetBefore) {
      // Found here, a misspelt model or option shows in `toolgate validate` with its line, not at
      // the first start.
      Embedders.problem(from.get(), embedding.embedderOptions()).ifPresent(p -> problem(at, p));
    }
    return Optional.of(embedding);
  }

  SearchConfig search(JsonNode node) {
    return new SearchSectionReader(this).read(node);
  }

  /**
   * An unknown key at {@code pointer}, with the closest of {@code known} and the whole list in
   * {@code known}'s order.
   */
  void unknownKey(String pointer, String key, Collection<String> known) {
    List<String> close = Strings.closest(key, known, 1);
    problem(
        pointer,
        "unknown key"
            + (close.isEmpty() ? "" : " (did you mean '" + close.getFirst() + "'?)")
            + "; known keys: "
            + String.join(", ", known));
  }

  Optional<List<String>> domains(JsonNode node) {
    if (node == null) {
      return Optional.empty();
    }
    if (node.isString()) {
      return Optional.of(
          Arrays.stream(node.asString().split(","))
              .map(String::strip)
              .filter(s -> !s.isEmpty())
              .toList());
    }
    return Optional.of(strings(node, "/domains"));
  }

  List<SandboxConfig> sandboxes(JsonNode node) {
    List<SandboxConfig> out = new ArrayList<>();
    if (node == null) {
      return out;
    }
    Set<String> names = new HashSet<>();
    for (int i = 0;
        i < list(node, "/sandboxes", "[{name: analytics, dependencies: [pandas]}]").size();
        i++) {
      String at = "/sandboxes/" + i;
      JsonNode entry = node.get(i);
      SandboxConfig sandbox = attempt(at, () -> SandboxConfig.fromJson(entry), null);
      if (sandbox != null) {
        if (names.add(sandbox.name())) {
          out.add(sandbox);
        } else {
          problem(at + "/name", "two sandboxes are named '" + sandbox.name() + "'");
        }
      }
    }
    return out;
  }

  List<String> catalogs(JsonNode node) {
    if (node != null && node.isString()) {
      return List.of(node.asString());
    }
    return strings(node, "/catalogs");
  }

  Optional<String> dataDir(JsonNode node) {
    if (node == null || node.isNull()) {
      return Optional.empty();
    }
    if (!node.isString() || node.asString().isBlank()) {
      problem("/data_dir", "must be a folder path, e.g. data_dir: ~/.toolgate");
      return Optional.empty();
    }
    return variables.expandString(node.asString(), "/data_dir");
  }

  /** Checks the shape of a section other modules parse. */
  void checkShape(JsonNode node, String section, boolean list) {
    if (node == null || node.isNull()) {
      return;
    }
    if (list && !node.isArray()) {
      problem("/" + section, "must be a list (each item starts with '- ')");
    } else if (!list && !node.isObject()) {
      problem("/" + section, "must be a mapping of keys to values");
    }
  }

  private JsonNode list(JsonNode node, String pointer, String example) {
    if (!node.isArray()) {
      problem(pointer, "must be a list, e.g. " + example);
      return Json.array();
    }
    return node;
  }

  List<String> strings(JsonNode node, String pointer) {
    if (node == null || node.isNull()) {
      return List.of();
    }
    if (!node.isArray()) {
      problem(pointer, "must be a list of strings, e.g. [a, b]");
      return List.of();
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < node.size(); i++) {
      if (node.get(i).isValueNode() && !node.get(i).isNull()) {
        out.add(node.get(i).asString().strip());
      } else {
        problem(pointer + "/" + i, "must be a string");
      }
    }
    return out;
  }

  <T> T attempt(String pointer, Supplier<T> read, T fallback) {
    try {
      return read.get();
    } catch (IllegalArgumentException e) {
      problem(pointer, e.getMessage());
      return fallback;
    }
  }
}
