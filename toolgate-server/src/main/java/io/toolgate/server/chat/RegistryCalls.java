package io.toolgate.server.chat;

import io.toolgate.ErrorCode;
import io.toolgate.Toolgate;
import io.toolgate.exposure.ExposedTools;
import io.toolgate.exposure.MetaToolCalls;
import io.toolgate.exposure.MetaTools;
import io.toolgate.format.Format;
import io.toolgate.format.ProviderNames;
import io.toolgate.invoke.CallOptions;
import io.toolgate.invoke.ToolResult;
import io.toolgate.invoke.ToolResultJson;
import io.toolgate.json.Json;
import io.toolgate.schema.ArgumentValidator;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Runs one tool call the model made against the registry: the meta-tools by their role ({@code
 * tool_search} / {@code find_tools} search, {@code tool_invoke} / {@code use_tool} call), any other
 * name as a catalog tool. Never throws for a failed call: the model reads the error (a ToolResult
 * JSON with {@code ok: false}) and may retry. Thread-safe.
 */
final class RegistryCalls {
  private static final Logger LOG = LoggerFactory.getLogger(RegistryCalls.class);

  /** What the proxy runs for each kind of call. */
  enum Kind {
    SEARCH,
    INVOKE,
    TOOL;

    String wire() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** A call as the model made it. */
  record Call(String id, String name, String arguments) {}

  /**
   * What came of a call.
   *
   * @param call the call
   * @param tool the catalog or meta-tool name it resolved to
   * @param kind search, invoke (through a meta-tool) or tool (called by name)
   * @param content what the model reads, as the {@code role: tool} message
   * @param ok whether it succeeded
   * @param errorCode the error's code, when it failed
   * @param invoked the catalog tool that ran, for invoke and tool calls
   * @param retrieved the catalog tools the call showed or ran, for the session cache
   * @param latencyMs time spent in the gateway
   */
  record Outcome(
      Call call,
      String tool,
      Kind kind,
      String content,
      boolean ok,
      Optional<String> errorCode,
      Optional<String> invoked,
      List<String> retrieved,
      double latencyMs) {}

  private final Toolgate gate;
  private final MetaToolCalls metaTools;

  RegistryCalls(Toolgate gate, ArgumentValidator validator) {
    this.gate = gate;
    this.metaTools = new MetaToolCalls(gate, validator, Format.OPENAI);
  }

  /**
   * Runs {@code call}.
   *
   * @param exposed what the model was shown: decides whether a meta-tool name means the meta-tool
   * @param names the conversation's provider name table, to read mapped names back
   */
  Outcome run(Call call, ExposedTools exposed, ProviderNames names, CallOptions options) {
    long start = System.nanoTime();
    String tool = names.toolName(call.name()).orElse(call.name());
    Kind kind = exposed.isMetaTool(tool) ? kindOf(tool) : Kind.TOOL;
    try {
      return run(call, tool, kind, names, options, start);
    } catch (RuntimeException e) {
      // A bug, not a tool failure: the model still gets an answer and the loop goes on.
      LOG.error("running {} for the chat proxy failed", tool, e);
      return failed(
          call,
          tool,
          kind,
          ErrorCode.EXECUTION_FAILED,
          tool + ": the gateway failed to run this call (see its log)",
          start);
    }
  }

  private Outcome run(
      Call call, String tool, Kind kind, ProviderNames names, CallOptions options, long start) {
    ObjectNode args;
    try {
      args = arguments(call.arguments());
    } catch (IllegalArgumentException e) {
      return failed(
          call, tool, kind, ErrorCode.INVALID_ARGUMENTS, tool + ": " + e.getMessage(), start);
    }
    if (kind == Kind.TOOL) {
      return invoked(call, tool, Kind.TOOL, gate.invoke(tool, args, options), start);
    }
    MetaToolCalls.Names conversation =
        new MetaToolCalls.Names() {
          @Override
          public ProviderNames table(Format format) {
            return names;
          }

          @Override
          public Optional<String> toolName(String shownName) {
            return names.toolName(shownName);
          }
        };
    return switch (metaTools.call(tool, args, options, conversation)) {
      case MetaToolCalls.Found found ->
          new Outcome(
              call,
              tool,
              Kind.SEARCH,
              Json.write(found.json()),
              true,
              Optional.empty(),
              Optional.empty(),
              found.toolNames(),
              millisSince(start));
      case MetaToolCalls.Ran ran -> invoked(call, tool, kind, ran.result(), start);
    };
  }

  private Outcome invoked(Call call, String tool, Kind kind, ToolResult result, long start) {
    ToolResult timed =
        new ToolResult(result.toolId(), result.result(), result.error(), millisSince(start));
    // A meta-tool's own error (bad arguments, no tool matched) names the meta-tool: nothing ran.
    boolean selfError = kind != Kind.TOOL && result.toolId().equals(tool);
    boolean known = !selfError && gate.registry().contains(result.toolId());
    Optional<String> ran = known ? Optional.of(result.toolId()) : Optional.empty();
    return outcome(call, tool, kind, timed, ran, ran.stream().toList());
  }

  private static Outcome outcome(
      Call call,
      String tool,
      Kind kind,
      ToolResult result,
      Optional<String> ran,
      List<String> retrieved) {
    return new Outcome(
        call,
        tool,
        kind,
        ToolResultJson.write(result),
        result.ok(),
        result.error().map(e -> e.code().wire()),
        ran,
        retrieved,
        result.latencyMs());
  }

  private static Outcome failed(
      Call call, String tool, Kind kind, ErrorCode code, String message, long start) {
    ToolResult result = ToolResult.failure(tool, code, message, millisSince(start));
    return outcome(call, tool, kind, result, Optional.empty(), List.of());
  }

  private static Kind kindOf(String metaTool) {
    return switch (metaTool) {
      case MetaTools.TOOL_SEARCH, MetaTools.FIND_TOOLS -> Kind.SEARCH;
      default -> Kind.INVOKE;
    };
  }

  /** The call's arguments text as an object; empty text is {@code {}}. */
  private static ObjectNode arguments(String text) {
    if (text == null || text.isBlank()) {
      return Json.object();
    }
    JsonNode node;
    try {
      node = Json.parse(text);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(
          "the arguments are not valid JSON ("
              + e.getOriginalMessage()
              + "); send one JSON object matching the tool's parameters");
    }
    if (node instanceof ObjectNode o) {
      return o;
    }
    if (node.isNull()) {
      return Json.object();
    }
    throw new IllegalArgumentException(
        "the arguments must be a JSON object matching the tool's parameters, got " + node);
  }

  private static double millisSince(long start) {
    return (System.nanoTime() - start) / 1_000_000.0;
  }
}
