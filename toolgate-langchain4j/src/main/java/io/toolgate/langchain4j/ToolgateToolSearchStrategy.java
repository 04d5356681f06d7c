package io.toolgate.langchain4j;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.exception.ToolArgumentsException;
import dev.langchain4j.exception.ToolExecutionException;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.langchain4j.service.tool.search.ToolSearchRequest;
import dev.langchain4j.service.tool.search.ToolSearchResult;
import dev.langchain4j.service.tool.search.ToolSearchStrategy;
import io.toolgate.ToolgateApi;
import io.toolgate.format.NameRule;
import io.toolgate.format.ProviderNames;
import io.toolgate.json.Json;
import io.toolgate.search.SearchFilter;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * A LangChain4j {@link ToolSearchStrategy} ranked by Toolgate's hybrid search, for {@code
 * AiServices}' built-in tool search (LangChain4j 1.12+): the model first sees only a {@code
 * tool_search} tool; what it finds is added to its next request, best first.
 *
 * <pre>{@code
 * Assistant assistant = AiServices.builder(Assistant.class)
 *     .chatModel(model)
 *     .toolProvider(ToolgateToolProvider.all(gate))                // the searchable tools
 *     .toolSearchStrategy(new ToolgateToolSearchStrategy(gate, 5))
 *     .build();
 * }</pre>
 *
 * <p>It ranks the tools AiServices offers as searchable (its tools and tool providers' tools, less
 * the always-visible ones) with Toolgate's search over the gateway's catalog, so a tool that the
 * gateway does not hold (a {@code @Tool} method given to AiServices directly) is never found by it:
 * mark such tools always visible. Unlike LangChain4j's own strategies, which match names and
 * descriptions, it uses every channel (full text with stemming, keywords, parameter names, vectors
 * when the gateway has an embedder) and the tool's whole definition. Thread-safe.
 */
public final class ToolgateToolSearchStrategy implements ToolSearchStrategy {
  /** The name of the search tool the model sees. */
  public static final String TOOL_NAME = "tool_search";

  private static final ToolSpecification SEARCH_TOOL =
      ToolSpecification.builder()
          .name(TOOL_NAME)
          .description(
              "Search the tools you can use. Many more tools exist than the ones you see: call"
                  + " this first, describing in plain words what you need to do (e.g. \"refund a"
                  + " card payment\"). The tools found are added for your next step, best first."
                  + " If nothing fits, search again with other words; never guess a tool name.")
          .parameters(
              JsonObjectSchema.builder()
                  .addProperty(
                      "query",
                      JsonStringSchema.builder()
                          .description(
                              "What you need to do, in plain words; describe the task, not a"
                                  + " tool name.")
                          .build())
                  .addProperty(
                      "keywords",
                      JsonArraySchema.builder()
                          .description("Optional exact words that must weigh more.")
                          .items(new JsonStringSchema())
                          .build())
                  .required("query")
                  .build())
          .build();

  private final ToolgateApi api;
  private final int maxResults;

  /**
   * @param api the gateway that ranks
   * @param maxResults how many tools one search adds, 1 to 20
   */
  public ToolgateToolSearchStrategy(ToolgateApi api, int maxResults) {
    this.api = Objects.requireNonNull(api, "api");
    if (maxResults < 1 || maxResults > SearchRequest.MAX_LIMIT) {
      throw new IllegalArgumentException(
          "maxResults must be 1 to " + SearchRequest.MAX_LIMIT + ", got " + maxResults);
    }
    this.maxResults = maxResults;
  }

  @Override
  public List<ToolSpecification> getToolSearchTools(InvocationContext invocationContext) {
    return List.of(SEARCH_TOOL);
  }

  @Override
  public ToolSearchResult search(ToolSearchRequest request) {
    JsonNode args = arguments(request.toolExecutionRequest().arguments());
    Set<String> searchable =
        request.searchableTools().stream()
            .map(ToolSpecification::name)
            .collect(Collectors.toUnmodifiableSet());
    List<String> keywords = new ArrayList<>();
    args.path("keywords").forEach(k -> keywords.add(k.asString("")));
    SearchRequest search =
        SearchRequest.of(args.path("query").asString(""))
            .withKeywords(keywords)
            .withLimit(SearchRequest.MAX_LIMIT)
            .withFilter(SearchFilter.NONE.and(t -> searchable.contains(shownName(t.name()))));
    SearchResponse response;
    try {
      response = api.search(search);
    } catch (RuntimeException e) {
      // LangChain4j hands the message to the model as the tool's result.
      throw new ToolExecutionException(TOOL_NAME + ": search failed: " + e.getMessage(), e);
    }
    List<String> found = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    for (SearchHit hit : response.tools()) {
      String shown = shownName(hit.tool().name());
      if (found.size() < maxResults && searchable.contains(shown)) {
        found.add(shown);
        lines.add(shown + String.format(Locale.ROOT, " (score %.2f)", hit.score()));
      }
    }
    String text =
        found.isEmpty()
            ? response.hint().orElse("No tool matched; search again in other words.")
            : "Tools found, best first: " + String.join(", ", lines) + ".";
    return new ToolSearchResult(found, text);
  }

  /** The name a catalog tool is shown under by {@link ToolgateToolProvider}. */
  private static String shownName(String toolName) {
    return NameRule.OPENAI.accepts(toolName)
        ? toolName
        : ProviderNames.of(NameRule.OPENAI, List.of(toolName)).providerName(toolName);
  }

  private static JsonNode arguments(String json) {
    try {
      JsonNode args = Json.parse(json == null || json.isBlank() ? "{}" : json);
      if (!args.path("query").isString() || args.get("query").asString().isBlank()) {
        throw new ToolArgumentsException(
            TOOL_NAME
                + ": query is required: describe the task in plain words, e.g. \"send an"
                + " email\"");
      }
      return args;
    } catch (JacksonException e) {
      throw new ToolArgumentsException(
          TOOL_NAME + ": arguments are not valid JSON (" + e.getOriginalMessage() + ")", e);
    }
  }
}
