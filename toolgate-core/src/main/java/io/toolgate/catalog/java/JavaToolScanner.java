package io.toolgate.catalog.java;

import io.toolgate.catalog.InvalidToolException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolAnnotations;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolNames;
import io.toolgate.catalog.ToolPolicy;
import io.toolgate.json.Json;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ObjectNode;

/**
 * Turns the {@link Tool}-annotated methods of an object or a class into registered tools.
 *
 * <pre>{@code
 * List<RegisteredTool> tools = JavaToolScanner.scan(new WeatherTools(http)); // instance methods
 * List<RegisteredTool> more = JavaToolScanner.scan(MathTools.class);          // static methods
 * registry.registerAll(tools);
 * }</pre>
 *
 * <p>Each method becomes one tool: its parameter schema comes from {@link
 * JavaSchemas#parameters(Method)}, its executor binds the JSON arguments to the parameters with
 * Jackson and calls the method. Annotated methods declared by superclasses are included; non-public
 * methods are made accessible. Tools carry the source label {@code java:<binary class name>} unless
 * another is given, and come back sorted by name.
 *
 * <p>Scanning fails as a whole, with an {@link InvalidToolException} naming the method, when two
 * methods claim the same tool name, a parameter type is not supported, an example is not a JSON
 * object, or (when scanning a class) an annotated method is not static.
 */
public final class JavaToolScanner {
  private JavaToolScanner() {}

  /** The tools of {@code target}'s annotated methods, instance and static. */
  public static List<RegisteredTool> scan(Object target) {
    return scan(target, defaultSource(target.getClass()));
  }

  /** The tools of {@code target}'s annotated methods, labelled with {@code source}. */
  public static List<RegisteredTool> scan(Object target, String source) {
    Objects.requireNonNull(target, "target");
    if (target instanceof Class<?> type) {
      return scan(type, source);
    }
    return scan(target.getClass(), target, source);
  }

  /** The tools of the annotated static methods of {@code type}. */
  public static List<RegisteredTool> scan(Class<?> type) {
    return scan(type, defaultSource(type));
  }

  /** The tools of the annotated static methods of {@code type}, labelled with {@code source}. */
  public static List<RegisteredTool> scan(Class<?> type, String source) {
    return scan(type, null, source);
  }

  /** {@code java:<binary class name>}, the source label of scanned tools. */
  public static String defaultSource(Class<?> type) {
    return "java:" + type.getName();
  }

  private static List<RegisteredTool> scan(Class<?> type, Object instance, String source) {
    Map<String, Method> byName = new LinkedHashMap<>();
    List<RegisteredTool> tools = new ArrayList<>();
    for (Method method : annotatedMethods(type)) {
      Tool tool = method.getAnnotation(Tool.class);
      if (instance == null && !Modifier.isStatic(method.getModifiers())) {
        throw new InvalidToolException(
            describe(method)
                + " is an instance method; scan an instance of "
                + type.getSimpleName()
                + " instead of the class, or make the method static",
            "");
      }
      ToolDefinition definition = definition(method, tool, source);
      Method twin = byName.putIfAbsent(definition.name(), method);
      if (twin != null) {
        throw new InvalidToolException(
            "two @Tool methods of "
                + type.getName()
                + " are named '"
                + definition.name()
                + "': "
                + describe(twin)
                + " and "
                + describe(method)
                + "; give one another @Tool(name = …)",
            "/name");
      }
      tools.add(
          new RegisteredTool(
              definition,
              new MethodToolExecutor(
                  definition.name(), method, instance, definition.parameters())));
    }
    tools.sort(Comparator.comparing(RegisteredTool::name));
    return List.copyOf(tools);
  }

  private static List<Method> annotatedMethods(Class<?> type) {
    List<Method> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      Method[] declared = c.getDeclaredMethods();
      Arrays.sort(declared, Comparator.comparing(Method::toGenericString));
      for (Method m : declared) {
        if (m.isBridge() || m.isSynthetic() || !m.isAnnotationPresent(Tool.class)) {
          continue;
        }
        // An override in a subclass hides the superclass method of the same signature.
        String signature = m.getName() + Arrays.toString(m.getParameterTypes());
        if (seen.add(signature)) {
          if (!m.trySetAccessible()) {
            throw new InvalidToolException(
                describe(m) + " is not accessible; make it public or open its package", "");
          }
          out.add(m);
        }
      }
    }
    return out;
  }

  static ToolDefinition definition(Method method, Tool tool, String source) {
    String name = tool.name().isBlank() ? snakeCase(method.getName()) : tool.name().strip();
    try {
      ToolNames.requireValid(name);
      ObjectNode parameters = JavaSchemas.parameters(method);
      return ToolDefinition.builder(name, parameters)
          .title(tool.title())
          .description(tool.description())
          .version(tool.version())
          .tags(List.of(tool.tags()))
          .source(source)
          .sandbox(tool.sandbox())
          .asTool(tool.asTool())
          .dependencies(List.of(tool.dependencies()))
          .secrets(List.of(tool.secrets()))
          .examples(examples(method, tool))
          .annotations(
              new ToolAnnotations(
                  tool.readOnly().value(),
                  tool.destructive().value(),
                  tool.idempotent().value(),
                  tool.openWorld().value()))
          .policy(policy(method, tool))
          .build();
    } catch (InvalidToolException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new InvalidToolException(describe(method) + ": " + e.getMessage(), "", e);
    }
  }

  private static List<ObjectNode> examples(Method method, Tool tool) {
    List<ObjectNode> out = new ArrayList<>();
    for (String example : tool.examples()) {
      try {
        out.add(Json.parseObject(example, "example"));
      } catch (RuntimeException e) {
        throw new InvalidToolException(
            describe(method)
                + ": example "
                + example
                + " is not a JSON object of arguments ("
                + e.getMessage()
                + ")",
            "/examples/" + out.size());
      }
    }
    return out;
  }

  private static ToolPolicy policy(Method method, Tool tool) {
    if (tool.timeoutMs() < 0) {
      throw new InvalidToolException(
          describe(method)
              + ": timeoutMs must be positive, or 0 to inherit; got "
              + tool.timeoutMs(),
          "/timeout_ms");
    }
    return tool.timeoutMs() == 0
        ? ToolPolicy.INHERIT
        : ToolPolicy.withTimeout(Duration.ofMillis(tool.timeoutMs()));
  }

  /** {@code timeNow} → {@code time_now}; {@code parseURL} → {@code parse_url}. */
  static String snakeCase(String camel) {
    return camel
        .replaceAll("([a-z0-9])([A-Z])", "$1_$2")
        .replaceAll("([A-Z]+)([A-Z][a-z])", "$1_$2")
        .toLowerCase(Locale.ROOT);
  }

  /** {@code Clock.now(String, Optional)}, for messages. */
  static String describe(Method method) {
    return method.getDeclaringClass().getSimpleName()
        + "."
        + method.getName()
        + Arrays.stream(method.getParameterTypes())
            .map(Class::getSimpleName)
            .collect(Collectors.joining(", ", "(", ")"));
  }
}
