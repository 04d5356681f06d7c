package io.toolgate.config;

import io.toolgate.catalog.Strings;
import io.toolgate.catalog.ToolNames;
import io.toolgate.catalog.file.JsonLocations;
import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import io.toolgate.json.Json;
import io.toolgate.sandbox.SandboxConfig;
import io.toolgate.search.SearchSettings;
import io.toolgate.search.SearchSettingsReader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Reads the typed sections of a config tree, collecting every problem with its location. */
final class ConfigReader {
  // Exposure's keys and every key the search engine reads (SearchSettings.fromConfig).
  static final Set<String> SEARCH_KEYS = searchKeys();

  private static Set<String> searchKeys() {
    Set<String> keys =
        new TreeSet<>(
            List.of("mode", "limit", "rrf_k", "weights", "pinned", "min_score", "meta_tools"));
    keys.addAll(SearchSettingsReader.KEYS);
    return keys;
  }

  private final String label;
  private final String text;
  private final UnaryOperator<String> env;
  private final List<ConfigProblem> problems = new ArrayList<>();
  private JsonLocations locations;

  ConfigReader(String label, String text, UnaryOperator<String> env) {
    this.label = label;
    this.text = text;
    this.env = env;
  }

  List<ConfigProblem> problems() {
    return problems;
  }

  /** A problem at {@code pointer}, located in the file. */
  ConfigProblem at(String pointer, String message) {
    if (locations == null) {
      locations = JsonLocations.of(text, false);
    }
    JsonLocations.Location l = locations.locate(pointer);
    return new ConfigProblem(label, l.line(), l.column(), key(pointer), message);
  }

  void problem(String pointer, String message) {
    problems.add(at(pointer, message));
  }

