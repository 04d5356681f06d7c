package io.toolgate.catalog.java;

import io.toolgate.ErrorCode;
import io.toolgate.invoke.spi.ToolCall;
import io.toolgate.invoke.spi.ToolContext;
import io.toolgate.invoke.spi.ToolExecutionException;
import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.json.Json;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs one {@link Tool} method: binds the JSON arguments to its parameters with Jackson (records,
 * enums, lists, optionals, java.time), calls it, and renders the return value as JSON.
 *
 * <p>Absent arguments take their {@link ToolParam#defaultValue()}, {@code Optional.empty()}, zero
 * for primitives, or {@code null}; defaults declared on nested record components are filled in too.
 * What the method throws becomes a {@link ToolExecutionException} prefixed with the tool name:
 * {@code IllegalArgumentException} is {@code invalid_arguments} (the arguments were wrong in a way
 * the schema cannot say, e.g. an unknown time zone), a {@link ToolExecutionException} keeps its
 * code, anything else is {@code execution_failed}. {@code InterruptedException} passes through so
 * that timeouts are reported as such. Thread-safe when the method is.
 */
final class MethodToolExecutor implements ToolExecutor {
  private final String tool;
  private final Method method;
  private final Object target;
  private final Binding[] bindings;
  private final ObjectNode schema;

  private record Binding(
      String name,
      JavaType type,
      Class<?> raw,
      Optional<JsonNode> defaultValue,
      boolean required) {}

  MethodToolExecutor(String tool, Method method, Object target, ObjectNode schema) {
    this.tool = tool;
    this.method = method;
    this.target = target;
    this.schema = schema;
    Parameter[] parameters = method.getParameters();
    this.bindings = new Binding[parameters.length];
    for (int i = 0; i < parameters.length; i++) {
      Parameter p = parameters[i];
      ToolParam param = p.getAnnotation(ToolParam.class);
      Optional<JsonNode> defaultValue =
          param == null || param.defaultValue().isEmpty()
              ? Optional.empty()
              : Optional.of(JavaSchemas.defaultValue(param.defaultValue()));
      bindings[i] =
          new Binding(
              JavaSchemas.argumentName(p),
              Json.mapper().constructType(p.getParameterizedType()),
              p.getType(),
              defaultValue,
              JavaSchemas.isRequired(p.getParameterizedType(), param, p, p.getAnnotatedType()));
    }
  }

  @Override
  public JsonNode execute(ToolCall call) throws Exception {
    JsonNode arguments = call.arguments();
    if (!arguments.isObject() && !arguments.isNull() && !arguments.isMissingNode()) {
      throw new ToolExecutionException(
          ErrorCode.INVALID_ARGUMENTS, tool + ": arguments must be a JSON object");
    }
    Object[] values = new Object[bindings.length];
    for (int i = 0; i < bindings.length; i++) {
      values[i] = bind(bindings[i], arguments, call);
    }
    Object result;
    try {
      result = method.invoke(target, values);
    } catch (InvocationTargetException e) {
      throw failure(e.getCause());
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(tool + ": cannot call " + method, e);
    }
    return render(result);
  }

  private Object bind(Binding b, JsonNode arguments, ToolCall call) {
    if (b.raw == ToolCall.class) {
      return call;
    }
    if (b.raw == ToolContext.class) {
      return ToolContext.of(call);
    }
    JsonNode node = arguments.get(b.name);
    if (node == null || node.isNull()) {
      if (b.defaultValue.isPresent()) {
        node = b.defaultValue.get();
      } else if (b.required) {
        throw new ToolExecutionException(
            ErrorCode.INVALID_ARGUMENTS, tool + ": /" + b.name + " is required");
      } else {
        return absent(b.raw);
      }
    }
    if (schema.get("properties").get(b.name) instanceof ObjectNode property) {
      node = Defaults.fill(property, node, schema);
    }
    try {
      return Json.mapper().convertValue(node, b.type);
    } catch (JacksonException | IllegalArgumentException e) {
      String detail = e instanceof JacksonException j ? j.getOriginalMessage() : e.getMessage();
      throw new ToolExecutionException(
          ErrorCode.INVALID_ARGUMENTS, tool + ": /" + b.name + ": " + firstLine(detail), e);
    }
  }

  private static Object absent(Class<?> raw) {
    if (raw == Optional.class) {
      return Optional.empty();
    }
    if (raw == OptionalInt.class) {
      return OptionalInt.empty();
    }
    if (raw == OptionalLong.class) {
      return OptionalLong.empty();
    }
    if (raw == OptionalDouble.class) {
      return OptionalDouble.empty();
    }
    if (raw.isPrimitive()) {
      return PRIMITIVE_ZERO.get(raw);
    }
    return null;
  }

  private static final Map<Class<?>, Object> PRIMITIVE_ZERO =
      Map.of(
          boolean.class,
          false,
          byte.class,
          (byte) 0,
          short.class,
          (short) 0,
          int.class,
          0,
          long.class,
          0L,
          float.class,
          0f,
          double.class,
          0d,
          char.class,
          '\0');

  private Exception failure(Throwable cause) {
    return switch (cause) {
      case ToolExecutionException e -> e;
      case InterruptedException e -> e;
      case Error e -> throw e;
      case IllegalArgumentException e ->
          new ToolExecutionException(ErrorCode.INVALID_ARGUMENTS, prefixed(e), e);
      default -> new ToolExecutionException(ErrorCode.EXECUTION_FAILED, prefixed(cause), cause);
    };
  }

  private String prefixed(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return message.startsWith(tool + ":") ? message : tool + ": " + message;
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "cannot read the value";
    }
    int nl = text.indexOf('\n');
    return nl < 0 ? text : text.substring(0, nl);
  }

  private JsonNode render(Object result) {
    if (method.getReturnType() == void.class) {
      return Json.object().put("ok", true);
    }
    Object value = result instanceof Optional<?> o ? o.orElse(null) : result;
    if (value == null) {
      return NullNode.getInstance();
    }
    if (value instanceof JsonNode node) {
      return node;
    }
    return Json.mapper().valueToTree(value);
  }

  @Override
  public String toString() {
    return "MethodToolExecutor[" + tool + " → " + JavaToolScanner.describe(method) + "]";
  }
}
