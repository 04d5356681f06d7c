package io.toolgate.server;

import io.toolgate.config.ConfigException;
import io.toolgate.config.OptionException;
import io.toolgate.config.OptionReader;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.server.auth.RateLimit;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * How the HTTP server runs: where it listens, who may call it, and its limits.
 *
 * <pre>{@code
 * ServerSettings settings = ServerSettings.fromConfig(config)   // a ToolgateConfig
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

  private static final List<String> KEYS =
      List.of(
          "host",
          "port",
          "api_keys_file",
          "insecure",
          "console",
          "cors_origins",
          "allowed_hosts",
          "audit_arguments",
          "limits");
  private static final List<String> LIMIT_KEYS =
      List.of(
          "max_body_bytes",
          "max_argument_bytes",
          "max_result_bytes",
          "rate_per_second",
          "rate_burst");

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
   * Reads the {@code server:} section of a loaded config, the keys file relative to its folder.
   *
   * @throws ConfigException naming the file, line and column of the value at fault
   */
  public static ServerSettings fromConfig(ToolgateConfig config) {
    try {
      return fromConfig(config.section("server"), config.baseDir());
    } catch (OptionException e) {
      throw config.error(e);
    }
  }

  /**
   * Reads the {@code server:} section of the configuration.
   *
   * @param section the section, or null/missing for defaults
   * @param baseDir what relative paths (the keys file) are relative to: the config file's folder
   * @throws OptionException naming the key, the bad value and the fix (unknown keys with the known
   *     ones)
   */
  public static ServerSettings fromConfig(JsonNode section, Path baseDir) {
    ServerSettings d = defaults();
    OptionReader server = OptionReader.of("server", section, KEYS);
    return new ServerSettings(
        server.text("host").orElse(d.host),
        (int) server.wholeNumber("port", 0, 65535, d.port),
        server.text("api_keys_file").map(baseDir::resolve),
        server.bool("insecure", d.insecure),
        limits(server.mapping("limits", LIMIT_KEYS)),
        Optional.empty(),
        server.bool("console", d.console),
        server.strings("cors_origins"),
        server.strings("allowed_hosts"),
        server.bool("audit_arguments", d.auditArguments));
  }

  private static Limits limits(OptionReader limits) {
    Limits d = Limits.DEFAULTS;
    double perSecond = limits.number("rate_per_second", 0, Double.MAX_VALUE, 0);
    double burst = limits.number("rate_burst", 0, Double.MAX_VALUE, 0);
    if (perSecond == 0 && burst > 0) {
      throw limits.error("rate_burst", "needs rate_per_second as well");
    }
    return new Limits(
        limits.bytes("max_body_bytes", d.maxBodyBytes()),
        limits.bytes("max_argument_bytes", d.maxArgumentBytes()),
        limits.bytes("max_result_bytes", d.maxResultBytes()),
        perSecond > 0 ? RateLimit.of(perSecond, burst > 0 ? burst : 2 * perSecond) : d.rate());
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
}
