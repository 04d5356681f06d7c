package io.toolgate.invoke;

import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolPolicy;
import io.toolgate.invoke.spi.ToolExecutor;
import io.toolgate.json.Json;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Small builders for tools in invocation tests. */
public final class Tools {
  private Tools() {}

  /** A schema with one required string property {@code name}. */
  public static ObjectNode stringParam(String name) {
    return (ObjectNode)
        Json.parse(
            "{\"type\":\"object\",\"properties\":{\""
                + name
                + "\":{\"type\":\"string\"}},\"required\":[\""
                + name
                + "\"]}");
  }

  /** A schema without properties. */
  public static ObjectNode noParams() {
    return (ObjectNode) Json.parse("{\"type\":\"object\",\"properties\":{}}");
  }

  public static RegisteredTool tool(String name, JsonNode schema, ToolExecutor executor) {
    return new RegisteredTool(ToolDefinition.builder(name, schema).build(), executor);
  }

  public static RegisteredTool tool(
      String name, JsonNode schema, ToolPolicy policy, ToolExecutor executor) {
    return new RegisteredTool(
        ToolDefinition.builder(name, schema).policy(policy).build(), executor);
  }

  public static ToolPolicy policy(Duration timeout, int concurrency, long resultBytes) {
    return new ToolPolicy(
        Optional.ofNullable(timeout),
        concurrency > 0 ? OptionalInt.of(concurrency) : OptionalInt.empty(),
        resultBytes > 0 ? OptionalLong.of(resultBytes) : OptionalLong.empty());
  }
}
