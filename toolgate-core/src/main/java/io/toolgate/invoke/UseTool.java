package io.toolgate.invoke;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.json.Json;
import io.toolgate.schema.ArgumentValidator;
import io.toolgate.schema.Violation;
import io.toolgate.search.InvalidSearchException;
import io.toolgate.search.SearchFilter;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import io.toolgate.search.ToolSearch;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * {@code use_tool(query, params)}: finds the best tool for {@code query} whose schema accepts
 * {@code params} and calls it, so a model can act without first reading schemas.
 *
 * <pre>{@code
 * UseTool useTool = new UseTool(search, invoker);
 * ToolResult r = useTool.use("current weather", Json.parse("{\"city\": \"Lisbon\"}"), options);
 * r.toolId();   // "weather_current": the tool that ran
 * }</pre>
 *
 * <p>The top {@link #candidates()} hits (5 by default) are tried in rank order; the first whose
 * parameter schema accepts {@code params} is invoked through the {@link Invoker}, and the result
 * names it in {@code tool_id}. When none accepts, the result is an {@code invalid_arguments} error
 * from {@value #NAME} listing every candidate and why it was rejected (details carry each
 * candidate's pointers, prefixed with its name; suggestions list the candidates). When the search
 * finds nothing, the error is {@code unknown_tool}. Only tools {@link CallOptions#allow} permits
 * are considered. Thread-safe.
 */
public final class UseTool {
  /** The meta-tool's name, used as {@code tool_id} of its own errors. */
  public static final String NAME = "use_tool";

  private final ToolSearch search;
  private final Invoker invoker;
  private final ArgumentValidator validator;
  private final int candidates;

  /** Tries the top 5 hits, validating with the invoker's own validator. */
  public UseTool(ToolSearch search, ToolInvoker invoker) {
    this(search, invoker, invoker.validator(), SearchRequest.DEFAULT_LIMIT);
  }

  /**
   * @param search finds candidates
   * @param invoker runs the chosen tool (it validates again; share the validator to make that
   *     cheap)
   * @param validator checks each candidate's schema against {@code params}
   * @param candidates how many hits to try, 1 to {@value SearchRequest#MAX_LIMIT}
   */
  public UseTool(ToolSearch search, Invoker invoker, ArgumentValidator validator, int candidates) {
    this.search = Objects.requireNonNull(search, "search");
    this.invoker = Objects.requireNonNull(invoker, "invoker");
    this.validator = Objects.requireNonNull(validator, "validator");
    if (candidates < 1 || candidates > SearchRequest.MAX_LIMIT) {
      throw new IllegalArgumentException(
          "candidates must be between 1 and " + SearchRequest.MAX_LIMIT + ", got " + candidates);
    }
    this.candidates = candidates;
  }

  /** How many search hits are tried. */
  public int candidates() {
    return candidates;
  }

  /**
   * Calls the best tool for {@code query} that accepts {@code params}.
   *
   * @return the chosen tool's result ({@code tool_id} names it), or a {@value #NAME} error
   */
  public ToolResult use(String query, JsonNode params, CallOptions options) {
    long start = System.nanoTime();
    CallOptions opts = options == null ? CallOptions.DEFAULT : options;
    JsonNode args = params == null || params.isNull() ? Json.object() : params;
    SearchResponse response;
    try {
      response =
          search.search(
              SearchRequest.of(query == null ? "" : query)
                  .withLimit(candidates)
                  .withFilter(SearchFilter.NONE.and(opts.allow()))
                  .withEmbedder(opts.searchEmbedder()));
    } catch (InvalidSearchException e) {
      return failure(ErrorCode.INVALID_ARGUMENTS, e.getMessage(), List.of(), List.of(), start);
    } catch (RuntimeException e) {
      return failure(
          ErrorCode.UNAVAILABLE,
          "search failed: " + ToolInvoker.describe(e),
          List.of(),
          List.of(),
          start);
    }
    if (response.tools().isEmpty()) {
      return failure(
          ErrorCode.UNKNOWN_TOOL,
          "no tool matches '" + query + "'" + response.hint().map(h -> "; " + h).orElse(""),
          List.of(),
          List.of(),
          start);
    }
    List<String> tried = new ArrayList<>();
    List<Violation> details = new ArrayList<>();
    List<String> reasons = new ArrayList<>();
    for (SearchHit hit : response.tools()) {
      ToolDefinition tool = hit.tool();
      List<Violation> violations = validator.validate(tool.checksum(), tool.parameters(), args);
      if (violations.isEmpty()) {
        ToolResult result = invoker.invoke(tool.name(), args, opts);
        return new ToolResult(result.toolId(), result.result(), result.error(), millisSince(start));
      }
      tried.add(tool.name());
      reasons.add(tool.name() + " (" + violations.getFirst() + ")");
      for (Violation v : violations) {
        details.add(new Violation(v.pointer(), tool.name() + ": " + v.message()));
      }
    }
    return failure(
        ErrorCode.INVALID_ARGUMENTS,
        "no tool found for '"
            + query
            + "' accepts these params; tried: "
            + String.join(", ", reasons)
            + ". Call one of them with tool_invoke and fitting arguments",
        details,
        tried,
        start);
  }

  private static ToolResult failure(
      ErrorCode code, String message, List<Violation> details, List<String> tried, long start) {
    return ToolResult.failure(
        NAME,
        new ToolError(code, ToolInvoker.prefixed(NAME, message), details, tried),
        millisSince(start));
  }

  private static double millisSince(long start) {
    return (System.nanoTime() - start) / 1_000_000.0;
  }
}
