package io.toolgate.server.chat;

import io.toolgate.catalog.Strings;
import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import io.toolgate.json.Json;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/** Reads the raw {@code models:} section into {@link ModelConfig}s; see there for the keys. */
final class ModelConfigParser {
  private static final List<String> MODEL_KEYS =
      List.of("name", "base_url", "model", "api_key_env", "timeout", "connect_timeout", "params");
  private static final List<String> PARAM_KEYS =
      List.of(
          "tools",
          "tool_embedding_model",
          "tool_recursion_limit",
          "pinned",
          "meta_tools",
          "session_cache");
  private static final List<String> CACHE_KEYS =
      List.of("enabled", "max_sessions", "ttl", "max_tools");
  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)?");

  private final List<String> embeddings;
  private final List<String> defaultPinned;

  ModelConfigParser(List<String> embeddings, List<String> defaultPinned) {
    this.embeddings = List.copyOf(embeddings);
    this.defaultPinned = List.copyOf(defaultPinned);
  }

  List<ModelConfig> parseAll(JsonNode models) {
    if (models == null || models.isNull() || models.isMissingNode()) {
      return List.of();
    }
    if (!models.isArray()) {
      throw new ModelConfigException(
          "models must be a list of {name, base_url, model, params}, got " + models);
    }
    List<ModelConfig> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < models.size(); i++) {
      ModelConfig model = parse("models[" + i + "]", models.get(i));
      if (!names.add(model.name())) {
        throw new ModelConfigException(
            "models[" + i + "].name: model '" + model.name() + "' is configured twice");
      }
      out.add(model);
    }
    return List.copyOf(out);
  }

  private ModelConfig parse(String at, JsonNode entry) {
    if (!entry.isObject()) {
      throw new ModelConfigException(at + " must be an object with name and base_url");
    }
    checkKeys(at, entry, MODEL_KEYS);
    String name = requiredText(at, entry, "name");
    String baseUrl = requiredText(at, entry, "base_url");
    ModelConfig model;
    try {
      model = ModelConfig.of(name, new URI(baseUrl));
    } catch (URISyntaxException | IllegalArgumentException e) {
      throw new ModelConfigException(at + ": " + e.getMessage());
    }
    try {
      model = model.withUpstreamModel(optionalText(at, entry, "model").orElse(name));
      model = model.withApiKeyEnv(optionalText(at, entry, "api_key_env").orElse(null));
      model =
          model.withTimeouts(
              duration(at + ".connect_timeout", entry.get("connect_timeout"))
                  .orElse(ModelConfig.DEFAULT_CONNECT_TIMEOUT),
              duration(at + ".timeout", entry.get("timeout")).orElse(ModelConfig.DEFAULT_TIMEOUT));
    } catch (IllegalArgumentException e) {
      throw new ModelConfigException(at + ": " + e.getMessage());
    }
    JsonNode params = entry.get("params");
    if (params == null || params.isNull()) {
      return withParams(at + ".params", model, missingParams());
    }
    if (!params.isObject()) {
      throw new ModelConfigException(at + ".params must be an object, got " + params);
    }
    checkKeys(at + ".params", params, PARAM_KEYS);
    return withParams(at + ".params", model, params);
  }

  private static JsonNode missingParams() {
    return Json.object();
  }

  private ModelConfig withParams(String at, ModelConfig model, JsonNode params) {
    ToolMode mode;
    try {
      mode = ToolMode.parse(params.get("tools"));
    } catch (IllegalArgumentException e) {
      throw new ModelConfigException(at + ".tools: " + e.getMessage());
    }
    ModelConfig out = model.withTools(mode);
    out = out.withEmbedder(embedder(at, mode, params.get("tool_embedding_model")).orElse(null));
    JsonNode limit = params.get("tool_recursion_limit");
    if (limit != null && !limit.isNull()) {
      if (!limit.isIntegralNumber() || limit.asInt() < 0) {
        throw new ModelConfigException(
            at + ".tool_recursion_limit must be a whole number of rounds, 0 or more, got " + limit);
      }
      out = out.withToolRecursionLimit(limit.asInt());
    }
    try {
      out = out.withPinned(pinned(at, params.get("pinned")));
    } catch (IllegalArgumentException e) {
      throw new ModelConfigException(at + ".pinned: " + e.getMessage());
    }
    JsonNode profile = params.get("meta_tools");
    if (profile != null && !profile.isNull()) {
      try {
        out = out.withMetaTools(Profile.parse(profile.asString("")));
      } catch (IllegalArgumentException e) {
        throw new ModelConfigException(at + ".meta_tools: " + e.getMessage());
      }
    }
    return out.withSessionCache(sessionCache(at + ".session_cache", params.get("session_cache")));
  }

  /**
   * The named embedder, which must exist; else the only one configured; several without a name are
   * an error when the mode may show the registry (Spice's rule).
   */
  private Optional<String> embedder(String at, ToolMode mode, JsonNode named) {
    if (named != null && !named.isNull()) {
      String name = named.asString("").strip();
      if (!embeddings.contains(name)) {
        List<String> close = Strings.closest(name, embeddings, 3);
        throw new ModelConfigException(
            at
                + ".tool_embedding_model: embedding model '"
                + name
                + "' is not configured"
                + (embeddings.isEmpty()
                    ? "; add it under embeddings: or remove tool_embedding_model"
                    : "; configured: "
                        + String.join(", ", embeddings)
                        + (close.isEmpty() ? "" : " (did you mean " + close.getFirst() + "?)")));
      }
      return Optional.of(name);
    }
    if (embeddings.size() == 1) {
      return Optional.of(embeddings.getFirst());
    }
    boolean registryPossible =
        mode instanceof ToolMode.Auto || mode instanceof ToolMode.SearchRegistry;
    if (embeddings.size() > 1 && registryPossible) {
      throw new ModelConfigException(
          at
              + ".tool_embedding_model is required: several embedding models are configured ("
              + String.join(", ", embeddings)
              + "); name the one tool search should use");
    }
    return Optional.empty();
  }

  private List<String> pinned(String at, JsonNode node) {
    if (node == null || node.isNull()) {
      return defaultPinned;
    }
    List<String> out = new ArrayList<>();
    if (node.isString()) {
      for (String part : node.asString().split(",")) {
        if (!part.isBlank()) {
          out.add(part.strip());
        }
      }
      return out;
    }
    if (!node.isArray()) {
      throw new ModelConfigException(at + ".pinned must be a list of tool names, got " + node);
    }
    for (JsonNode item : node) {
      if (!item.isString()) {
        throw new ModelConfigException(at + ".pinned: every item must be a tool name, got " + item);
      }
      out.add(item.asString().strip());
    }
    return out;
  }

  private static SessionCacheConfig sessionCache(String at, JsonNode node) {
    SessionCacheConfig out = SessionCacheConfig.DEFAULTS;
    if (node == null || node.isNull()) {
      return out;
    }
    if (node.isBoolean()) {
      return out.withEnabled(node.asBoolean());
    }
    if (node.isString()) {
      return switch (node.asString().strip().toLowerCase(Locale.ROOT)) {
        case "on", "true", "enabled" -> out;
        case "off", "false", "disabled" -> out.withEnabled(false);
        default ->
            throw new ModelConfigException(
                at + " must be on, off or {enabled, max_sessions, ttl, max_tools}, got " + node);
      };
    }
    if (!node.isObject()) {
      throw new ModelConfigException(
          at + " must be on, off or {enabled, max_sessions, ttl, max_tools}, got " + node);
    }
    checkKeys(at, node, CACHE_KEYS);
    try {
      JsonNode enabled = node.get("enabled");
      if (enabled != null && !enabled.isNull()) {
        if (!enabled.isBoolean()) {
          throw new ModelConfigException(at + ".enabled must be true or false, got " + enabled);
        }
        out = out.withEnabled(enabled.asBoolean());
      }
      out =
          out.withMaxSessions(
              positiveInt(at + ".max_sessions", node.get("max_sessions"), out.maxSessions()));
      out = out.withMaxTools(positiveInt(at + ".max_tools", node.get("max_tools"), out.maxTools()));
      out = out.withTtl(duration(at + ".ttl", node.get("ttl")).orElse(out.ttl()));
    } catch (IllegalArgumentException e) {
      throw new ModelConfigException(at + ": " + e.getMessage());
    }
    return out;
  }

  private static int positiveInt(String at, JsonNode node, int fallback) {
    if (node == null || node.isNull()) {
      return fallback;
    }
    if (!node.isIntegralNumber() || node.asInt() < 1) {
      throw new ModelConfigException(at + " must be a whole number, 1 or more, got " + node);
    }
    return node.asInt();
  }

  /**
   * A duration: a number of seconds, or text like {@code 500ms}, {@code 30s}, {@code 2m}, {@code
   * 1h}.
   */
  static Optional<Duration> duration(String at, JsonNode node) {
    if (node == null || node.isNull()) {
      return Optional.empty();
    }
    Duration d = null;
    if (node.isIntegralNumber()) {
      d = Duration.ofSeconds(node.asLong());
    } else if (node.isString()) {
      Matcher m = DURATION.matcher(node.asString().strip().toLowerCase(Locale.ROOT));
      if (m.matches()) {
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        d =
            switch (unit) {
              case "ms" -> Duration.ofMillis(n);
              case "m" -> Duration.ofMinutes(n);
              case "h" -> Duration.ofHours(n);
              default -> Duration.ofSeconds(n);
            };
      }
    }
    if (d == null || d.isZero()) {
      throw new ModelConfigException(
          at + " must be a positive duration such as 500ms, 30s, 2m or 1h, got " + node);
    }
    return Optional.of(d);
  }

  private static void checkKeys(String at, JsonNode node, List<String> known) {
    for (String key : node.propertyNames()) {
      if (!known.contains(key)) {
        List<String> close = Strings.closest(key, known, 1);
        throw new ModelConfigException(
            at
                + ": unknown key '"
                + key
                + "'"
                + (close.isEmpty() ? "" : " (did you mean " + close.getFirst() + "?)")
                + "; known keys: "
                + String.join(", ", known));
      }
    }
  }

  private static String requiredText(String at, JsonNode node, String key) {
    return optionalText(at, node, key)
        .orElseThrow(() -> new ModelConfigException(at + "." + key + " is required"));
  }

  private static Optional<String> optionalText(String at, JsonNode node, String key) {
    JsonNode value = node.get(key);
    if (value == null || value.isNull()) {
      return Optional.empty();
    }
    if (!value.isString() || value.asString().isBlank()) {
      throw new ModelConfigException(at + "." + key + " must be a non-empty string, got " + value);
    }
    return Optional.of(value.asString().strip());
  }
}
