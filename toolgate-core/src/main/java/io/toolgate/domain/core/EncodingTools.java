package io.toolgate.domain.core;

import io.toolgate.catalog.ToolIds;
import io.toolgate.catalog.java.Hint;
import io.toolgate.catalog.java.Tool;
import io.toolgate.catalog.java.ToolParam;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Identifier and encoding tools of the core domain: UUIDs, hashes and base64. */
final class EncodingTools {
  /** The most UUIDs one call may ask for. */
  static final int MAX_UUIDS = 100;

  private static final Map<String, UUID> NAMESPACES =
      Map.of(
          "dns", UUID.fromString("6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
          "url", UUID.fromString("6ba7b811-9dad-11d1-80b4-00c04fd430c8"),
          "oid", UUID.fromString("6ba7b812-9dad-11d1-80b4-00c04fd430c8"),
          "x500", UUID.fromString("6ba7b814-9dad-11d1-80b4-00c04fd430c8"));

  private final SecureRandom random = new SecureRandom();

  enum Algorithm {
    MD5("MD5", "HmacMD5"),
    SHA1("SHA-1", "HmacSHA1"),
    SHA256("SHA-256", "HmacSHA256"),
    SHA512("SHA-512", "HmacSHA512");

    final String digest;
    final String hmac;

    Algorithm(String digest, String hmac) {
      this.digest = digest;
      this.hmac = hmac;
    }
  }

  enum Encoding {
    HEX,
    BASE64
  }

  @Tool(
      name = "uuid_generate",
      title = "Generate UUIDs",
      description =
          "Generates UUIDs. Version 4 is random (up to 100 at once); version 7 is random but"
              + " time-ordered, good for database keys; version 5 is derived from a namespace"
              + " (dns, url, oid, x500 or any UUID) and a name, so the same input always gives"
              + " the same UUID.",
      tags = {"id", "encoding"},
      readOnly = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {
        "{\"count\": 3}",
        "{\"version\": 5, \"namespace\": \"dns\", \"name\": \"example.com\"}"
      })
  public Map<String, Object> uuid(
      @ToolParam(
              description = "UUID version: 4 (random), 7 (time-ordered) or 5 (name-based)",
              defaultValue = "4")
          int version,
      @ToolParam(description = "How many UUIDs, 1 to 100 (versions 4 and 7)", defaultValue = "1")
          int count,
      @ToolParam(description = "Version 5 namespace: dns, url, oid, x500 or a UUID")
          Optional<String> namespace,
      @ToolParam(description = "Version 5 name, e.g. a domain or URL") Optional<String> name) {
    if (count < 1 || count > MAX_UUIDS) {
      throw new IllegalArgumentException("count must be 1 to " + MAX_UUIDS + ", got " + count);
    }
    List<String> uuids = new ArrayList<>();
    switch (version) {
      case 4 -> {
        for (int i = 0; i < count; i++) {
          uuids.add(UUID.randomUUID().toString());
        }
      }
      case 7 -> {
        for (int i = 0; i < count; i++) {
          uuids.add(uuid7(System.currentTimeMillis()).toString());
        }
      }
      case 5 -> {
        if (namespace.isEmpty() || name.isEmpty()) {
          throw new IllegalArgumentException(
              "version 5 needs a namespace (dns, url, oid, x500 or a UUID) and a name");
        }
        if (count != 1) {
          throw new IllegalArgumentException(
              "count must be 1 for version 5: the same namespace and name give the same UUID");
        }
        uuids.add(ToolIds.uuid5(namespace(namespace.get()), name.get()).toString());
      }
      default -> throw new IllegalArgumentException("version must be 4, 5 or 7, got " + version);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("version", version);
    out.put("uuids", uuids);
    return out;
  }

  private static UUID namespace(String text) {
    UUID known = NAMESPACES.get(text.strip().toLowerCase(Locale.ROOT));
    if (known != null) {
      return known;
    }
    try {
      return UUID.fromString(text.strip());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "namespace '" + text + "' is neither dns, url, oid, x500 nor a UUID");
    }
  }

  /** RFC 9562 version 7: 48 bits of Unix milliseconds, then random bits. */
  UUID uuid7(long millis) {
    byte[] bytes = new byte[16];
    random.nextBytes(bytes);
    for (int i = 0; i < 6; i++) {
      bytes[i] = (byte) (millis >>> (40 - 8 * i));
    }
    bytes[6] = (byte) ((bytes[6] & 0x0f) | 0x70);
    bytes[8] = (byte) ((bytes[8] & 0x3f) | 0x80);
    ByteBuffer b = ByteBuffer.wrap(bytes);
    return new UUID(b.getLong(), b.getLong());
  }

  @Tool(
      name = "hash_text",
      title = "Hash text",
      description =
          "Computes the MD5, SHA-1, SHA-256 or SHA-512 digest of a text (UTF-8), in hex or"
              + " base64. With a key it computes the HMAC instead, e.g. to check a webhook"
              + " signature. MD5 and SHA-1 are for checksums only, not for security.",
      tags = {"encoding", "security"},
      readOnly = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {
        "{\"text\": \"hello\"}",
        "{\"text\": \"payload\", \"algorithm\": \"SHA256\", \"key\": \"secret\","
            + " \"encoding\": \"BASE64\"}"
      })
  public Map<String, Object> hash(
      @ToolParam(description = "The text to hash, read as UTF-8") String text,
      @ToolParam(description = "Digest algorithm", defaultValue = "SHA256") Algorithm algorithm,
      @ToolParam(description = "Output encoding", defaultValue = "HEX") Encoding encoding,
      @ToolParam(description = "HMAC key (UTF-8); when given, the result is an HMAC")
          Optional<String> key)
      throws GeneralSecurityException {
    byte[] input = text.getBytes(StandardCharsets.UTF_8);
    byte[] digest;
    if (key.isPresent()) {
      Mac mac = Mac.getInstance(algorithm.hmac);
      mac.init(new SecretKeySpec(key.get().getBytes(StandardCharsets.UTF_8), algorithm.hmac));
      digest = mac.doFinal(input);
    } else {
      digest = MessageDigest.getInstance(algorithm.digest).digest(input);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("algorithm", key.isPresent() ? algorithm.hmac : algorithm.digest);
    out.put("encoding", encoding.name().toLowerCase(Locale.ROOT));
    out.put(
        "digest",
        encoding == Encoding.HEX
            ? HexFormat.of().formatHex(digest)
            : Base64.getEncoder().encodeToString(digest));
    return out;
  }

  @Tool(
      name = "base64_encode",
      title = "Base64-encode text",
      description =
          "Encodes text (as UTF-8 bytes) in base64, standard (RFC 4648 §4) or URL-safe (§5, with"
              + " - and _ instead of + and /), with or without = padding.",
      tags = {"encoding"},
      readOnly = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {"{\"text\": \"hello world\"}", "{\"text\": \"a?b>c\", \"url_safe\": true}"})
  public Map<String, Object> encode(
      @ToolParam(description = "The text to encode") String text,
      @ToolParam(
              name = "url_safe",
              description = "Use the URL-safe alphabet",
              defaultValue = "false")
          boolean urlSafe,
      @ToolParam(description = "End with = padding", defaultValue = "true") boolean padding) {
    Base64.Encoder encoder = urlSafe ? Base64.getUrlEncoder() : Base64.getEncoder();
    if (!padding) {
      encoder = encoder.withoutPadding();
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("encoded", encoder.encodeToString(text.getBytes(StandardCharsets.UTF_8)));
    out.put("bytes", text.getBytes(StandardCharsets.UTF_8).length);
    return out;
  }

  @Tool(
      name = "base64_decode",
      title = "Decode base64",
      description =
          "Decodes base64, standard or URL-safe (detected from the characters), with or without"
              + " padding; whitespace is ignored. Returns the text when the bytes are valid UTF-8,"
              + " else their hex.",
      tags = {"encoding"},
      readOnly = Hint.TRUE,
      idempotent = Hint.TRUE,
      openWorld = Hint.FALSE,
      examples = {"{\"data\": \"aGVsbG8gd29ybGQ=\"}"})
  public Map<String, Object> decode(@ToolParam(description = "The base64 text") String data) {
    String clean = data.replaceAll("\\s+", "");
    boolean urlSafe = clean.indexOf('-') >= 0 || clean.indexOf('_') >= 0;
    byte[] bytes;
    try {
      bytes = (urlSafe ? Base64.getUrlDecoder() : Base64.getDecoder()).decode(clean);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "not valid base64 ("
              + e.getMessage()
              + "); it may hold only A-Z a-z 0-9 + / (or - _)"
              + " and = padding");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("alphabet", urlSafe ? "url_safe" : "standard");
    out.put("bytes", bytes.length);
    try {
      out.put(
          "text",
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString());
    } catch (CharacterCodingException notText) {
      out.put("hex", HexFormat.of().formatHex(bytes));
    }
    return out;
  }
}
