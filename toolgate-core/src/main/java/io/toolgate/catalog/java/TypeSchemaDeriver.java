package io.toolgate.catalog.java;

import static io.toolgate.catalog.java.ScalarSchemas.typed;

import io.toolgate.catalog.InvalidToolException;
import io.toolgate.json.Json;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One derivation of JSON Schemas from Java types, for {@link JavaSchemas}: walks a type down to its
 * scalars, arrays, maps, enums and records, tracks the records on the way to find self-references
 * (written once under {@code $defs} and referenced with {@code $ref}), and refuses what it cannot
 * describe with the owner, the path to the bad type and the fix. Not thread-safe: one per method or
 * type.
 */
final class TypeSchemaDeriver {
  private final String owner;
  private final Deque<Class<?>> stack = new ArrayDeque<>();
  private final Set<Class<?>> recursive = new HashSet<>();
  private final Map<String, ObjectNode> defs = new LinkedHashMap<>();
  private String path = "";

  /**
   * @param owner what is being described, for errors: a method ({@code JavaToolScanner.describe})
   *     or a type name
   */
  TypeSchemaDeriver(String owner) {
    this.owner = owner;
  }

  /** What is being described, as errors name it. */
  String owner() {
    return owner;
  }

  /** Sets where the next {@link #schema} is, for errors, e.g. {@code parameter 'city'}. */
  void at(String newPath) {
    this.path = newPath;
  }

  /** The schema of {@code type}. */
  ObjectNode schema(Type type) {
    return switch (type) {
      case Class<?> c -> ofClass(c);
      case ParameterizedType p -> ofParameterized(p);
      case GenericArrayType g -> array(g.getGenericComponentType(), false);
      case WildcardType w -> schema(w.getUpperBounds()[0]);
      default -> throw unsupported(type, "type variables cannot be described; use a concrete type");
    };
  }

  /** Adds the {@code $defs} of the self-referencing records met so far to {@code root}. */
  void addDefs(ObjectNode root) {
    if (!defs.isEmpty()) {
      ObjectNode out = root.putObject("$defs");
      defs.forEach(out::set);
    }
  }

  private ObjectNode ofClass(Class<?> c) {
    Optional<ObjectNode> scalar = ScalarSchemas.of(c);
    if (scalar.isPresent()) {
      return scalar.get();
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
    return ofJsonOrRefuse(c);
  }

  /** {@code JsonNode}, {@code Object} and the JSON node types; anything else is refused. */
  private ObjectNode ofJsonOrRefuse(Class<?> c) {
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
      Class<?> key = JavaSchemas.raw(args[0]);
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
      JavaSchemas.describe(property, param);
      properties.set(component.getName(), property);
      if (JavaSchemas.isRequired(
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

  private InvalidToolException unsupported(Type type, String fix) {
    return new InvalidToolException(
        owner + ", " + path + ": type " + type.getTypeName() + " is not supported; " + fix, "");
  }
}
