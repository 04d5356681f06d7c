package io.toolgate.mcp.server;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Collection;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * Checks the {@code params} of the requests Toolgate answers before the SDK converts them into its
 * records, so that a bad one is a -32602 naming the field and what it must be, instead of an SDK
 * exception text. The fields Toolgate reads are checked by name; everything else by converting to
 * the SDK's record, reporting the path of the field that does not fit. Thread-safe.
 */
final class McpParams {
  private static final Map<String, Class<?>> RECORDS =
      Map.of(
          McpSchema.METHOD_INITIALIZE, McpSchema.InitializeRequest.class,
          McpSchema.METHOD_TOOLS_CALL, McpSchema.CallToolRequest.class,
          McpSchema.METHOD_TOOLS_LIST, McpSchema.PaginatedRequest.class,
          McpSchema.METHOD_RESOURCES_LIST, McpSchema.PaginatedRequest.class,
          McpSchema.METHOD_RESOURCES_TEMPLATES_LIST, McpSchema.PaginatedRequest.class,
          McpSchema.METHOD_RESOURCES_READ, McpSchema.ReadResourceRequest.class);

  private final McpJsonMapper mapper;

  McpParams(McpJsonMapper mapper) {
    this.mapper = mapper;
  }

  /** What is wrong with {@code params} of {@code method} (an object), or null when nothing. */
  String problem(String method, JsonNode params) {
    String own =
        switch (method) {
          case McpSchema.METHOD_INITIALIZE ->
              first(
                  string(params, "protocolVersion", true, "the protocol revision, e.g. 2025-06-18"),
                  object(params, "capabilities"),
                  object(params, "clientInfo"));
          case McpSchema.METHOD_TOOLS_CALL ->
              first(string(params, "name", true, "the tool to call"), object(params, "arguments"));
          case McpSchema.METHOD_RESOURCES_READ ->
              string(params, "uri", true, "e.g. " + McpProtocol.CAPABILITIES_URI);
          case McpSchema.METHOD_TOOLS_LIST,
              McpSchema.METHOD_RESOURCES_LIST,
              McpSchema.METHOD_RESOURCES_TEMPLATES_LIST ->
              string(params, "cursor", false, "the nextCursor of the previous page");
          default -> null;
        };
    own = first(own, object(params, "_meta"));
    if (own != null) {
      return method + ": " + own;
    }
    Class<?> type = RECORDS.get(method);
    if (type == null) {
      return null;
    }
    try {
      mapper.convertValue(params, type);
      return null;
    } catch (RuntimeException e) {
      return method + ": " + mismatch(e);
    }
  }

  private static String first(String... problems) {
    for (String p : problems) {
      if (p != null) {
        return p;
      }
    }
    return null;
  }

  private static String string(JsonNode params, String field, boolean required, String hint) {
    JsonNode v = params.get(field);
    if (v == null || v.isNull()) {
      return required ? "params." + field + " is required: a string, " + hint : null;
    }
    if (!v.isString() || (required && v.asString().isEmpty())) {
      return "params."
          + field
          + " must be a"
          + (required ? " non-empty" : "")
          + " string ("
          + hint
          + "), got "
          + InboundMessages.shortText(v);
    }
    return null;
  }

  private static String object(JsonNode params, String field) {
    JsonNode v = params.get(field);
    return v == null || v.isNull() || v.isObject()
        ? null
        : "params." + field + " must be an object, got " + InboundMessages.shortText(v);
  }

  /** The path of the field the SDK's record could not take, and what it expects there. */
  private static String mismatch(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof JacksonException j && !j.getPath().isEmpty()) {
        StringBuilder path = new StringBuilder("params");
        for (JacksonException.Reference r : j.getPath()) {
          path.append(
              r.getPropertyName() != null ? "." + r.getPropertyName() : "[" + r.getIndex() + "]");
        }
        String expected =
            j instanceof MismatchedInputException m && m.getTargetType() != null
                ? " must be " + kind(m.getTargetType())
                : " does not fit the MCP schema";
        return path + expected;
      }
    }
    return "params do not fit the MCP schema of this method";
  }

  private static String kind(Class<?> type) {
    if (type == String.class || type == char.class || type == Character.class) {
      return "a string";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "a boolean";
    }
    if (type.isPrimitive() || Number.class.isAssignableFrom(type)) {
      return "a number";
    }
    if (type.isArray() || Collection.class.isAssignableFrom(type)) {
      return "an array";
    }
    return "an object";
  }
}
