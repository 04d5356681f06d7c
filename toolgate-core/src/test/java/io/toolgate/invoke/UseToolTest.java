package io.toolgate.invoke;

import static io.toolgate.invoke.Tools.stringParam;
import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.json.Json;
import io.toolgate.search.SearchCapabilities;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import io.toolgate.search.ToolSearch;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class UseToolTest {
  private final ToolRegistry registry = new ToolRegistry();
  private final ToolInvoker invoker = ToolInvoker.builder(registry).build();

  /**
   * Returns the registry's tools in registration-name order that the filter allows, best first as
   * listed.
   */
  private static final class ListedSearch implements ToolSearch {
    private final List<ToolDefinition> ranked;

    ListedSearch(List<ToolDefinition> ranked) {
      this.ranked = ranked;
    }

    @Override
    public SearchResponse search(SearchRequest request) {
      List<SearchHit> hits =
          ranked.stream()
              .filter(request.filter()::test)
              .limit(request.limit())
              .map(t -> new SearchHit(t, 1.0, List.of(), List.of()))
              .toList();
      return new SearchResponse(
          request.query(),
          List.of(),
          "lexical_rrf",
          false,
          hits,
          hits.isEmpty() ? Optional.of("try other words") : Optional.empty());
    }

    @Override
    public SearchCapabilities capabilities() {
      return new SearchCapabilities(
          List.of("keyword"), Optional.empty(), false, ranked.size(), "rrf");
    }
  }

  private ToolDefinition add(String name, String param) {
    ToolDefinition def = ToolDefinition.builder(name, stringParam(param)).build();
    registry.register(
        new RegisteredTool(
            def, call -> Json.object().put("ran", name).set("args", call.arguments())));
    return def;
  }

  @Test
  void callsTheBestHitWhoseSchemaAcceptsTheParamsAndNamesIt() {
    ToolDefinition byCity = add("weather_by_city", "city");
    ToolDefinition byCoords = add("weather_by_zip", "zip");
    UseTool useTool = new UseTool(new ListedSearch(List.of(byCoords, byCity)), invoker);

    ToolResult r = useTool.use("weather", Json.parse("{\"city\":\"Lisbon\"}"), CallOptions.DEFAULT);

    assertThat(r.ok()).isTrue();
    assertThat(r.toolId()).isEqualTo("weather_by_city");
    assertThat(r.result().orElseThrow().get("ran").asString()).isEqualTo("weather_by_city");
  }

  @Test
  void whenNoCandidateAcceptsTheErrorListsEachAndWhy() {
    ToolDefinition a = add("weather_by_city", "city");
    ToolDefinition b = add("weather_by_zip", "zip");
    UseTool useTool = new UseTool(new ListedSearch(List.of(a, b)), invoker);

    ToolResult r = useTool.use("weather", Json.parse("{\"lat\": 1}"), CallOptions.DEFAULT);

    ToolError e = r.error().orElseThrow();
    assertThat(r.toolId()).isEqualTo(UseTool.NAME);
    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
    assertThat(e.message())
        .startsWith("use_tool: no tool found for 'weather'")
        .contains("weather_by_city (", "weather_by_zip (");
    assertThat(e.suggestions()).containsExactly("weather_by_city", "weather_by_zip");
    assertThat(e.details())
        .extracting(v -> v.message())
        .anyMatch(m -> m.startsWith("weather_by_zip: "));
  }

  @Test
  void noHitsIsAnUnknownToolErrorWithTheSearchHint() {
    UseTool useTool = new UseTool(new ListedSearch(List.of()), invoker);

    ToolError e = useTool.use("teleport", Json.object(), CallOptions.DEFAULT).error().orElseThrow();

    assertThat(e.code()).isEqualTo(ErrorCode.UNKNOWN_TOOL);
    assertThat(e.message()).isEqualTo("use_tool: no tool matches 'teleport'; try other words");
  }

  @Test
  void toolsTheCallerMayNotCallAreNotCandidates() {
    ToolDefinition secret = add("weather_secret", "city");
    ToolDefinition open = add("weather_open", "city");
    UseTool useTool = new UseTool(new ListedSearch(List.of(secret, open)), invoker);
    CallOptions opts = CallOptions.DEFAULT.withPrincipal("k", t -> !t.name().contains("secret"));

    ToolResult r = useTool.use("weather", Json.parse("{\"city\":\"Porto\"}"), opts);

    assertThat(r.toolId()).isEqualTo("weather_open");
  }

  @Test
  void anEmptyQueryIsInvalidArguments() {
    UseTool useTool = new UseTool(new ListedSearch(List.of()), invoker);

    ToolError e = useTool.use(" ", Json.object(), CallOptions.DEFAULT).error().orElseThrow();

    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
    assertThat(e.message()).startsWith("use_tool: query must not be empty");
  }
}
