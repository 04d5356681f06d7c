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
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
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
 *
 * <p>The walk over a type is {@link TypeSchemaDeriver}'s, the scalar types' schemas are {@link
 * ScalarSchemas}'; this class holds the entry points and the rules for parameters (names, required
 * or not, descriptions and defaults).
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
    TypeSchemaDeriver deriver = new TypeSchemaDeriver(JavaToolScanner.describe(method));
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
      deriver.at("parameter '" + name + "'");
      ObjectNode schema = deriver.schema(p.getParameterizedType());
      describe(schema, param);
      if (properties.has(name)) {
        throw new InvalidToolException(
            deriver.owner() + ": two parameters take the argument name '" + name + "'", "");
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
    TypeSchemaDeriver deriver = new TypeSchemaDeriver(type.getTypeName());
    deriver.at("type");
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

  /** Adds the description and default of {@code param}, when it has them, to {@code schema}. */
  static void describe(ObjectNode schema, ToolParam param) {
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
}
