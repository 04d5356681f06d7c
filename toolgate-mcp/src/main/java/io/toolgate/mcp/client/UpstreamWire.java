package io.toolgate.mcp.client;

import io.modelcontextprotocol.spec.McpSchema;
import io.toolgate.catalog.ToolAnnotations;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolNames;
import io.toolgate.catalog.ToolPolicy;
import io.toolgate.json.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** Maps an upstream server's wire records to the catalog: tools in, call results out. */
final class UpstreamWire {
  private UpstreamWire() {}

  /**
   * The catalog name of an upstream tool: {@code server__tool}, invalid characters as {@code _}.
   */
  static String catalogName(String server, String tool) {
    String safe = tool.replaceAll("[^A-Za-z0-9_.-]", "_");
    int room = 128 - server.length() - ToolNames.NAMESPACE_SEPARATOR.length();
    if (safe.length() > room) {
      safe = safe.substring(0, Math.max(1, room));
    }
    return ToolNames.namespaced(server, safe);
  }

  /**
   * The catalog definition of an upstream tool: namespaced name, title, description, input and
   * output schemas, annotations; source {@code mcp:<server>}; its timeout a little above the
   * server's call timeout so that the forwarding's own, clearer timeout error comes first.
   *
   * @throws IllegalArgumentException when the tool's input schema is not a usable JSON Schema
   */
  static ToolDefinition definition(McpServerSpec spec, McpSchema.Tool tool) {
    ObjectNode parameters =
        tool.inputSchema() == null ? Json.object() : (ObjectNode) Json.tree(tool.inputSchema());
    if (!parameters.has("type")) {
      parameters.put("type", "object");
    }
    String title = tool.title();
    if ((title == null || title.isBlank()) && tool.annotations() != null) {
      title = tool.annotations().title();
    }
    ToolDefinition.Builder b =
        ToolDefinition.builder(catalogName(spec.name(), tool.name()), parameters)
            .title(title)
            .description(tool.description())
            .source(spec.sourceId())
            .annotations(annotations(tool.annotations()))
            .policy(ToolPolicy.withTimeout(spec.timeout().plus(Duration.ofSeconds(1))));
    if (tool.outputSchema() != null) {
      b.returns(Json.tree(tool.outputSchema()));
    }
    return b.build();
  }

  private static ToolAnnotations annotations(McpSchema.ToolAnnotations a) {
    if (a == null) {
      return ToolAnnotations.NONE;
    }
    return new ToolAnnotations(
        Optional.ofNullable(a.readOnlyHint()),
        Optional.ofNullable(a.destructiveHint()),
        Optional.ofNullable(a.idempotentHint()),
        Optional.ofNullable(a.openWorldHint()));
  }

  /**
   * The JSON result of a successful call: the structured content when the server sent one;
   * otherwise a single text block as its JSON value when it holds a JSON object or array, else as a
   * string; otherwise the list of content blocks ({@code {type: text, text}}, {@code {type: image,
   * mimeType, data}}, …).
   */
  static JsonNode result(McpSchema.CallToolResult result) {
    if (result.structuredContent() != null) {
      return Json.tree(result.structuredContent());
    }
    List<McpSchema.Content> content = result.content() == null ? List.of() : result.content();
    if (content.size() == 1 && content.getFirst() instanceof McpSchema.TextContent text) {
      return textValue(text.text());
    }
    ArrayNode blocks = Json.array();
    for (McpSchema.Content c : content) {
      blocks.add(block(c));
    }
    return blocks;
  }

  /** The text of an error result: its text blocks joined, or a note when it has none. */
  static String errorText(McpSchema.CallToolResult result) {
    List<String> texts = new ArrayList<>();
    if (result.content() != null) {
      for (McpSchema.Content c : result.content()) {
        if (c instanceof McpSchema.TextContent t) {
          texts.add(t.text());
        }
      }
    }
    if (texts.isEmpty() && result.structuredContent() != null) {
      texts.add(Json.write(Json.tree(result.structuredContent())));
    }
    return texts.isEmpty()
        ? "the tool reported an error without a message"
        : String.join("\n", texts);
  }

  private static JsonNode textValue(String text) {
    String t = text == null ? "" : text.strip();
    if ((t.startsWith("{") && t.endsWith("}")) || (t.startsWith("[") && t.endsWith("]"))) {
      try {
        return Json.parse(t);
      } catch (JacksonException e) {
        // not JSON after all: keep the text
      }
    }
    return Json.mapper().getNodeFactory().stringNode(text == null ? "" : text);
  }

  private static ObjectNode block(McpSchema.Content c) {
    ObjectNode out = Json.object();
    switch (c) {
      case McpSchema.TextContent t -> out.put("type", "text").put("text", t.text());
      case McpSchema.ImageContent i ->
          out.put("type", "image").put("mimeType", i.mimeType()).put("data", i.data());
      case McpSchema.AudioContent a ->
          out.put("type", "audio").put("mimeType", a.mimeType()).put("data", a.data());
      case McpSchema.ResourceLink l -> {
        out.put("type", "resource_link").put("uri", l.uri()).put("name", l.name());
        if (l.mimeType() != null) {
          out.put("mimeType", l.mimeType());
        }
        if (l.description() != null) {
          out.put("description", l.description());
        }
      }
      case McpSchema.EmbeddedResource r -> {
        out.put("type", "resource");
        out.set("resource", Json.tree(r.resource()));
      }
      default -> {
        out.put("type", c.type());
        out.set("value", Json.tree(c));
      }
    }
    return out;
  }
}
