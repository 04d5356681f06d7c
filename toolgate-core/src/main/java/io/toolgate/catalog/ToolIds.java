package io.toolgate.catalog;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;

/**
 * Stable identifiers and checksums.
 *
 * <p>A tool's id is the RFC 4122 version-5 UUID of {@code "toolgate:tool:" + name} in the URL
 * namespace ({@code 6ba7b811-9dad-11d1-80b4-00c04fd430c8}), so it is the same on every machine and
 * across restarts, e.g. {@code uuid5(URL, "toolgate:tool:time_now")}.
 */
public final class ToolIds {
  /** The RFC 4122 URL namespace. */
  public static final UUID URL_NAMESPACE = UUID.fromString("6ba7b811-9dad-11d1-80b4-00c04fd430c8");

  private ToolIds() {}

  /** The stable id of the tool called {@code name}. */
  public static UUID toolId(String name) {
    return uuid5(URL_NAMESPACE, "toolgate:tool:" + name);
  }

  /** RFC 4122 name-based UUID, version 5 (SHA-1). */
  public static UUID uuid5(UUID namespace, String name) {
    MessageDigest sha1 = digest("SHA-1");
    ByteBuffer ns = ByteBuffer.allocate(16);
    ns.putLong(namespace.getMostSignificantBits()).putLong(namespace.getLeastSignificantBits());
    sha1.update(ns.array());
    byte[] hash = sha1.digest(name.getBytes(StandardCharsets.UTF_8));
    hash[6] = (byte) ((hash[6] & 0x0f) | 0x50); // version 5
    hash[8] = (byte) ((hash[8] & 0x3f) | 0x80); // IETF variant
    ByteBuffer bytes = ByteBuffer.wrap(hash, 0, 16);
    return new UUID(bytes.getLong(), bytes.getLong());
  }

  /** The first 16 hex characters of the SHA-256 of {@code text} in UTF-8. */
  public static String checksum16(String text) {
    return sha256Hex(text).substring(0, 16);
  }

  /** The full lower-case hex SHA-256 of {@code text} in UTF-8. */
  public static String sha256Hex(String text) {
    return HexFormat.of()
        .formatHex(digest("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
  }

  private static MessageDigest digest(String algorithm) {
    try {
      return MessageDigest.getInstance(algorithm);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(algorithm + " is required by the Java platform", e);
    }
  }
}
