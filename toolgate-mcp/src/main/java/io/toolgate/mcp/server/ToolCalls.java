package io.toolgate.mcp.server;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.toolgate.ErrorCode;
import io.toolgate.Toolgate;
import io.toolgate.exposure.MetaToolCalls;
import io.toolgate.exposure.MetaTools;
import io.toolgate.exposure.Profile;
import io.toolgate.format.Format;
import io.toolgate.format.ProviderNames;
import io.toolgate.invoke.CallOptions;
import io.toolgate.invoke.ToolError;
import io.toolgate.invoke.ToolResult;
import io.toolgate.invoke.ToolResultJson;
import io.toolgate.json.Json;
import io.toolgate.schema.ArgumentValidator;
import io.toolgate.schema.Violation;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs {@code tools/call}: the four meta-tools by their reserved names, and any catalog tool by its
 * name (the RFC requires direct calls after retrieval, whatever {@code tools/list} shows).
 *
 * <p>Every outcome is a tool result, never a protocol error: bad arguments, an unknown tool and a
 * failed call come back with {@code isError: true}, a text that names the tool and the problem, and
 * the normalized ToolResult JSON as structured content. Thread-safe.
 */
final class ToolCalls {
  private final Toolgate gate;
  private final ToolsListing listing;
  private final Profile profile;
  private final MetaToolCalls metaTools;
  private final Map<Format, Names> providerNames = new ConcurrentHashMap<>();
  private final MetaToolCalls.Names catalogNames =
      new MetaToolCalls.Names() {
        @Override
        public ProviderNames table(Format format) {
          return names(format);
        }

        @Override
        public Optional<String> toolName(String shownName) {
          return mappedName(shownName);
        }
      };

  private record Names(long version, ProviderNames names) {}

  ToolCalls(Toolgate gate, ToolsListing listing, Profile profile) {
    this.gate = gate;
    this.listing = listing;
    this.profile = profile;
    this.metaTools = new MetaToolCalls(gate, new ArgumentValidator(), Format.MCP);
  }

  /** Runs the tool called {@code name}; never throws for a failed call. */
  CallToolResult call(String name, ObjectNode args, CallOptions options) {
    // A catalog tool may take a meta-tool name outside registry mode: then it is the one called.
    if (MetaTools.isMetaTool(name)
        && (!gate.registry().contains(name) || listing.exposed().isMetaTool(name))) {
      return switch (metaTools.call(name, args, options, catalogNames)) {
        case MetaToolCalls.Found found ->
            McpWire.result(found.json(), Json.write(found.json()), false);
        case MetaToolCalls.Ran ran -> invoked(ran.result(), true);
      };
    }
    return invoked(gate.invoke(resolve(name), args, options), false);
  }

  /**
   * The catalog name of {@code name}: itself when the catalog has it, else the tool whose OpenAI or
   * Anthropic name it is (find_tools may have handed out a mapped name).
   */
  private String resolve(String name) {
    return gate.registry().contains(name) ? name : mappedName(name).orElse(name);
  }

  /** The tool whose OpenAI or Anthropic name {@code name} is. */
  private Optional<String> mappedName(String name) {
    for (Format f : List.of(Format.OPENAI, Format.ANTHROPIC)) {
      Optional<String> tool = names(f).toolName(name);
      if (tool.isPresent()) {
        return tool;
      }
    }
    return Optional.empty();
  }

  /** A name table over the whole catalog, so mapped names stay the same across calls. */
  private ProviderNames names(Format format) {
    long version = gate.registry().version();
    Names cached = providerNames.get(format);
    if (cached == null || cached.version != version) {
      cached = new Names(version, format.namesFor(List.copyOf(gate.registry().definitions())));
      providerNames.put(format, cached);
    }
    return cached.names;
  }

  /**
   * A call's result: for a meta-tool the whole ToolResult JSON; for a direct call the tool's own
   * result (an object, or {@code {"result": value}}), which is what its outputSchema describes.
   */
  private CallToolResult invoked(ToolResult result, boolean meta) {
    if (!result.ok()) {
      return failure(result);
    }
    JsonNode value = result.result().orElseThrow();
    String text = value.isString() ? value.asString() : Json.write(value);
    if (meta) {
      return McpWire.result(ToolResultJson.toJson(result), text, false);
    }
    ObjectNode structured;
    if (value instanceof ObjectNode o) {
      structured = o;
    } else {
      structured = Json.object();
      structured.set("result", value);
    }
    return McpWire.result(structured, text, false);
  }

  private CallToolResult failure(ToolResult result) {
    ToolError error = result.error().orElseThrow();
    StringBuilder text = new StringBuilder(error.message());
    for (Violation v : error.details()) {
      text.append("\n- ").append(v);
    }
    if (error.code() == ErrorCode.UNKNOWN_TOOL) {
      text.append("\nDescribe the task to ")
          .append(profile.searchTool())
          .append(" to find the right tool.");
    }
    return McpWire.result(ToolResultJson.toJson(result), text.toString(), true);
  }
}
