package io.toolgate.server.chat;

import io.toolgate.catalog.Strings;
import io.toolgate.catalog.ToolNames;
import io.toolgate.config.OptionException;
import io.toolgate.config.OptionReader;
import io.toolgate.exposure.Profile;
import io.toolgate.exposure.ToolMode;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
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

  private final List<String> embeddings;
  private final List<String> defaultPinned;

  ModelConfigParser(List<String> embeddings, List<String> defaultPinned) {
    this.embeddings = List.copyOf(embeddings);
    this.defaultPinned = List.copyOf(defaultPinned);
  }

  /**
   * Every entry of {@code models}.
   *
   * @throws ModelConfigException naming the entry, the key and the fix
   */
  List<ModelConfig> parseAll(JsonNode models) {
    try {
      return readAll(models);
    } catch (ModelConfigException e) {
      throw e;
    } catch (OptionException e) {
      throw new ModelConfigException(e);
    }
  }

  private List<ModelConfig> readAll(JsonNode models) {
    if (models == null || models.isNull() || models.isMissingNode()) {
      return List.of();
    }
    if (!models.isArray()) {
      throw new OptionException(
          "models", "must be a list of {name, base_url, model, params}, got " + models);
    }
    List<ModelConfig> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < models.size(); i++) {
      ModelConfig model = parse("models[" + i + "]", models.get(i));
      if (!names.add(model.name())) {
        throw new OptionException(
            "models[" + i + "].name", "model '" + model.name() + "' is configured twice");
      }
      out.add(model);
    }
    return List.copyOf(out);
  }

  private ModelConfig parse(String at, JsonNode node) {
    if (node.isNull()) {
      throw new OptionException(at, "must be a mapping with name and base_url");
    }
    OptionReader entry = OptionReader.of(at, node, MODEL_KEYS);
    String name = entry.requiredText("name");
    URI baseUrl = uri(entry, "base_url");
    OptionReader params = entry.mapping("params", PARAM_KEYS);
    ToolMode mode = params.parse("tools", ToolMode::parse, ToolMode.AUTO);
    try {
      // The record checks what is left: the name's characters, the URL's scheme and host.
      return new ModelConfig(
          name,
          baseUrl,
          entry.text("model").orElse(name),
          entry.text("api_key_env"),
          mode,
          embedder(params),
          (int)
              params.wholeNumber(
                  "tool_recursion_limit",
                  0,
                  Integer.MAX_VALUE,
                  ModelConfig.DEFAULT_RECURSION_LIMIT),
          params.parse("pinned", ModelConfigParser::pinned, defaultPinned),
          params.parse("meta_tools", v -> Profile.parse(v.asString("")), Profile.SPICE),
          sessionCache(params),
          entry.duration("connect_timeout").orElse(ModelConfig.DEFAULT_CONNECT_TIMEOUT),
          entry.duration("timeout").orElse(ModelConfig.DEFAULT_TIMEOUT));
    } catch (IllegalArgumentException e) {
      throw new OptionException(at, e.getMessage());
    }
  }

  private static URI uri(OptionReader entry, String key) {
    String text = entry.requiredText(key);
    try {
      return new URI(text);
    } catch (URISyntaxException e) {
      throw entry.error(
          key,
          "must be a URL such as http://127.0.0.1:11434/v1, got '" + text + "': " + e.getReason());
    }
  }

  /**
   * The embedder named by {@code tool_embedding_model}, which must be configured; empty without
   * one: the model then searches with every configured embedder, fused, as the gateway does.
   */
  private Optional<String> embedder(OptionReader params) {
    String key = "tool_embedding_model";
    Optional<String> named = params.text(key);
    if (named.isPresent() && !embeddings.contains(named.get())) {
      String name = named.get();
      List<String> close = Strings.closest(name, embeddings, 3);
      throw params.error(
          key,
          "embedding model '"
              + name
              + "' is not configured"
              + (embeddings.isEmpty()
                  ? "; add it under embeddings: or remove tool_embedding_model"
                  : "; configured: "
                      + String.join(", ", embeddings)
                      + (close.isEmpty() ? "" : " (did you mean " + close.getFirst() + "?)")));
    }
    return named;
  }

  /** Tool names: a list, or one string of comma-separated names. */
  private static List<String> pinned(JsonNode node) {
    List<String> out = new ArrayList<>();
    if (node.isString()) {
      for (String part : node.asString().split(",")) {
        if (!part.isBlank()) {
          out.add(part.strip());
        }
      }
    } else if (node.isArray()) {
      for (JsonNode item : node) {
        if (!item.isString()) {
          throw new IllegalArgumentException("every item must be a tool name, got " + item);
        }
        out.add(item.asString().strip());
      }
    } else {
      throw new IllegalArgumentException("must be a list of tool names, got " + node);
    }
    out.forEach(ToolNames::requireValid);
    return out;
  }

  /** {@code session_cache}: on, off, true, false, or {enabled, max_sessions, ttl, max_tools}. */
  private static SessionCacheConfig sessionCache(OptionReader params) {
    String key = "session_cache";
    SessionCacheConfig d = SessionCacheConfig.DEFAULTS;
    JsonNode node = params.get(key).orElse(null);
    if (node == null) {
      return d;
    }
    if (node.isBoolean()) {
      return d.withEnabled(node.asBoolean());
    }
    if (node.isObject()) {
      OptionReader cache = params.mapping(key, CACHE_KEYS);
      return new SessionCacheConfig(
          cache.bool("enabled", d.enabled()),
          cache.positiveInt("max_sessions", d.maxSessions()),
          cache.duration("ttl").orElse(d.ttl()),
          cache.positiveInt("max_tools", d.maxTools()));
    }
    String text = node.isString() ? node.asString().strip().toLowerCase(Locale.ROOT) : "";
    return switch (text) {
      case "on", "true", "enabled" -> d;
      case "off", "false", "disabled" -> d.withEnabled(false);
      default ->
          throw params.error(
              key, "must be on, off or {enabled, max_sessions, ttl, max_tools}, got " + node);
    };
  }
}
