package io.toolgate.mcp.server;

import io.modelcontextprotocol.spec.McpSchema;
import io.toolgate.catalog.ToolAnnotations;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Maps catalog types to MCP wire records: the one place the server's wire shapes are made. */
final class McpWire {
  private McpWire() {}

  /** A catalog tool as an MCP {@code Tool}: name, title, description, schemas and hints. */
  static McpSchema.Tool tool(ToolDefinition def) {
    McpSchema.Tool.Builder b =
        McpSchema.Tool.builder(def.name(), Json.toMap(def.parameters()))
            .description(def.description().isEmpty() ? null : def.description());
    if (!def.title().isEmpty()) {
      b.title(def.title());
    }
    def.returns().ifPresent(r -> b.outputSchema(Json.toMap(r)));
    annotations(def.annotations(), def.title()).ifPresent(b::annotations);
    return b.build();
  }

  private static java.util.Optional<McpSchema.ToolAnnotations> annotations(
      ToolAnnotations a, String title) {
    if (a.isEmpty()) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        new McpSchema.ToolAnnotations(
            title.isEmpty() ? null : title,
            a.readOnlyHint().orElse(null),
            a.destructiveHint().orElse(null),
            a.idempotentHint().orElse(null),
            a.openWorldHint().orElse(null),
            null));
  }

  /** A call result carrying {@code structured} as structured content and as JSON text. */
  static McpSchema.CallToolResult result(ObjectNode structured, String text, boolean isError) {
    return McpSchema.CallToolResult.builder()
        .addTextContent(text)
        .structuredContent(Json.toMap(structured))
        .isError(isError)
        .build();
  }

  /** The arguments of a call as a JSON object ({@code {}} when absent). */
  static ObjectNode arguments(Map<String, Object> arguments) {
    if (arguments == null) {
      return Json.object();
    }
    JsonNode tree = Json.tree(arguments);
    return tree instanceof ObjectNode o ? o : Json.object();
  }
}
