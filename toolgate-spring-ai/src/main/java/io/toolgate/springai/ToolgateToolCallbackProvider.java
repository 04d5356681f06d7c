package io.toolgate.springai;

import io.toolgate.ToolgateApi;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.exposure.ApiMetaTools;
import io.toolgate.format.NameRule;
import io.toolgate.format.ProviderNames;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchRequest;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;

/**
 * Spring AI tool callbacks backed by Toolgate, in process ({@code Toolgate}) or remote ({@code
 * ToolgateClient}).
 *
 * <pre>{@code
 * ChatClient chat = ChatClient.builder(chatModel)
 *     .defaultTools(ToolgateToolCallbackProvider.metaTools(gate))
 *     .build();
 * }</pre>
 *
 * <ul>
 *   <li>{@link #metaTools}: {@code tool_search} and {@code tool_invoke}; the model finds what it
 *       needs and calls it by name, whatever the catalog's size;
 *   <li>{@link #preselected}: the best {@code limit} tools for one query, one callback each; {@link
 *       ToolgatePreselectionAdvisor} does this for every request with its user message;
 *   <li>{@link #all}: every tool of the catalog, for small catalogs.
 * </ul>
 *
 * <p>Names OpenAI and most providers reject (dots, over 64 characters) are shown under a reversible
 * name ({@link ProviderNames}) and called under their own. The catalog is read on each {@link
 * #getToolCallbacks()}, so tools registered later appear. Thread-safe.
 */
public final class ToolgateToolCallbackProvider implements ToolCallbackProvider {
  private final ToolgateApi api;
  private final ToolgateMode mode;
  private final String query;
  private final int limit;

  private ToolgateToolCallbackProvider(
      ToolgateApi api, ToolgateMode mode, String query, int limit) {
    this.api = Objects.requireNonNull(api, "api");
    this.mode = mode;
    this.query = query;
    this.limit = ToolgateMode.checkLimit(limit);
  }

  /** {@code tool_search} and {@code tool_invoke}. */
  public static ToolgateToolCallbackProvider metaTools(ToolgateApi api) {
    return new ToolgateToolCallbackProvider(
        api, ToolgateMode.META_TOOLS, null, SearchRequest.DEFAULT_LIMIT);
  }

  /**
   * The best {@code limit} tools (1 to 20) for {@code query}, e.g. the user's message.
   *
   * @throws IllegalArgumentException for a blank query
   */
  public static ToolgateToolCallbackProvider preselected(ToolgateApi api, String query, int limit) {
    if (query == null || query.isBlank()) {
      throw new IllegalArgumentException(
          "pre-selection needs the text to search with, e.g. the user's message; got '"
              + query
              + "'");
    }
    return new ToolgateToolCallbackProvider(api, ToolgateMode.PRESELECT, query, limit);
  }

  /** Every tool of the catalog. */
  public static ToolgateToolCallbackProvider all(ToolgateApi api) {
    return new ToolgateToolCallbackProvider(
        api, ToolgateMode.ALL, null, SearchRequest.DEFAULT_LIMIT);
  }

  @Override
  public ToolCallback[] getToolCallbacks() {
    List<ToolCallback> callbacks =
        switch (mode) {
          case META_TOOLS -> {
            ApiMetaTools meta = new ApiMetaTools(api);
            yield meta.definitions().stream()
                .<ToolCallback>map(d -> ToolgateToolCallback.meta(meta, d))
                .toList();
          }
          case PRESELECT ->
              callbacks(
                  api.search(SearchRequest.of(query).withLimit(limit)).tools().stream()
                      .map(SearchHit::tool)
                      .toList());
          case ALL -> callbacks(api.tools());
        };
    return callbacks.toArray(ToolCallback[]::new);
  }

  private List<ToolCallback> callbacks(List<ToolDefinition> tools) {
    ProviderNames names =
        ProviderNames.of(NameRule.OPENAI, tools.stream().map(ToolDefinition::name).toList());
    return tools.stream()
        .<ToolCallback>map(t -> ToolgateToolCallback.of(api, t, names.providerName(t.name())))
        .toList();
  }
}
