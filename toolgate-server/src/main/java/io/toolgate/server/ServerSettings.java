package io.toolgate.server;

import io.toolgate.server.auth.RateLimit;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * How the HTTP server runs: where it listens, who may call it, and its limits.
 *
 * <pre>{@code
 * ServerSettings settings = ServerSettings.fromConfig(config.section("server"), configDir)
 *     .withDataDir(dataDir)          // from --data-dir
 *     .withInsecure(insecureFlag);   // from --insecure
 * }</pre>
 *
 * <p>The {@code server:} section of {@code toolgate.yaml}, every key optional:
 *
 * <pre>{@code
 * server:
 *   host: 127.0.0.1            # bind address; 0.0.0.0 for every interface
 *   port: 8080                 # 0 picks a free port
 *   api_keys_file: keys.yaml   # relative to the config file; none = open (loopback only)
 *   insecure: false            # allow a non-loopback bind without keys
 *   console: true              # the web console at /
 *   cors_origins: []           # browser origins allowed to call the API
 *   allowed_hosts: []          # Host header values accepted; default: the bind host and localhost
 *   audit_arguments: false     # write argument values into the audit log
 *   limits:
 *     max_body_bytes: 1048576
 *     max_argument_bytes: 262144
 *     max_result_bytes: 1048576
 *     rate_per_second: 0       # per key; 0 = unlimited
 *     rate_burst: 0            # default: 2 × rate_per_second
 * }</pre>
 *
 * <p>Immutable; the {@code with…} methods return copies.
 *
 * @param host the address to bind
 * @param port the port; 0 for any free one
 * @param keysFile the API keys file; empty runs open
 * @param insecure whether to start on a non-loopback address without keys
 * @param limits request, argument, result and rate limits
 * @param dataDir where registrations and the audit log are kept; empty keeps registrations in
 *     memory only
 * @param console whether to serve the web console at {@code /}
 * @param corsOrigins browser origins (e.g. {@code https://app.example.com}) allowed to call the
 *     API; {@code *} allows any
 * @param allowedHosts accepted {@code Host} header names (DNS-rebinding protection); empty means
 *     the bind host and the localhost names
 * @param auditArguments whether the audit log records argument values
 */
public record ServerSettings(
    String host,
    int port,
    Optional<Path> keysFile,
    boolean insecure,
    Limits limits,
    Optional<Path> dataDir,
    boolean console,
    List<String> corsOrigins,
    List<String> allowedHosts,
    boolean auditArguments) {

  /** The default port. */
  public static final int DEFAULT_PORT = 8080;

  /** The default bind address: loopback only. */
  public static final String DEFAULT_HOST = "127.0.0.1";

  private static final Set<String> KEYS =
      new TreeSet<>(
          List.of(
              "host",
              "port",
              "api_keys_file",
              "insecure",
              "console",
              "cors_origins",
              "allowed_hosts",
              "audit_arguments",
              "limits"));
  private static final Set<String> LIMIT_KEYS =
      new TreeSet<>(
          List.of(
              "max_body_bytes",
              "max_argument_bytes",
              "max_result_bytes",
              "rate_per_second",
              "rate_burst"));

  /**
   * Size and rate limits.
   *
   * @param maxBodyBytes largest request body; larger ones get 413
   * @param maxArgumentBytes largest {@code args} object of a call, as JSON; larger ones give a
   *     {@code too_large} ToolResult
   * @param maxResultBytes largest result returned; larger ones become a {@code too_large}
   *     ToolResult
   * @param rate the default per-key rate limit (a key's own limit wins); {@link RateLimit#NONE} for
   *     none
   */
  public record Limits(
      long maxBodyBytes, long maxArgumentBytes, long maxResultBytes, RateLimit rate) {
    /** 1 MiB bodies, 256 KiB arguments, 1 MiB results, no rate limit. */
    public static final Limits DEFAULTS =
        new Limits(1024 * 1024, 256 * 1024, 1024 * 1024, RateLimit.NONE);

    public Limits {
      positive("max_body_bytes", maxBodyBytes);
      positive("max_argument_bytes", maxArgumentBytes);
      positive("max_result_bytes", maxResultBytes);
      Objects.requireNonNull(rate, "rate");
    }

    public Limits withMaxBodyBytes(long bytes) {
      return new Limits(bytes, maxArgumentBytes, maxResultBytes, rate);
    }

    public Limits withMaxArgumentBytes(long bytes) {
      return new Limits(maxBodyBytes, bytes, maxResultBytes, rate);
    }

    public Limits withMaxResultBytes(long bytes) {
      return new Limits(maxBodyBytes, maxArgumentBytes, bytes, rate);
    }

    public Limits withRate(RateLimit newRate) {
      return new Limits(maxBodyBytes, maxArgumentBytes, maxResultBytes, newRate);
    }

    private static void positive(String name, long value) {
      if (value < 1) {
        throw new IllegalArgumentException(
            "server.limits." + name + " must be a positive number of bytes, got " + value);
      }
    }
  }

  public ServerSettings {
    Objects.requireNonNull(host, "host");
    if (host.isBlank()) {
      throw new IllegalArgumentException("server.host must not be empty; use 127.0.0.1 or 0.0.0.0");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("server.port must be between 0 and 65535, got " + port);
    }
    keysFile = keysFile == null ? Optional.empty() : keysFile;
    Objects.requireNonNull(limits, "limits");
    dataDir = dataDir == null ? Optional.empty() : dataDir;
    corsOrigins = List.copyOf(corsOrigins == null ? List.of() : corsOrigins);
    allowedHosts =
        (allowedHosts == null ? List.<String>of() : allowedHosts)
            .stream().map(h -> h.strip().toLowerCase(Locale.ROOT)).toList();
  }

  /** Loopback on port 8080, open, console on, default limits, no data directory. */
  public static ServerSettings defaults() {
    return new ServerSettings(
        DEFAULT_HOST,
        DEFAULT_PORT,
        Optional.empty(),
        false,
        Limits.DEFAULTS,
        Optional.empty(),
        true,
        List.of(),
        List.of(),
        false);
  }

  /** Reads the {@code server:} section; relative paths are taken from the working directory. */
  public static ServerSettings fromConfig(JsonNode section) {
    return fromConfig(section, Path.of(""));
  }

  /**
   * Reads the {@code server:} section of the configuration.
   *
   * @param section the section, or null/missing for defaults
   * @param baseDir what relative paths (the keys file) are relative to: the config file's folder
   * @throws IllegalArgumentException naming the key, the bad value and the known keys
   */
  public static ServerSettings fromConfig(JsonNode section, Path baseDir) {
    ServerSettings s = defaults();
    if (section == null || section.isMissingNode() || section.isNull()) {
      return s;
    }
    if (!section.isObject()) {
      throw new IllegalArgumentException("server must be a mapping, e.g. {port: 8080}");
    }
    for (String key : section.propertyNames()) {
      if (!KEYS.contains(key)) {
        throw new IllegalArgumentException(
            "server: unknown key '" + key + "'; known keys: " + KEYS);
      }
    }
    String host = section.has("host") ? text(section, "host") : s.host;
    int port = section.has("port") ? (int) integer(section, "port", 0, 65535) : s.port;
    Optional<Path> keys =
        section.hasNonNull("api_keys_file")
            ? Optional.of(baseDir.resolve(text(section, "api_keys_file")))
            : Optional.empty();
    return new ServerSettings(
        host,
        port,
        keys,
        bool(section, "insecure", false),
        limits(section.get("limits")),
        Optional.empty(),
        bool(section, "console", true),
        strings(section, "cors_origins"),
        strings(section, "allowed_hosts"),
        bool(section, "audit_arguments", false));
  }

  private static Limits limits(JsonNode node) {
    Limits l = Limits.DEFAULTS;
    if (node == null || node.isNull()) {
      return l;
    }
    if (!node.isObject()) {
      throw new IllegalArgumentException("server.limits must be a mapping");
    }
    for (String key : node.propertyNames()) {
      if (!LIMIT_KEYS.contains(key)) {
        throw new IllegalArgumentException(
            "server.limits: unknown key '" + key + "'; known keys: " + LIMIT_KEYS);
      }
    }
    if (node.has("max_body_bytes")) {
      l = l.withMaxBodyBytes(bytes(node, "max_body_bytes"));
    }
    if (node.has("max_argument_bytes")) {
      l = l.withMaxArgumentBytes(bytes(node, "max_argument_bytes"));
    }
    if (node.has("max_result_bytes")) {
      l = l.withMaxResultBytes(bytes(node, "max_result_bytes"));
    }
    double perSecond = node.has("rate_per_second") ? number(node, "rate_per_second") : 0;
    double burst = node.has("rate_burst") ? number(node, "rate_burst") : 0;
    if (perSecond > 0) {
      l = l.withRate(RateLimit.of(perSecond, burst > 0 ? burst : 2 * perSecond));
    } else if (burst > 0) {
      throw new IllegalArgumentException("server.limits.rate_burst needs rate_per_second as well");
    }
    return l;
  }

  /** A copy listening on {@code newHost}. */
  public ServerSettings withHost(String newHost) {
    return new ServerSettings(
        newHost,
        port,
        keysFile,
        insecure,
        limits,
        dataDir,
        console,
        corsOrigins,
        allowedHosts,
        auditArguments);
  }

  /** A copy listening on {@code newPort} (0 = any free port). */
  public ServerSettings withPort(int newPort) {
    return new ServerSettings(
        host,
        newPort,
        keysFile,
        insecure,
        limits,
        dataDir,
        console,
        corsOrigins,
        allowedHosts,
        auditArguments);
  }

  /** A copy that reads API keys from {@code file}. */
  public ServerSettings withKeysFile(Path file) {
    return new ServerSettings(
        host,
        port,
        Optional.of(file),
        insecure,
        limits,
        dataDir,
        console,
        corsOrigins,
        allowedHosts,
        auditArguments);
  }

  /** A copy that may start on a non-loopback address without keys. */
  public ServerSettings withInsecure(boolean newInsecure) {
    return new ServerSettings(
        host,
        port,
        keysFile,
        newInsecure,
        limits,
        dataDir,
        console,
        corsOrigins,
        allowedHosts,
        auditArguments);
  }

  /** A copy with other limits. */
  public ServerSettings withLimits(Limits newLimits) {
    return new ServerSettings(
        host,
        port,
        keysFile,
        insecure,
        newLimits,
        dataDir,
        console,
        corsOrigins,
        allowedHosts,
        auditArguments);
  }

  /** A copy keeping registrations and the audit log in {@code dir}. */
  public ServerSettings withDataDir(Path dir) {
    return new ServerSettings(
        host,
        port,
        keysFile,
        insecure,
        limits,
        Optional.of(dir),
        console,
        corsOrigins,
        allowedHosts,
        auditArguments);
  }

  /** A copy with the console on or off. */
  public ServerSettings withConsole(boolean on) {
    return new ServerSettings(
        host,
        port,
        keysFile,
        insecure,
        limits,
        dataDir,
        on,
        corsOrigins,
        allowedHosts,
        auditArguments);
  }

  /** A copy allowing these browser origins. */
  public ServerSettings withCorsOrigins(List<String> origins) {
    return new ServerSettings(
        host,
        port,
        keysFile,
        insecure,
        limits,
        dataDir,
        console,
        origins,
        allowedHosts,
        auditArguments);
  }

  /** A copy accepting these Host header names. */
  public ServerSettings withAllowedHosts(List<String> hosts) {
    return new ServerSettings(
        host,
        port,
        keysFile,
        insecure,
        limits,
        dataDir,
        console,
        corsOrigins,
        hosts,
        auditArguments);
  }

  /** A copy that records argument values in the audit log. */
  public ServerSettings withAuditArguments(boolean on) {
    return new ServerSettings(
        host, port, keysFile, insecure, limits, dataDir, console, corsOrigins, allowedHosts, on);
  }

  /** Whether {@link #host} is a loopback address (or a name that resolves only to loopback). */
  public boolean isLoopback() {
    String h = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    if (h.equalsIgnoreCase("localhost")) {
      return true;
    }
    try {
      InetAddress[] all = InetAddress.getAllByName(h);
      for (InetAddress a : all) {
        if (!a.isLoopbackAddress()) {
          return false;
        }
      }
      return all.length > 0;
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private static String text(JsonNode node, String key) {
    JsonNode v = node.get(key);
    if (v == null || !v.isValueNode() || v.isNull()) {
      throw new IllegalArgumentException("server." + key + " must be a string");
    }
    return v.asString();
  }

  private static boolean bool(JsonNode node, String key, boolean fallback) {
    JsonNode v = node.get(key);
    if (v == null || v.isNull()) {
      return fallback;
    }
    if (!v.isBoolean()) {
      throw new IllegalArgumentException("server." + key + " must be true or false, got " + v);
    }
    return v.asBoolean();
  }

  private static long integer(JsonNode node, String key, long min, long max) {
    JsonNode v = node.get(key);
    if (v == null || !v.isIntegralNumber() || v.asLong() < min || v.asLong() > max) {
      throw new IllegalArgumentException(
          "server." + key + " must be a whole number from " + min + " to " + max + ", got " + v);
    }
    return v.asLong();
  }

  private static double number(JsonNode node, String key) {
    JsonNode v = node.get(key);
    if (v == null || !v.isNumber() || v.asDouble() < 0) {
      throw new IllegalArgumentException(
          "server.limits." + key + " must be a non-negative number, got " + v);
    }
    return v.asDouble();
  }

  private static final Map<String, Long> UNITS =
      Map.of(
          "",
          1L,
          "b",
          1L,
          "kb",
          1000L,
          "kib",
          1024L,
          "mb",
          1000L * 1000,
          "mib",
          1024L * 1024,
          "gb",
          1000L * 1000 * 1000,
          "gib",
          1024L * 1024 * 1024);

  /** A byte count: a whole number, or text such as {@code 512KiB} or {@code 2MB}. */
  private static long bytes(JsonNode node, String key) {
    JsonNode v = node.get(key);
    if (v != null && v.isIntegralNumber() && v.asLong() > 0) {
      return v.asLong();
    }
    if (v != null && v.isString()) {
      String text = v.asString().strip().toLowerCase(Locale.ROOT).replace(" ", "");
      int split = 0;
      while (split < text.length() && Character.isDigit(text.charAt(split))) {
        split++;
      }
      Long unit = UNITS.get(text.substring(split));
      if (split > 0 && unit != null) {
        long value = Long.parseLong(text.substring(0, split)) * unit;
        if (value > 0) {
          return value;
        }
      }
    }
    throw new IllegalArgumentException(
        "server.limits."
            + key
            + " must be a positive byte count such as 1048576 or 1MiB, got "
            + v);
  }

  private static List<String> strings(JsonNode node, String key) {
    JsonNode v = node.get(key);
    if (v == null || v.isNull()) {
      return List.of();
    }
    if (v.isString()) {
      return List.of(v.asString());
    }
    if (!v.isArray()) {
      throw new IllegalArgumentException("server." + key + " must be a list of strings");
    }
    List<String> out = new ArrayList<>();
    v.forEach(item -> out.add(item.asString()));
    return out;
  }
}
