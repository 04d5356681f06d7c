package io.toolgate;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.ToolResult;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * What an agent framework needs of a gateway: find tools, read one, call one.
 *
 * <p>Two implementations: {@link Toolgate} in the same process, and the REST client of {@code
 * toolgate-client} for a shared gateway. Framework integrations (LangChain4j, Spring AI) depend on
 * this interface only, so the same code runs against either:
 *
 * <pre>{@code
 * ToolgateApi api = Toolgate.builder()...build();             // in-process
 * ToolgateApi api = ToolgateClient.builder(url).build();      // remote
 * SearchResponse hits = api.search(SearchRequest.of("send an email"));
 * ToolResult result = api.invoke(hits.tools().getFirst().tool().name(), args);
 * }</pre>
 *
 * <p>Implementations are thread-safe. {@link #invoke} never throws for a failed call: the failure
 * is a {@link ToolResult} with an error; transport failures of a remote implementation are thrown
 * as {@link ToolgateException}.
 */
public interface ToolgateApi {

  /** Runs {@code tool_search}. */
  SearchResponse search(SearchRequest request);

  /** The full definition of {@code name}, or empty when no visible tool has that name. */
  Optional<ToolDefinition> tool(String name);

  /** Every tool's definition, sorted by name. */
  List<ToolDefinition> tools();

  /**
   * Runs {@code tool_invoke}: validates {@code arguments} against the tool's schema and calls it.
   */
  ToolResult invoke(String toolId, JsonNode arguments);
}
