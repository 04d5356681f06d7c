package io.toolgate.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One entry of the keys file: an id, the salted hash of the secret, scopes, a tool filter and an
 * optional rate limit. The secret itself is never stored.
 *
 * @param id a name for logs, metrics and the audit log, e.g. {@code planner}
 * @param salt random bytes mixed into the hash
 * @param digest SHA-256 of salt followed by the key's UTF-8 bytes
 * @param scopes what the key may do
 * @param tools which tools it may see and call
 * @param rate its own rate limit, when it has one
 */
public record ApiKey(
    String id,
    byte[] salt,
    byte[] digest,
    Set<Scope> scopes,
    ToolFilter tools,
    Optional<RateLimit> rate) {
  public ApiKey {
    Objects.requireNonNull(id, "id");
    salt = salt.clone();
    digest = digest.clone();
    scopes = Set.copyOf(scopes);
    Objects.requireNonNull(tools, "tools");
    rate = rate == null ? Optional.empty() : rate;
  }

  /** Whether {@code presented} is this key's secret; constant-time in the digest comparison. */
  public boolean matches(String presented) {
    return MessageDigest.isEqual(digest, digest(salt, presented));
  }

  /** The caller this key authenticates, with {@code defaultRate} unless it has its own. */
  public Caller caller(RateLimit defaultRate) {
    return new Caller(id, scopes, tools, rate.orElse(defaultRate));
  }

  static byte[] digest(byte[] salt, String key) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(salt);
      sha.update(key.getBytes(StandardCharsets.UTF_8));
      return sha.digest();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  /** The stored form {@code sha256:<salt hex>:<digest hex>}. */
  public String hash() {
    return "sha256:" + HexFormat.of().formatHex(salt) + ":" + HexFormat.of().formatHex(digest);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ApiKey k && k.id.equals(id) && k.hash().equals(hash());
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, hash());
  }

  @Override
  public String toString() {
    return "ApiKey[" + id + ", scopes=" + scopes + ", tools=" + tools + "]";
  }
}
