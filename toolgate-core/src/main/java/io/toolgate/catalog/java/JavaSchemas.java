package io.toolgate.catalog.java;

import io.toolgate.catalog.InvalidToolException;
import io.toolgate.invoke.spi.ToolCall;
import io.toolgate.invoke.spi.ToolContext;
import io.toolgate.json.Json;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
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
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Derives JSON Schemas (draft 2020-12) from Java signatures.
 *
 * <table>
 *   <caption>Type mapping</caption>
 *   <tr><th>Java</th><th>schema</th></tr>
 *   <tr><td>{@code boolean}, {@code Boolean}</td><td>{@code boolean}</td></tr>
 *   <tr><td>{@code int}, {@code long}, … , {@code BigInteger}</td><td>{@code integer}</td></tr>
 *   <tr><td>{@code double}, {@code float}, {@code BigDecimal}</td><td>{@code number}</td></tr>
 *   <tr><td>{@code String}, {@code char}, {@code UUID}, {@code URI}, {@code ZoneId}</td>
 *       <td>{@code string} (with a format where one exists)</td></tr>
 *   <tr><td>enums</td><td>{@code string} with {@code enum} of the constant names</td></tr>
 *   <tr><td>arrays, {@code List}/{@code Set}/{@code Collection<T>}</td>
 *       <td>{@code array} of T ({@code byte[]} is a base64 string)</td></tr>
 *   <tr><td>{@code Map<String, T>}</td><td>{@code object} with {@code additionalProperties}</td></tr>
 *   <tr><td>records</td><td>{@code object} of their components; self-references through
 *       {@code $defs}</td></tr>
 *   <tr><td>{@code Optional<T>}, {@code OptionalInt}, …</td><td>T, not required</td></tr>
 *   <tr><td>{@code Instant}, {@code OffsetDateTime}, {@code ZonedDateTime}</td>
 *       <td>{@code string}, format {@code date-time}</td></tr>
 *   <tr><td>{@code LocalDate}; {@code Duration}, {@code Period}</td>
 *       <td>format {@code date}; format {@code duration}</td></tr>
 *   <tr><td>{@code JsonNode}, {@code Object}</td><td>any value</td></tr>
 * </table>
 *
 * <p>A parameter or record component is optional when its type is an {@code Optional}, when it
 * carries any annotation whose simple name is {@code Nullable} (retained at run time), or when its
 * {@link ToolParam} says so. Other types are refused with an error naming the method, the parameter
 * and the path to the bad type. Thread-safe.
 */
public final class JavaSchemas {
  private JavaSchemas() {}

  /**
   * The parameter schema of a tool method: an object with one property per parameter (a {@link
   * ToolCall} parameter receives the call itself, a {@link ToolContext} one the caller's context;
   * both are left out) and {@code additionalProperties: false}.
   *
   * @throws InvalidToolException naming the method and parameter when a type is not supported
   */
  public static ObjectNode parameters(Method method) {
    Deriver deriver = new Deriver(JavaToolScanner.describe(method));
    ObjectNode root = Json.object();
    root.put("type", "object");
    ObjectNode properties = root.putObject("properties");
    ArrayNode required = Json.array();
    for (Parameter p : method.getParameters()) {
      if (p.getType() == ToolCall.class || p.getType() == ToolContext.class) {
        continue;
      }
      ToolParam param = p.getAnnotation(ToolParam.class);
      String name = argumentName(p);
      deriver.path = "parameter '" + name + "'";
      ObjectNode schema = deriver.schema(p.getParameterizedType());
      describe(schema, param);
      if (properties.has(name)) {
        throw new InvalidToolException(
            deriver.owner + ": two parameters take the argument name '" + name + "'", "");
      }
      properties.set(name, schema);
      if (isRequired(p.getParameterizedType(), param, p, p.getAnnotatedType())) {
        required.add(name);
      }
    }
    if (!required.isEmpty()) {
      root.set("required", required);
    }
    root.put("additionalProperties", false);
    deriver.addDefs(root);
    return root;
  }

  /**
   * The schema of one Java type, e.g. {@code of(Stop.class)}.
   *
   * @throws InvalidToolException when the type (or a part of it) is not supported
   */
  public static ObjectNode of(Type type) {
    Deriver deriver = new Deriver(type.getTypeName());
    deriver.path = "type";
    ObjectNode schema = deriver.schema(type);
    deriver.addDefs(schema);
    return schema;
  }

  /** The JSON name of a method parameter: its {@link ToolParam#name()}, else its Java name. */
  static String argumentName(Parameter p) {
    ToolParam param = p.getAnnotation(ToolParam.class);
    return param == null || param.name().isBlank() ? p.getName() : param.name().strip();
  }