  /** {@code /sandboxes/1/runtime} → {@code sandboxes[1].runtime}. */
  static String key(String pointer) {
    StringBuilder out = new StringBuilder();
    for (String part : pointer.split("/")) {
      if (part.isEmpty()) {
        continue;
      }
      String p = part.replace("~1", "/").replace("~0", "~");
      if (p.chars().allMatch(Character::isDigit)) {
        out.append('[').append(p).append(']');
      } else {
        out.append(out.isEmpty() ? "" : ".").append(p);
      }
    }
    return out.toString();
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
      Map<String, Object> options = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> e : object.properties()) {
        if (!e.getKey().equals("name") && !e.getKey().equals("from")) {
          expandTree(e.getValue(), at + "/" + e.getKey())
              .ifPresent(v -> options.put(e.getKey(), Json.mapper().convertValue(v, Object.class)));
        }
      }
      Object document = options.get(EmbeddingConfig.DOCUMENT);
      if (document != null) {
        try {
          io.toolgate.search.vector.DocumentStyle.parse(document.toString());
        } catch (IllegalArgumentException e) {
          problem(at + "/" + EmbeddingConfig.DOCUMENT, e.getMessage());
        }
      }
      expandString(object.get("from").asString(), at + "/from")
          .ifPresent(
              from -> {
                EmbeddingConfig embedding = new EmbeddingConfig(name, from, options);
                // Found here, a misspelt model or option shows in `toolgate validate` with its
                // line, not at the first start.
                io.toolgate.search.embed.Embedders.problem(from, embedding.embedderOptions())
                    .ifPresent(p -> problem(at, p));
                out.add(embedding);
              });
    }
    return Optional.of(out);
  }

  SearchConfig search(JsonNode node) {
    if (node == null || node.isNull()) {
      return SearchConfig.DEFAULTS;
    }
    if (!(node instanceof ObjectNode search)) {
      problem("/search", "search is a mapping, e.g. {mode: auto, limit: 5}");
      return SearchConfig.DEFAULTS;
    }
    for (String key : search.propertyNames()) {
      if (!SEARCH_KEYS.contains(key)) {
        unknownKey("/search/" + key, key, SEARCH_KEYS);
      }
    }
    SearchConfig d = SearchConfig.DEFAULTS;
    ToolMode mode = attempt("/search/mode", () -> ToolMode.parse(search.get("mode")), d.mode());
    int limit = wholeNumber(search, "limit", 1, SearchConfig.MAX_LIMIT, d.limit());
    int rrfK = wholeNumber(search, "rrf_k", 1, Integer.MAX_VALUE, d.rrfK());
    Map<String, Double> weights = new LinkedHashMap<>();
    JsonNode w = search.get("weights");
    if (w != null && !w.isNull()) {
      if (w.isObject()) {
        for (Map.Entry<String, JsonNode> e : w.properties()) {
          if (e.getValue().isNumber() && e.getValue().asDouble() >= 0) {
            weights.put(e.getKey(), e.getValue().asDouble());
          } else {
            problem("/search/weights/" + e.getKey(), "must be a number >= 0, got " + e.getValue());
          }
        }
      } else {
        problem("/search/weights", "must map channels to numbers, e.g. {vector: 1.5, schema: 0}");
      }
    }
    Optional<Double> minScore = Optional.empty();
    if (search.hasNonNull("min_score")) {
      JsonNode v = search.get("min_score");
      if (v.isNumber() && v.asDouble() >= 0 && v.asDouble() <= 1) {
        minScore = Optional.of(v.asDouble());
      } else {
        problem("/search/min_score", "must be a number from 0 to 1, got " + v);
      }
    }
    List<String> pinned = strings(search.get("pinned"), "/search/pinned");
    for (int i = 0; i < pinned.size(); i++) {
      int index = i;
      attempt("/search/pinned/" + i, () -> ToolNames.requireValid(pinned.get(index)), null);
    }
    Optional<String> fusion =
        Optional.ofNullable(search.get("fusion"))
            .filter(JsonNode::isValueNode)
            .map(JsonNode::asString);
    Profile profile =
        search.hasNonNull("meta_tools")
            ? attempt(
                "/search/meta_tools",
                () -> Profile.parse(search.get("meta_tools").asString()),
                d.metaTools())
            : d.metaTools();
    checkEngineKeys(search);
    return new SearchConfig(
        mode, limit, rrfK, weights, pinned, fusion, minScore, profile, Json.toMap(search));
  }

  /**
   * Reads each key of the search engine ({@link SearchSettingsReader#KEYS}) on its own, so that a
   * bad value is a problem at its own line (a value in {@code boosts:} or {@code bm25:} at the
   * nested key's) and not an error when the gateway starts. {@code rrf_k} and {@code weights} are
   * checked above.
   */
  private void checkEngineKeys(ObjectNode search) {
    for (String key : SearchSettingsReader.KEYS) {
      JsonNode value = search.get(key);
      if (value == null || value.isNull() || key.equals("rrf_k") || key.equals("weights")) {
        continue;
      }
      Set<String> nested = SearchSettingsReader.NESTED_KEYS.get(key);
      if (nested == null) {
        readEngineKey(key, value, "/search/" + key);
      } else if (!value.isObject()) {
        problem(
            "/search/" + key, "must be a mapping of " + String.join(", ", new TreeSet<>(nested)));
      } else {
        for (Map.Entry<String, JsonNode> e : value.properties()) {
          String at = "/search/" + key + "/" + e.getKey();
          if (nested.contains(e.getKey())) {
            readEngineKey(key, Json.object().set(e.getKey(), e.getValue()), at);
          } else {
            unknownKey(at, e.getKey(), new TreeSet<>(nested));
          }
        }
      }
    }
  }

  private void readEngineKey(String key, JsonNode value, String at) {
    Map<String, Object> one = Json.toMap(Json.object().set(key, value));
    attempt(at, () -> SearchSettings.fromConfig(one), null);
  }

  /**
   * An unknown key at {@code pointer}, with the closest of {@code known} and the whole list in
   * {@code known}'s order.
   */
  private void unknownKey(String pointer, String key, Collection<String> known) {
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
    return expandString(node.asString(), "/data_dir");
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
    } else if (copy instanceof tools.jackson.databind.node.ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        Optional<JsonNode> v = expandTree(array.get(i), pointer + "/" + i);
        ok &= v.isPresent();
        int index = i;
        v.ifPresent(x -> array.set(index, x));
      }
    }
    return ok ? Optional.of(copy) : Optional.empty();
  }

  private Optional<String> expandString(String value, String pointer) {
    try {
      return Optional.of(EnvVars.expand(value, env));
    } catch (IllegalArgumentException e) {
      problem(pointer, e.getMessage());
      return Optional.empty();
    }
  }

  private JsonNode list(JsonNode node, String pointer, String example) {
    if (!node.isArray()) {
      problem(pointer, "must be a list, e.g. " + example);
      return Json.array();
    }
    return node;
  }

  private List<String> strings(JsonNode node, String pointer) {
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

  private int wholeNumber(ObjectNode section, String key, int min, int max, int fallback) {
    JsonNode v = section.get(key);
    if (v == null || v.isNull()) {
      return fallback;
    }
    if (v.isIntegralNumber() && v.asLong() >= min && v.asLong() <= max) {
      return v.asInt();
    }
    problem(
        "/search/" + key,
        "must be a whole number "
            + (max == Integer.MAX_VALUE ? "of at least " + min : "from " + min + " to " + max)
            + ", got "
            + v);
    return fallback;
  }

  private <T> T attempt(String pointer, java.util.function.Supplier<T> read, T fallback) {
    try {
      return read.get();
    } catch (IllegalArgumentException e) {
      problem(pointer, e.getMessage());
      return fallback;
    }
  }
}
