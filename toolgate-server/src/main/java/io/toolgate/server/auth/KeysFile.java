package io.toolgate.server.auth;

import io.toolgate.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The API keys file: YAML (or JSON) listing each key by id with its hash, scopes, tool filter and
 * rate limit.
 *
 * <pre>{@code
 * keys:
 *   - id: planner
 *     hash: "sha256:5f1c…:9a0e…"        # KeysFile.hash(secret); the secret is never stored
 *     scopes: [search, invoke]
 *     tools: {names: ["weather_*"], tags: [], sources: ["file:*"]}   # optional; default all
 *     rate_limit: {per_second: 20, burst: 40}       # optional; or {per_minute: 600}
 *   - id: ops
 *     hash: "sha256:…"
 *     scopes: [search, invoke, admin]
 * }</pre>
 *
 * <p>To add a key: {@code String secret = KeysFile.generateKey();} give the secret to the client,
 * and put {@code KeysFile.hash(secret)} in the file. Clients send {@code Authorization: Bearer
 * <secret>} or {@code X-API-Key: <secret>}. Stateless and thread-safe.
 */
public final class KeysFile {
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Set<String> KEY_FIELDS =
      new TreeSet<>(List.of("id", "hash", "scopes", "tools", "rate_limit", "description"));
  private static final Set<String> FILTER_FIELDS =
      new TreeSet<>(List.of("names", "tags", "sources"));
  private static final Set<String> RATE_FIELDS =
      new TreeSet<>(List.of("per_second", "per_minute", "burst"));

  private KeysFile() {}

  /**
   * The stored form of {@code key}: {@code sha256:<salt>:<digest>} with a fresh random 16-byte
   * salt, so two hashes of the same key differ.
   */
  public static String hash(String key) {
    if (key == null || key.length() < 16) {
      throw new IllegalArgumentException(
          "an API key must be at least 16 characters; use KeysFile.generateKey()");
    }
    byte[] salt = new byte[16];
    RANDOM.nextBytes(salt);
    return "sha256:"
        + HexFormat.of().formatHex(salt)
        + ":"
        + HexFormat.of().formatHex(ApiKey.digest(salt, key));
  }

  /** A new random key: {@code tgk_} and 43 URL-safe characters (256 bits). */
  public static String generateKey() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return "tgk_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * Reads the keys in {@code file}.
   *
   * @throws IllegalArgumentException naming the file, the entry and the problem
   */
  public static List<ApiKey> load(Path file) {
    JsonNode root;
    try {
      root = Json.yaml().readTree(Files.readString(file));
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read the API keys file " + file + ": " + e, e);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(
          "the API keys file " + file + " is not valid YAML: " + e.getOriginalMessage(), e);
    }
    return parse(root, file.toString());
  }

  /** Reads keys from an already parsed document; {@code origin} names it in errors. */
  public static List<ApiKey> parse(JsonNode root, String origin) {
    if (root == null || !root.path("keys").isArray()) {
      throw new IllegalArgumentException(
          origin + ": expected a top-level 'keys' list, e.g. keys: [{id: planner, hash: …}]");
    }
    List<ApiKey> keys = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    int index = 0;
    for (JsonNode entry : root.get("keys")) {
      String where = origin + ": keys[" + index + "]";
      ApiKey key = entry(entry, where);
      if (!ids.add(key.id())) {
        throw new IllegalArgumentException(where + ": the id '" + key.id() + "' is used twice");
      }
      keys.add(key);
      index++;
    }
    return List.copyOf(keys);
  }

  /** One entry, as the file and the store keep it; {@code where} names it in errors. */
  static ApiKey entry(JsonNode entry, String where) {
    if (!entry.isObject()) {
      throw new IllegalArgumentException(where + " must be a mapping with id, hash and scopes");
    }
    known(entry, KEY_FIELDS, where);
    String id = entry.path("id").asString("");
    if (!id.matches("[A-Za-z0-9_.@-]{1,64}")) {
      throw new IllegalArgumentException(
          where + ": 'id' must be 1-64 characters of letters, digits and _.@-, got '" + id + "'");
    }
    where = where + " (" + id + ")";
    String hash = entry.path("hash").asString("");
    String[] parts = hash.split(":");
    if (parts.length != 3 || !parts[0].equals("sha256")) {
      throw new IllegalArgumentException(
          where
              + ": 'hash' must look like sha256:<salt hex>:<digest hex>, from KeysFile.hash(key)");
    }
    byte[] salt;
    byte[] digest;
    try {
      salt = HexFormat.of().parseHex(parts[1]);
      digest = HexFormat.of().parseHex(parts[2]);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": 'hash' is not hexadecimal: " + e.getMessage());
    }
    if (digest.length != 32 || salt.length < 8) {
      throw new IllegalArgumentException(
          where + ": 'hash' needs a salt of at least 8 bytes and a 32-byte SHA-256 digest");
    }
    JsonNode scopesNode = entry.path("scopes");
    if (!scopesNode.isArray() || scopesNode.isEmpty()) {
      throw new IllegalArgumentException(
          where + ": 'scopes' must list at least one of [search, invoke, admin]");
    }
    Set<Scope> scopes = EnumSet.noneOf(Scope.class);
    for (JsonNode s : scopesNode) {
      try {
        scopes.add(Scope.parse(s.asString()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage());
      }
    }
    return new ApiKey(
        id, salt, digest, scopes, filter(entry.get("tools"), where), rate(entry, where));
  }

  private static ToolFilter filter(JsonNode node, String where) {
    if (node == null || node.isNull()) {
      return ToolFilter.ALL;
    }
    if (!node.isObject()) {
      throw new IllegalArgumentException(
          where + ": 'tools' must be a mapping of names, tags and sources globs");
    }
    known(node, FILTER_FIELDS, where + ".tools");
    return new ToolFilter(
        globs(node, "names", where), globs(node, "tags", where), globs(node, "sources", where));
  }

  private static List<String> globs(JsonNode node, String field, String where) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return List.of();
    }
    if (v.isString()) {
      return List.of(v.asString());
    }
    if (!v.isArray()) {
      throw new IllegalArgumentException(where + ": tools." + field + " must be a list of globs");
    }
    List<String> out = new ArrayList<>();
    v.forEach(g -> out.add(g.asString()));
    return out;
  }

  private static Optional<RateLimit> rate(JsonNode entry, String where) {
    JsonNode node = entry.get("rate_limit");
    if (node == null || node.isNull()) {
      return Optional.empty();
    }
    known(node, RATE_FIELDS, where + ".rate_limit");
    if (node.has("per_minute") && node.has("per_second")) {
      throw new IllegalArgumentException(
          where + ": rate_limit: give per_second or per_minute, not both");
    }
    double perSecond;
    double burst;
    if (node.has("per_minute")) {
      // N a minute: refills at N/60 a second, and the whole minute's N may come at once.
      double perMinute = node.path("per_minute").asDouble(-1);
      perSecond = perMinute / 60;
      burst = node.path("burst").asDouble(perMinute);
    } else {
      perSecond = node.path("per_second").asDouble(-1);
      burst = node.path("burst").asDouble(2 * perSecond);
    }
    try {
      return Optional.of(RateLimit.of(perSecond, burst));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": rate_limit: " + e.getMessage());
    }
  }

  private static void known(JsonNode node, Set<String> fields, String where) {
    for (String key : node.propertyNames()) {
      if (!fields.contains(key)) {
        throw new IllegalArgumentException(
            where + ": unknown field '" + key + "'; known fields: " + fields);
      }
    }
  }
}
