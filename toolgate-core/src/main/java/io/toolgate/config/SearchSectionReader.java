package io.toolgate.config;

import io.toolgate.catalog.ToolNames;
import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import io.toolgate.json.Json;
import io.toolgate.search.SearchSettings;
import io.toolgate.search.SearchSettingsReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the {@code search:} section: exposure's keys into a {@link SearchConfig}, and each key of
 * the search engine on its own so that a bad value is a problem at its line. Problems go to the
 * {@link ConfigReader} it reads for.
 */
final class SearchSectionReader {
  // Exposure's keys and every key the search engine reads (SearchSettings.fromConfig).
  static final Set<String> SEARCH_KEYS = searchKeys();

  private static Set<String> searchKeys() {
    Set<String> keys =
        new TreeSet<>(
            List.of("mode", "limit", "rrf_k", "weights", "pinned", "min_score", "meta_tools"));
    keys.addAll(SearchSettingsReader.KEYS);
    return keys;
  }

  private final ConfigReader r;

  SearchSectionReader(ConfigReader reader) {
    this.r = reader;
  }

  SearchConfig read(JsonNode node) {
    if (node == null || node.isNull()) {
      return SearchConfig.DEFAULTS;
    }
    if (!(node instanceof ObjectNode search)) {
      r.problem("/search", "search is a mapping, e.g. {mode: auto, limit: 5}");
      return SearchConfig.DEFAULTS;
    }
    for (String key : search.propertyNames()) {
      if (!SEARCH_KEYS.contains(key)) {
        r.unknownKey("/search/" + key, key, SEARCH_KEYS);
      }
    }
    SearchConfig d = SearchConfig.DEFAULTS;
    ToolMode mode = r.attempt("/search/mode", () -> ToolMode.parse(search.get("mode")), d.mode());
    int limit = wholeNumber(search, "limit", 1, SearchConfig.MAX_LIMIT, d.limit());
    int rrfK = wholeNumber(search, "rrf_k", 1, Integer.MAX_VALUE, d.rrfK());
    Map<String, Double> weights = weights(search.get("weights"));
    Optional<Double> minScore = minScore(search);
    List<String> pinned = r.strings(search.get("pinned"), "/search/pinned");
    for (int i = 0; i < pinned.size(); i++) {
      int index = i;
      r.attempt("/search/pinned/" + i, () -> ToolNames.requireValid(pinned.get(index)), null);
    }
    Optional<String> fusion =
        Optional.ofNullable(search.get("fusion"))
            .filter(JsonNode::isValueNode)
            .map(JsonNode::asString);
    Profile profile =
        search.hasNonNull("meta_tools")
            ? r.attempt(
                "/search/meta_tools",
                () -> Profile.parse(search.get("meta_tools").asString()),
                d.metaTools())
            : d.metaTools();
    checkEngineKeys(search);
    return new SearchConfig(
        mode, limit, rrfK, weights, pinned, fusion, minScore, profile, Json.toMap(search));
  }

  private Map<String, Double> weights(JsonNode w) {
    Map<String, Double> weights = new LinkedHashMap<>();
    if (w != null && !w.isNull()) {
      if (w.isObject()) {
        for (Map.Entry<String, JsonNode> e : w.properties()) {
          if (e.getValue().isNumber() && e.getValue().asDouble() >= 0) {
            weights.put(e.getKey(), e.getValue().asDouble());
          } else {
            r.problem(
                "/search/weights/" + e.getKey(), "must be a number >= 0, got " + e.getValue());
          }
        }
      } else {
        r.problem("/search/weights", "must map channels to numbers, e.g. {vector: 1.5, schema: 0}");
      }
    }
    return weights;
  }

  private Optional<Double> minScore(ObjectNode search) {
    if (search.hasNonNull("min_score")) {
      JsonNode v = search.get("min_score");
      if (v.isNumber() && v.asDouble() >= 0 && v.asDouble() <= 1) {
        return Optional.of(v.asDouble());
      }
      r.problem("/search/min_score", "must be a number from 0 to 1, got " + v);
    }
    return Optional.empty();
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
        r.problem(
            "/search/" + key, "must be a mapping of " + String.join(", ", new TreeSet<>(nested)));
      } else {
        for (Map.Entry<String, JsonNode> e : value.properties()) {
          String at = "/search/" + key + "/" + e.getKey();
          if (nested.contains(e.getKey())) {
            readEngineKey(key, Json.object().set(e.getKey(), e.getValue()), at);
          } else {
            r.unknownKey(at, e.getKey(), new TreeSet<>(nested));
          }
        }
      }
    }
  }

  private void readEngineKey(String key, JsonNode value, String at) {
    Map<String, Object> one = Json.toMap(Json.object().set(key, value));
    r.attempt(at, () -> SearchSettings.fromConfig(one), null);
  }

  private int wholeNumber(ObjectNode section, String key, int min, int max, int fallback) {
    JsonNode v = section.get(key);
    if (v == null || v.isNull()) {
      return fallback;
    }
    if (v.isIntegralNumber() && v.asLong() >= min && v.asLong() <= max) {
      return v.asInt();
    }
    r.problem(
        "/search/" + key,
        "must be a whole number "
            + (max == Integer.MAX_VALUE ? "of at least " + min : "from " + min + " to " + max)
            + ", got "
            + v);
    return fallback;
  }
}
