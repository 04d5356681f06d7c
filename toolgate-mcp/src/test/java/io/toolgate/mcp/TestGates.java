package io.toolgate.mcp;

import io.toolgate.Toolgate;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.json.Json;
import io.toolgate.search.HybridToolSearch;
import tools.jackson.databind.node.ObjectNode;

/** Gateways for tests: a registry, the real invocation pipeline and a search. */
public final class TestGates {
  private TestGates() {}

  /** A gateway over {@code registry}: the real hybrid search (lexical only) and call pipeline. */
  public static Toolgate gate(ToolRegistry registry) {
    HybridToolSearch search = HybridToolSearch.builder().build();
    search.follow(registry);
    return Toolgate.builder()
        .registry(registry)
        .search(search)
        .invoker(ToolInvoker.builder(registry).build())
        .build();
  }

  /** A tool that returns {@code {"text": <its text argument>}}. */
  public static RegisteredTool echo(String name, String description) {
    ObjectNode schema =
        Json.parseObject(
            "{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\"}},"
                + "\"required\":[\"text\"],\"additionalProperties\":false}",
            "schema");
    ToolDefinition def = ToolDefinition.builder(name, schema).description(description).build();
    return new RegisteredTool(
        def,
        call -> {
          ObjectNode out = Json.object();
          out.put("text", call.arguments().path("text").asString());
          return out;
        });
  }

  /** A tool that adds two integers: {@code {"sum": a + b}}. */
  public static RegisteredTool adder() {
    ObjectNode schema =
        Json.parseObject(
            "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"},"
                + "\"b\":{\"type\":\"integer\"}},\"required\":[\"a\",\"b\"]}",
            "schema");
    ToolDefinition def =
        ToolDefinition.builder("math_add", schema)
            .description("Adds two whole numbers and returns their sum.")
            .build();
    return new RegisteredTool(
        def,
        call -> {
          ObjectNode out = Json.object();
          out.put("sum", call.arguments().path("a").asLong() + call.arguments().path("b").asLong());
          return out;
        });
  }
}