  /** Whether a parameter or component must be given. */
  static boolean isRequired(
      Type type, ToolParam param, AnnotatedElement element, AnnotatedType annotatedType) {
    if (param != null && (!param.required() || !param.defaultValue().isEmpty())) {
      return false;
    }
    if (isOptional(type)) {
      return false;
    }
    return !hasNullable(element.getAnnotations()) && !hasNullable(annotatedType.getAnnotations());
  }

  static boolean isOptional(Type type) {
    Class<?> raw = raw(type);
    return raw == Optional.class
        || raw == OptionalInt.class
        || raw == OptionalLong.class
        || raw == OptionalDouble.class;
  }

  private static boolean hasNullable(Annotation[] annotations) {
    for (Annotation a : annotations) {
      if (a.annotationType().getSimpleName().equals("Nullable")) {
        return true;
      }
    }
    return false;
  }

  private static void describe(ObjectNode schema, ToolParam param) {
    if (param == null) {
      return;
    }
    if (!param.description().isBlank()) {
      schema.put("description", param.description().strip());
    }
    if (!param.defaultValue().isEmpty()) {
      schema.set("default", defaultValue(param.defaultValue()));
    }
  }

  /** The JSON value of a {@link ToolParam#defaultValue()}; a bare word is a string. */
  static JsonNode defaultValue(String text) {
    try {
      return Json.parse(text);
    } catch (RuntimeException notJson) {
      return Json.mapper().getNodeFactory().stringNode(text);
    }
  }

  static Class<?> raw(Type type) {
    return switch (type) {
      case Class<?> c -> c;
      case ParameterizedType p -> (Class<?>) p.getRawType();
      case GenericArrayType g -> Object[].class;
      case WildcardType w -> raw(w.getUpperBounds()[0]);
      default -> Object.class;
    };
  }

  /** One derivation: tracks records on the way down to find self-references. */
  private static final class Deriver {
    private static final Map<Class<?>, String[]> SCALARS = scalars();

    private final String owner;
    private final Deque<Class<?>> stack = new ArrayDeque<>();
    private final Set<Class<?>> recursive = new HashSet<>();
    private final Map<String, ObjectNode> defs = new LinkedHashMap<>();
    private String path = "";

    Deriver(String owner) {
      this.owner = owner;
    }

    private static Map<Class<?>, String[]> scalars() {
      Map<Class<?>, String[]> m = new LinkedHashMap<>();
      for (Class<?> c :
          new Class<?>[] {
            boolean.class, Boolean.class,
          }) {
        m.put(c, new String[] {"boolean", null});
      }
      for (Class<?> c :
          new Class<?>[] {
            byte.class,
            Byte.class,
            short.class,
            Short.class,
            int.class,
            Integer.class,
            long.class,
            Long.class,
            BigInteger.class
          }) {
        m.put(c, new String[] {"integer", null});
      }
      for (Class<?> c :
          new Class<?>[] {
            float.class, Float.class, double.class, Double.class, BigDecimal.class, Number.class
          }) {
        m.put(c, new String[] {"number", null});
      }
      m.put(OptionalInt.class, new String[] {"integer", null});
      m.put(OptionalLong.class, new String[] {"integer", null});
      m.put(OptionalDouble.class, new String[] {"number", null});
      for (Class<?> c :
          new Class<?>[] {
            String.class, CharSequence.class, ZoneId.class, LocalDateTime.class, LocalTime.class
          }) {
        m.put(c, new String[] {"string", null});
      }
      m.put(UUID.class, new String[] {"string", "uuid"});
      m.put(URI.class, new String[] {"string", "uri"});
      m.put(Instant.class, new String[] {"string", "date-time"});
      m.put(OffsetDateTime.class, new String[] {"string", "date-time"});
      m.put(ZonedDateTime.class, new String[] {"string", "date-time"});
      m.put(LocalDate.class, new String[] {"string", "date"});
      m.put(Duration.class, new String[] {"string", "duration"});
      m.put(Period.class, new String[] {"string", "duration"});
      return Map.copyOf(m);
    }

    ObjectNode schema(Type type) {
      return switch (type) {
        case Class<?> c -> ofClass(c);
        case ParameterizedType p -> ofParameterized(p);
        case GenericArrayType g -> array(g.getGenericComponentType(), false);
        case WildcardType w -> schema(w.getUpperBounds()[0]);
        default ->
            throw unsupported(type, "type variables cannot be described; use a concrete type");
      };
    }

