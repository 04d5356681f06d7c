package io.toolgate.store.postgres;

import io.toolgate.config.OptionException;
import io.toolgate.config.OptionReader;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The {@code store:} section of {@code toolgate.yaml} for a PostgreSQL store.
 *
 * <pre>{@code
 * store:
 *   url: "postgresql://db.internal:5432/toolgate"   # or jdbc:postgresql://…
 *   user: toolgate                                  # default: the URL's user, else "toolgate"
 *   password_env: TOOLGATE_DB_PASSWORD              # the password is read from this variable
 *   pool_size: 8                                    # connections per replica (default 8)
 *   schema: toolgate                                # created and migrated by the gateway
 *   connect_timeout: 2s                             # how long a write waits for a connection
 * }</pre>
 *
 * @param jdbcUrl the JDBC URL, {@code jdbc:postgresql://host:port/database[?…]}
 * @param user the database user
 * @param password the password, when one is needed
 * @param passwordEnv the variable it came from, for messages
 * @param poolSize connections in the pool, 1..100
 * @param schema the schema holding Toolgate's tables, a lower-case SQL identifier
 * @param connectTimeout how long a call waits for a connection before failing as unavailable
 */
public record PostgresStoreConfig(
    String jdbcUrl,
    String user,
    Optional<String> password,
    Optional<String> passwordEnv,
    int poolSize,
    String schema,
    Duration connectTimeout) {
  /** The keys of the section. */
  public static final List<String> KEYS =
      List.of("url", "user", "password_env", "pool_size", "schema", "connect_timeout");

  private static final Pattern SCHEMA = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  public PostgresStoreConfig {
    Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(password, "password");
    Objects.requireNonNull(passwordEnv, "passwordEnv");
    if (poolSize < 1 || poolSize > 100) {
      throw new IllegalArgumentException("illegal pool size " + poolSize + ", must be 1..100");
    }
    if (!SCHEMA.matcher(schema).matches()) {
      throw new IllegalArgumentException(
          "illegal schema name '"
              + schema
              + "': use lower-case letters, digits and _ (at most 63, not starting with a digit)");
    }
    if (connectTimeout.toMillis() < 250) {
      throw new IllegalArgumentException(
          "connect_timeout must be at least 250ms, got " + connectTimeout.toMillis() + "ms");
    }
  }

  /** A config for {@code url} with the defaults (user {@code toolgate}, no password). */
  public static PostgresStoreConfig of(String url) {
    return new PostgresStoreConfig(
        jdbc(url), "toolgate", Optional.empty(), Optional.empty(), 8, "toolgate", ofSeconds(2));
  }

  /** A copy with {@code user} and {@code password}. */
  public PostgresStoreConfig withCredentials(String newUser, Optional<String> newPassword) {
    return new PostgresStoreConfig(
        jdbcUrl, newUser, newPassword, passwordEnv, poolSize, schema, connectTimeout);
  }

  /** A copy using another schema. */
  public PostgresStoreConfig withSchema(String newSchema) {
    return new PostgresStoreConfig(
        jdbcUrl, user, password, passwordEnv, poolSize, newSchema, connectTimeout);
  }

  /**
   * Reads the {@code store:} section; empty when it has no {@code url} (the embedded store).
   *
   * @param env the environment, for {@code password_env}
   * @throws OptionException naming the key and the fix
   */
  public static Optional<PostgresStoreConfig> fromSection(
      JsonNode section, UnaryOperator<String> env) {
    OptionReader r = OptionReader.of("store", section, KEYS);
    Optional<String> url = r.text("url");
    if (url.isEmpty()) {
      return Optional.empty();
    }
    URI uri = uri(r, url.get());
    String userInfo = uri.getUserInfo();
    if (userInfo != null && userInfo.contains(":")) {
      throw r.error(
          "url",
          "must not carry a password; put it in an environment variable and name that in"
              + " store.password_env");
    }
    Optional<String> passwordEnv = r.text("password_env");
    Optional<String> password = passwordEnv.map(env);
    if (passwordEnv.isPresent() && password.isEmpty()) {
      throw r.error(
          "password_env",
          "names " + passwordEnv.get() + ", which is not set; export it before starting");
    }
    String user = r.text("user").orElse(userInfo != null ? userInfo : "toolgate");
    try {
      return Optional.of(
          new PostgresStoreConfig(
              jdbc(url.get()),
              user,
              password,
              passwordEnv,
              (int) r.wholeNumber("pool_size", 1, 100, 8),
              r.text("schema").orElse("toolgate"),
              r.duration("connect_timeout").orElse(ofSeconds(2))));
    } catch (IllegalArgumentException e) {
      throw new OptionException("store", e.getMessage());
    }
  }

  private static URI uri(OptionReader r, String url) {
    String plain = url.startsWith("jdbc:") ? url.substring(5) : url;
    if (!plain.startsWith("postgresql://") && !plain.startsWith("postgres://")) {
      throw r.error(
          "url", "must start with postgresql:// (or jdbc:postgresql://), got '" + url + "'");
    }
    try {
      return URI.create(plain);
    } catch (IllegalArgumentException e) {
      throw r.error("url", "is not a valid URL: " + e.getMessage());
    }
  }

  /** {@code postgresql://[user@]host[:port]/db[?…]} as a JDBC URL without the user. */
  static String jdbc(String url) {
    String plain = url.startsWith("jdbc:") ? url.substring(5) : url;
    plain = plain.replaceFirst("^postgres(ql)?://([^@/]*@)?", "postgresql://");
    return "jdbc:" + plain;
  }

  /** The URL without credentials, for logs and messages. */
  public String describe() {
    return jdbcUrl.substring(5) + " (schema " + schema + ")";
  }

  private static Duration ofSeconds(long s) {
    return Duration.ofSeconds(s);
  }
}
