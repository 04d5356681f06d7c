package io.toolgate.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.service.tool.ToolExecutor;
import io.toolgate.ToolgateApi;
import io.toolgate.exposure.ApiMetaTools;

/**
 * Runs one catalog tool for LangChain4j: the model's arguments go through Toolgate's {@code
 * tool_invoke} (schema validation, policy, the tool's executor) and the ToolResult JSON comes back
 * as the tool message, an error included, so the model can correct itself.
 */
final class ToolgateToolExecutor implements ToolExecutor {
  private final ApiMetaTools meta;
  private final String toolName;

  ToolgateToolExecutor(ToolgateApi api, String toolName) {
    this.meta = new ApiMetaTools(api);
    this.toolName = toolName;
  }

  @Override
  public String execute(ToolExecutionRequest request, Object memoryId) {
    return meta.invokeText(toolName, request.arguments());
  }
}