    private ObjectNode ofClass(Class<?> c) {
      String[] scalar = SCALARS.get(c);
      if (scalar != null) {
        ObjectNode s = typed(scalar[0]);
        if (scalar[1] != null) {
          s.put("format", scalar[1]);
        }
        return s;
      }
      if (c == char.class || c == Character.class) {
        return typed("string").put("minLength", 1).put("maxLength", 1);
      }
      if (c == byte[].class) {
        return typed("string").put("contentEncoding", "base64");
      }
      if (c.isArray()) {
        return array(c.getComponentType(), false);
      }
      if (c.isEnum()) {
        ObjectNode s = typed("string");
        ArrayNode values = s.putArray("enum");
        for (Object constant : c.getEnumConstants()) {
          values.add(((Enum<?>) constant).name());
        }
        return s;
      }
      if (c.isRecord()) {
        return record(c);
      }
      if (c == Object.class || JsonNode.class == c) {
        return Json.object();
      }
      if (ObjectNode.class == c) {
        return typed("object");
      }
      if (ArrayNode.class == c) {
        return typed("array");
      }
      if (Collection.class.isAssignableFrom(c) || Map.class.isAssignableFrom(c)) {
        throw unsupported(c, "give its type arguments, e.g. List<String> or Map<String, Integer>");
      }
      if (c == Optional.class) {
        throw unsupported(c, "give its type argument, e.g. Optional<String>");
      }
      throw unsupported(
          c,
          "use a primitive, String, enum, record, array, List/Set, Map<String, T>, Optional,"
              + " a java.time type or JsonNode");
    }

    private ObjectNode ofParameterized(ParameterizedType p) {
      Class<?> raw = (Class<?>) p.getRawType();
      Type[] args = p.getActualTypeArguments();
      if (raw == Optional.class) {
        return schema(args[0]);
      }
      if (Collection.class.isAssignableFrom(raw) || raw == Iterable.class) {
        return array(args[0], Set.class.isAssignableFrom(raw));
      }
      if (Map.class.isAssignableFrom(raw)) {
        Class<?> key = raw(args[0]);
        ObjectNode s = typed("object");
        if (key.isEnum()) {
          s.set("propertyNames", ofClass(key));
        } else if (key != String.class) {
          throw unsupported(p, "map keys must be String or an enum (JSON object keys are text)");
        }
        s.set("additionalProperties", schema(args[1]));
        return s;
      }
      throw unsupported(p, "generic types other than Optional, collections and maps are not read");
    }

    private ObjectNode array(Type item, boolean unique) {
      ObjectNode s = typed("array");
      s.set("items", schema(item));
      if (unique) {
        s.put("uniqueItems", true);
      }
      return s;
    }

    private ObjectNode record(Class<?> type) {
      if (stack.contains(type) || defs.containsKey(defName(type))) {
        recursive.add(type);
        return ref(type);
      }
      stack.push(type);
      ObjectNode s = typed("object");
      ObjectNode properties = s.putObject("properties");
      ArrayNode required = Json.array();
      String outer = path;
      for (RecordComponent component : type.getRecordComponents()) {
        path = outer + " → " + type.getSimpleName() + "." + component.getName();
        ObjectNode property = schema(component.getGenericType());
        ToolParam param = component.getAnnotation(ToolParam.class);
        describe(property, param);
        properties.set(component.getName(), property);
        if (isRequired(
            component.getGenericType(), param, component, component.getAnnotatedType())) {
          required.add(component.getName());
        }
      }
      path = outer;
      if (!required.isEmpty()) {
        s.set("required", required);
      }
      s.put("additionalProperties", false);
      stack.pop();
      if (recursive.contains(type)) {
        defs.put(defName(type), s);
        return ref(type);
      }
      return s;
    }

    private static String defName(Class<?> type) {
      return type.getName()
          .substring(type.getPackageName().length())
          .replaceFirst("^\\.", "")
          .replace('$', '.');
    }

    private static ObjectNode ref(Class<?> type) {
      return Json.object().put("$ref", "#/$defs/" + defName(type));
    }

    void addDefs(ObjectNode root) {
      if (!defs.isEmpty()) {
        ObjectNode out = root.putObject("$defs");
        defs.forEach(out::set);
      }
    }

    private static ObjectNode typed(String type) {
      return Json.object().put("type", type);
    }

    private InvalidToolException unsupported(Type type, String fix) {
      return new InvalidToolException(
          owner + ", " + path + ": type " + type.getTypeName() + " is not supported; " + fix, "");
    }
  }
}
