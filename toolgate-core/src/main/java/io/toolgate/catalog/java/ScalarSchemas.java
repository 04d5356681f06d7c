package io.toolgate.catalog.java;

import io.toolgate.json.Json;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;
import tools.jackson.databind.node.ObjectNode;

/**
 * The schemas of Java's scalar types: booleans, integers, numbers, strings and the types written as
 * strings with a {@code format} ({@code UUID}, {@code URI}, the {@code java.time} types), {@code
 * char} (one character) and {@code byte[]} (base64). The type mapping table is on {@link
 * JavaSchemas}. Stateless.
 */
final class ScalarSchemas {
  /** A JSON Schema {@code type} and its {@code format}, when one exists. */
  private record Scalar(String type, Optional<String> format) {}

  private static final Map<Class<?>, Scalar> SCALARS = scalars();

  private ScalarSchemas() {}

  /** The schema of {@code c} when it is a scalar type; empty otherwise. */
  static Optional<ObjectNode> of(Class<?> c) {
    Scalar scalar = SCALARS.get(c);
    if (scalar != null) {
      ObjectNode s = typed(scalar.type());
      scalar.format().ifPresent(f -> s.put("format", f));
      return Optional.of(s);
    }
    if (c == char.class || c == Character.class) {
      return Optional.of(typed("string").put("minLength", 1).put("maxLength", 1));
    }
    if (c == byte[].class) {
      return Optional.of(typed("string").put("contentEncoding", "base64"));
    }
    return Optional.empty();
  }

  /** {@code {"type": type}}. */
  static ObjectNode typed(String type) {
    return Json.object().put("type", type);
  }

  private static Map<Class<?>, Scalar> scalars() {
    Map<Class<?>, Scalar> m = new HashMap<>();
    put(m, "boolean", null, boolean.class, Boolean.class);
    put(m, "integer", null, byte.class, Byte.class, short.class, Short.class, int.class);
    put(m, "integer", null, Integer.class, long.class, Long.class, BigInteger.class);
    put(m, "integer", null, OptionalInt.class, OptionalLong.class);
    put(m, "number", null, float.class, Float.class, double.class, Double.class);
    put(m, "number", null, BigDecimal.class, Number.class, OptionalDouble.class);
    put(m, "string", null, String.class, CharSequence.class, ZoneId.class);
    put(m, "string", null, LocalDateTime.class, LocalTime.class);
    put(m, "string", "uuid", UUID.class);
    put(m, "string", "uri", URI.class);
    put(m, "string", "date-time", Instant.class, OffsetDateTime.class, ZonedDateTime.class);
    put(m, "string", "date", LocalDate.class);
    put(m, "string", "duration", Duration.class, Period.class);
    return Map.copyOf(m);
  }

  private static void put(Map<Class<?>, Scalar> m, String type, String format, Class<?>... types) {
    for (Class<?> c : types) {
      m.put(c, new Scalar(type, Optional.ofNullable(format)));
    }
  }
}
