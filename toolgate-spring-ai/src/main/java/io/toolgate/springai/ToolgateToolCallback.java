package io.toolgate.springai;

import io.toolgate.ToolgateApi;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.exposure.ApiMetaTools;
import io.toolgate.json.Json;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.DefaultToolDefinition;

/**
 * One Toolgate tool as a Spring AI {@link ToolCallback}: its definition carries the tool's JSON
 * Schema as it is (nothing converted, nothing lost), and a call goes through Toolgate's validation
 * and call pipeline; the answer is the ToolResult JSON ({@code {"ok": true, "result": …}} or {@code
 * {"ok": false, "error": {…}}}), so the model can fix bad arguments. Thread-safe.
 */
public final class ToolgateToolCallback implements ToolCallback {
  private final org.springframework.ai.tool.definition.ToolDefinition definition;
  private final UnaryOperator<String> call;

  private ToolgateToolCallback(
      org.springframework.ai.tool.definition.ToolDefinition definition,
      UnaryOperator<String> call) {
    this.definition = definition;
    this.call = call;
  }

  /** The catalog tool {@code tool}, shown to the model as {@code shownName}. */
  public static ToolgateToolCallback of(ToolgateApi api, ToolDefinition tool, String shownName) {
    ApiMetaTools meta = new ApiMetaTools(api);
    String name = tool.name();
    return new ToolgateToolCallback(
        definition(tool, shownName), input -> meta.invokeText(name, input));
  }

  /**
   * The meta-tool {@code tool} ({@code tool_search} or {@code tool_invoke}) run by {@code meta}.
   */
  static ToolgateToolCallback meta(ApiMetaTools meta, ToolDefinition tool) {
    return new ToolgateToolCallback(
        definition(tool, tool.name()), input -> meta.callText(tool.name(), input));
  }

  private static org.springframework.ai.tool.definition.ToolDefinition definition(
      ToolDefinition tool, String shownName) {
    return new DefaultToolDefinition(
        Objects.requireNonNull(shownName, "shownName"),
        tool.description(),
        Json.write(tool.parameters()));
  }

  @Override
  public org.springframework.ai.tool.definition.ToolDefinition getToolDefinition() {
    return definition;
  }

  @Override
  public String call(String toolInput) {
    return call.apply(toolInput);
  }
}
