package io.toolgate.langchain4j;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import io.toolgate.ToolgateApi;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.exposure.ApiMetaTools;
import io.toolgate.format.NameRule;
import io.toolgate.format.ProviderNames;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchRequest;
import java.util.List;
import java.util.Objects;

/**
 * A LangChain4j {@link ToolProvider} backed by Toolgate, in process ({@code Toolgate}) or remote
 * ({@code ToolgateClient}): every call runs through Toolgate's validation and call pipeline.
 *
 * <pre>{@code
 * Assistant assistant = AiServices.builder(Assistant.class)
 *     .chatModel(model)
 *     .toolProvider(ToolgateToolProvider.metaTools(gate))     // or .preselect(gate, 5)
 *     .build();
 * }</pre>
 *
 * <p>Three modes ({@link Mode}):
 *
 * <ul>
 *   <li>{@link Mode#META_TOOLS}: the model gets {@code tool_search} and {@code tool_invoke}, finds
 *       what it needs and calls it by name, whatever the catalog's size;
 *   <li>{@link Mode#PRESELECT}: the provider searches the catalog with the request's user message
 *       and gives the model the best {@code limit} tools, ready to call; nothing else of the
 *       catalog is sent;
 *   <li>{@link Mode#ALL}: every tool of the catalog, for a small catalog or together with {@link
 *       ToolgateToolSearchStrategy}, which lets LangChain4j's own tool search show the model only
 *       what Toolgate ranks first.
 * </ul>
 *
 * <p>Schemas are converted with {@link JsonSchemas}. Tool names OpenAI and most providers reject
 * (dots, over 64 characters) are shown under a reversible name ({@link ProviderNames}) and called
 * under their own. Tool results are the ToolResult JSON ({@code {"ok": true, "result": …}} or
 * {@code {"ok": false, "error": {…}}}), so the model can fix bad arguments. Thread-safe.
 */
public final class ToolgateToolProvider implements ToolProvider {
  /** What the model is given; see the class comment. */
  public enum Mode {
    META_TOOLS,
    PRESELECT,
    ALL
  }

  private final ToolgateApi api;
  private final Mode mode;
  private final int limit;
  private final ApiMetaTools metaTools;

  private ToolgateToolProvider(ToolgateApi api, Mode mode, int limit) {
    this.api = Objects.requireNonNull(api, "api");
    this.mode = Objects.requireNonNull(mode, "mode");
    if (limit < 1 || limit > SearchRequest.MAX_LIMIT) {
      throw new IllegalArgumentException(
          "limit must be 1 to " + SearchRequest.MAX_LIMIT + " tools, got " + limit);
    }
    this.limit = limit;
    this.metaTools = new ApiMetaTools(api);
  }

  /** {@code tool_search} and {@code tool_invoke}. */
  public static ToolgateToolProvider metaTools(ToolgateApi api) {
    return new ToolgateToolProvider(api, Mode.META_TOOLS, SearchRequest.DEFAULT_LIMIT);
  }

  /** The best {@code limit} tools (1 to 20) for each request's user message. */
  public static ToolgateToolProvider preselect(ToolgateApi api, int limit) {
    return new ToolgateToolProvider(api, Mode.PRESELECT, limit);
  }

  /** Every tool of the catalog. */
  public static ToolgateToolProvider all(ToolgateApi api) {
    return new ToolgateToolProvider(api, Mode.ALL, SearchRequest.DEFAULT_LIMIT);
  }

  /** {@code mode} with {@code limit} tools for {@link Mode#PRESELECT} (ignored otherwise). */
  public static ToolgateToolProvider of(ToolgateApi api, Mode mode, int limit) {
    return new ToolgateToolProvider(api, mode, limit);
  }

  public Mode mode() {
    return mode;
  }

  @Override
  public ToolProviderResult provideTools(ToolProviderRequest request) {
    return switch (mode) {
      case META_TOOLS -> metaToolsResult();
      case PRESELECT -> result(preselected(request.userMessage()));
      case ALL -> result(api.tools());
    };
  }

  private ToolProviderResult metaToolsResult() {
    ToolProviderResult.Builder b = ToolProviderResult.builder();
    for (ToolDefinition meta : metaTools.definitions()) {
      b.add(
          specification(meta, meta.name()),
          (call, memoryId) -> metaTools.callText(meta.name(), call.arguments()));
    }
    return b.build();
  }

  private List<ToolDefinition> preselected(UserMessage message) {
    String text = message == null || !message.hasSingleText() ? "" : message.singleText();
    if (text.isBlank()) {
      return List.of(); // nothing to search with: no tools rather than arbitrary ones
    }
    return api.search(SearchRequest.of(text).withLimit(limit)).tools().stream()
        .map(SearchHit::tool)
        .toList();
  }

  private ToolProviderResult result(List<ToolDefinition> tools) {
    ProviderNames names =
        ProviderNames.of(NameRule.OPENAI, tools.stream().map(ToolDefinition::name).toList());
    ToolProviderResult.Builder b = ToolProviderResult.builder();
    for (ToolDefinition tool : tools) {
      b.add(specification(tool, names.providerName(tool.name())), executor(api, tool.name()));
    }
    return b.build();
  }

  /** The LangChain4j specification of {@code tool}, shown as {@code shownName}. */
  static ToolSpecification specification(ToolDefinition tool, String shownName) {
    return ToolSpecification.builder()
        .name(shownName)
        .description(tool.description())
        .parameters(JsonSchemas.toObjectSchema(tool.parameters()))
        .build();
  }

  /** Calls {@code toolName} through {@code api} with the model's arguments. */
  static ToolExecutor executor(ToolgateApi api, String toolName) {
    return new ToolgateToolExecutor(api, toolName);
  }
}
