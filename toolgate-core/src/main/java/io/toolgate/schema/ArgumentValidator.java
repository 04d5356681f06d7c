package io.toolgate.schema;

import com.networknt.schema.Schema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Validates call arguments against a tool's parameter schema, compiling each schema once.
 *
 * <pre>{@code
 * List<Violation> problems = validator.validate(tool.checksum(), tool.parameters(), args);
 * }</pre>
 *
 * <p>Compiled schemas are cached by a caller-chosen key that must change whenever the schema does
 * (a tool's checksum does). The cache keeps the {@code capacity} most recently used schemas.
 * Thread-safe.
 */
public final class ArgumentValidator {
  private final Map<String, Schema> compiled;

  /** A validator caching up to 4,096 compiled schemas. */
  public ArgumentValidator() {
    this(4096);
  }

  /**
   * @param capacity how many compiled schemas to keep, at least 1
   */
  public ArgumentValidator(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
    }
    this.compiled =
        new LinkedHashMap<>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<String, Schema> eldest) {
            return size() > capacity;
          }
        };
  }

  /**
   * Where {@code arguments} break {@code schema}; empty when they are valid.
   *
   * @param cacheKey identifies this exact schema, e.g. the tool's checksum
   */
  public List<Violation> validate(String cacheKey, ObjectNode schema, JsonNode arguments) {
    try {
      return JsonSchemas.violations(compile(cacheKey, schema).validate(arguments));
    } catch (StackOverflowError e) {
      // RefCycles refuses the $ref cycles it can see; one it cannot (a reference through another
      // document) must still fail this call alone, not the thread serving it.
      throw new InvalidSchemaException(
          "the parameter schema recurses without end while checking these arguments (a $ref"
              + " cycle?); fix the tool's parameters",
          List.of());
    }
  }

  private Schema compile(String cacheKey, ObjectNode schema) {
    synchronized (compiled) {
      Schema s = compiled.get(cacheKey);
      if (s != null) {
        return s;
      }
    }
    Schema fresh = JsonSchemas.REGISTRY.getSchema(schema);
    synchronized (compiled) {
      compiled.putIfAbsent(cacheKey, fresh);
      return compiled.get(cacheKey);
    }
  }
}
