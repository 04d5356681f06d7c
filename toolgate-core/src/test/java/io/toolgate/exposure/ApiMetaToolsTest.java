package io.toolgate.exposure;

import static io.toolgate.invoke.Tools.stringParam;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.Toolgate;
import io.toolgate.ToolgateApi;
import io.toolgate.ToolgateException;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.invoke.ToolResult;
import io.toolgate.json.Json;
import io.toolgate.search.HybridToolSearch;
import io.toolgate.search.SearchJson;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** tool_search and tool_invoke over a ToolgateApi, as the framework integrations run them. */
class ApiMetaToolsTest {
  private final ToolRegistry registry = new ToolRegistry();
  private Toolgate gate;
  private ApiMetaTools meta;

  @BeforeEach
  void catalog() {
    ToolDefinition def =
        ToolDefinition.builder("weather_current", stringParam("city"))
            .description("Current weather conditions for a city: temperature and wind.")
            .build();
    registry.register(new RegisteredTool(def, call -> Json.object().put("temp_c", 21)));
    HybridToolSearch search = HybridToolSearch.builder().build();
    search.follow(registry);
    gate =
        Toolgate.builder()
            .registry(registry)
            .search(search)
            .invoker(ToolInvoker.builder(registry).build())
            .build();
    meta = new ApiMetaTools(gate);
  }

  @AfterEach
  void close() {
    gate.close();
  }

  @Test
  void searchAnswersTheToolSearchJson() {
    JsonNode answer =
        Json.parse(meta.callText("tool_search", "{\"query\": \"weather in a city\"}"));

    assertThat(answer.path("tools").get(0).path("tool_id").asString()).isEqualTo("weather_current");
  }

  @Test
  void invokeRunsTheToolByItsId() {
    JsonNode answer =
        Json.parse(
            meta.callText(
                "tool_invoke",
                "{\"tool_id\": \"weather_current\", \"arguments\": {\"city\": \"Lisbon\"}}"));

    assertThat(answer.path("ok").asBoolean()).isTrue();
    assertThat(answer.path("result").path("temp_c").asInt()).isEqualTo(21);
  }

  @Test
  void argumentsThatAreNotJsonAreInvalidArgumentsNamingTheTool() {
    JsonNode answer = Json.parse(meta.invokeText("weather_current", "{city: Lisbon"));

    assertThat(answer.path("error").path("code").asString()).isEqualTo("invalid_arguments");
    assertThat(answer.path("error").path("message").asString())
        .startsWith("weather_current: arguments are not valid JSON");
  }

  @Test
  void argumentsBreakingTheMetaToolSchemaNameTheField() {
    JsonNode answer = Json.parse(meta.callText("tool_search", "{\"limit\": 3}"));

    assertThat(answer.path("error").path("code").asString()).isEqualTo("invalid_arguments");
    assertThat(answer.path("error").path("message").asString())
        .startsWith("tool_search: ")
        .contains("query");
  }

  @Test
  void aGatewayThatCannotAnswerIsUnavailableNotAnException() {
    ToolgateApi down =
        new ToolgateApi() {
          @Override
          public SearchResponse search(SearchRequest request) {
            throw new ToolgateException("cannot reach the Toolgate server");
          }

          @Override
          public Optional<ToolDefinition> tool(String name) {
            return Optional.empty();
          }

          @Override
          public List<ToolDefinition> tools() {
            return List.of();
          }

          @Override
          public ToolResult invoke(String toolId, JsonNode arguments) {
            throw new ToolgateException("cannot reach the Toolgate server");
          }
        };
    ApiMetaTools remote = new ApiMetaTools(down);

    assertThat(Json.parse(remote.callText("tool_search", "{\"query\": \"x\"}")).toString())
        .contains("unavailable")
        .contains("cannot reach");
    assertThat(Json.parse(remote.invokeText("weather_current", "{}")).toString())
        .contains("unavailable")
        .contains("weather_current: call failed");
  }

  @Test
  void onlyTheTwoSpiceMetaToolsAreRun() {
    assertThat(meta.definitions())
        .extracting(ToolDefinition::name)
        .containsExactly("tool_search", "tool_invoke");
    assertThatThrownBy(() -> meta.callText("find_tools", "{}"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("find_tools");
  }

  @Test
  void aSearchResponseReadsBackFromItsJson() {
    SearchResponse response = gate.search(SearchRequest.of("weather in a city"));

    SearchResponse back = SearchJson.responseFromJson(SearchJson.toJson(response));

    assertThat(SearchJson.toJson(back)).isEqualTo(SearchJson.toJson(response));
    assertThat(
            SearchJson.requestFromJson(
                SearchJson.requestToJson(SearchRequest.of("q").withLimit(7)), 5))
        .satisfies(r -> assertThat(r.limit()).isEqualTo(7));
  }
}
