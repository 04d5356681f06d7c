package io.toolgate.exposure;

import static io.toolgate.invoke.Tools.stringParam;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.ErrorCode;
import io.toolgate.Toolgate;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.format.Format;
import io.toolgate.format.ProviderNames;
import io.toolgate.invoke.CallOptions;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.invoke.ToolResult;
import io.toolgate.json.Json;
import io.toolgate.schema.ArgumentValidator;
import io.toolgate.search.HybridToolSearch;
import io.toolgate.search.SearchCapabilities;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import io.toolgate.search.ToolSearch;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The meta-tools as every surface runs them, over a real lexical search and invoker. */
class MetaToolCallsTest {
  private final ToolRegistry registry = new ToolRegistry();
  private Toolgate gate;
  private MetaToolCalls meta;

  /** Only the weather tools. */
  private static final CallOptions WEATHER_ONLY =
      CallOptions.DEFAULT.withPrincipal("weather-bot", t -> t.name().startsWith("weather"));

  @BeforeEach
  void catalog() {
    add("weather.current", "Current weather conditions for a city: temperature and wind.", "city");
    add("weather_forecast", "Weather forecast for a city over the next days.", "city");
    add("email_send", "Send an email message to a recipient.", "to");
    HybridToolSearch search = HybridToolSearch.builder().build();
    search.follow(registry);
    gate =
        Toolgate.builder()
            .registry(registry)
            .search(search)
            .invoker(ToolInvoker.builder(registry).build())
            .build();
    meta = new MetaToolCalls(gate, new ArgumentValidator(), Format.MCP);
  }

  @AfterEach
  void close() {
    gate.close();
  }

  private void add(String name, String description, String param) {
    ToolDefinition def =
        ToolDefinition.builder(name, stringParam(param)).description(description).build();
    registry.register(
        new RegisteredTool(
            def, call -> Json.object().put("ran", name).set("args", call.arguments())));
  }

  /** The names of the whole catalog in each format, as the MCP server keeps them. */
  private MetaToolCalls.Names catalogNames() {
    return new MetaToolCalls.Names() {
      @Override
      public ProviderNames table(Format format) {
        return format.namesFor(List.copyOf(registry.definitions()));
      }

      @Override
      public Optional<String> toolName(String shownName) {
        return table(Format.OPENAI).toolName(shownName);
      }
    };
  }

  private MetaToolCalls.Answer call(String tool, String args, CallOptions options) {
    return meta.call(tool, (ObjectNode) Json.parse(args), options, catalogNames());
  }

  private static ToolResult ran(MetaToolCalls.Answer answer) {
    assertThat(answer).isInstanceOf(MetaToolCalls.Ran.class);
    return ((MetaToolCalls.Ran) answer).result();
  }

  private static MetaToolCalls.Found found(MetaToolCalls.Answer answer) {
    assertThat(answer).isInstanceOf(MetaToolCalls.Found.class);
    return (MetaToolCalls.Found) answer;
  }

  @Test
  void toolSearchAnswersWithTheToolSearchResponse() {
    MetaToolCalls.Found found =
        found(call("tool_search", "{\"query\": \"send an email\"}", CallOptions.DEFAULT));

    assertThat(found.toolNames().getFirst()).isEqualTo("email_send");
    assertThat(found.json().path("tools").get(0).path("tool_id").asString())
        .isEqualTo("email_send");
    assertThat(found.json().has("keywords")).isTrue();
  }

  @Test
  void searchesSeeOnlyTheCallersTools() {
    String query = "{\"query\": \"send an email about the weather in a city\"}";

    assertThat(found(call("tool_search", query, CallOptions.DEFAULT)).toolNames())
        .contains("email_send", "weather_forecast");
    assertThat(found(call("tool_search", query, WEATHER_ONLY)).toolNames())
        .isNotEmpty()
        .allMatch(name -> name.startsWith("weather"));
  }

  @Test
  void findToolsRendersTheHitsInTheAskedFormatUnderTheShownNames() {
    MetaToolCalls.Found found =
        found(
            call(
                "find_tools",
                "{\"query\": \"current weather conditions\", \"format\": \"openai\"}",
                CallOptions.DEFAULT));

    JsonNode json = found.json();
    assertThat(json.propertyNames())
        .containsExactly("query", "search_mode", "fallback", "format", "tools");
    assertThat(json.path("format").asString()).isEqualTo("openai");
    assertThat(json.path("tools").get(0).path("function").path("name").asString())
        .isEqualTo("weather_current"); // weather.current under OpenAI's rule
  }

  @Test
  void findToolsAnswersInTheSurfacesFormatByDefault() {
    JsonNode json =
        found(call("find_tools", "{\"query\": \"send an email\"}", CallOptions.DEFAULT)).json();

    assertThat(json.path("format").asString()).isEqualTo("mcp");
    assertThat(json.path("tools").get(0).has("inputSchema")).isTrue();
  }

  @Test
  void findToolsWithoutAHitSaysToSearchAgain() {
    JsonNode json =
        found(
                call(
                    "find_tools",
                    "{\"query\": \"send an email\"}",
                    WEATHER_ONLY.withPrincipal("none", t -> false)))
            .json();

    assertThat(json.path("tools")).isEmpty();
    assertThat(json.path("hint").asString()).isNotBlank();
  }

  @Test
  void toolInvokeCallsTheToolWithTheCallersOptions() {
    ToolResult result =
        ran(
            call(
                "tool_invoke",
                "{\"tool_id\": \"weather_forecast\", \"arguments\": {\"city\": \"Lisbon\"}}",
                WEATHER_ONLY));

    assertThat(result.ok()).isTrue();
    assertThat(result.result().orElseThrow().path("ran").asString()).isEqualTo("weather_forecast");
  }

  @Test
  void toolInvokeReadsAMappedNameBack() {
    ToolResult result =
        ran(
            call(
                "tool_invoke",
                "{\"tool_id\": \"weather_current\", \"arguments\": {\"city\": \"Lisbon\"}}",
                CallOptions.DEFAULT));

    assertThat(result.toolId()).isEqualTo("weather.current");
    assertThat(result.ok()).isTrue();
  }

  @Test
  void toolInvokeOfAToolTheCallerMayNotUseReadsAsUnknown() {
    ToolResult result =
        ran(
            call(
                "tool_invoke",
                "{\"tool_id\": \"email_send\", \"arguments\": {\"to\": \"a@b.c\"}}",
                WEATHER_ONLY));

    assertThat(result.ok()).isFalse();
    assertThat(result.error().orElseThrow().code()).isEqualTo(ErrorCode.UNKNOWN_TOOL);
    assertThat(result.error().orElseThrow().message())
        .startsWith("unknown tool 'email_send'")
        .doesNotContain("weather-bot");
  }

  @Test
  void useToolCallsTheBestMatchAmongTheCallersTools() {
    ToolResult result =
        ran(
            call(
                "use_tool",
                "{\"query\": \"send an email about the weather in a city\","
                    + " \"params\": {\"city\": \"Lisbon\"}}",
                WEATHER_ONLY));

    assertThat(result.ok()).isTrue();
    assertThat(result.toolId()).startsWith("weather");
  }

  @Test
  void argumentsThatBreakTheMetaToolsSchemaNameItAndTheField() {
    ToolResult result = ran(call("tool_invoke", "{\"arguments\": {}}", CallOptions.DEFAULT));

    assertThat(result.toolId()).isEqualTo("tool_invoke");
    assertThat(result.error().orElseThrow().code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
    assertThat(result.error().orElseThrow().message())
        .startsWith("tool_invoke: ")
        .contains("tool_id");
    assertThat(result.error().orElseThrow().details()).isNotEmpty();
  }

  @Test
  void aBadSearchRequestIsInvalidArguments() {
    ToolResult result = ran(call("tool_search", "{\"query\": \" \"}", CallOptions.DEFAULT));

    assertThat(result.error().orElseThrow().code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
    assertThat(result.error().orElseThrow().message()).startsWith("tool_search: ");
  }

  @Test
  void aFailingSearchIsUnavailableNotAnException() {
    ToolSearch broken =
        new ToolSearch() {
          @Override
          public SearchResponse search(SearchRequest request) {
            throw new IllegalStateException("index closed");
          }

          @Override
          public SearchCapabilities capabilities() {
            return new SearchCapabilities(List.of(), Optional.empty(), false, 0, "rrf");
          }
        };
    try (Toolgate brokenGate =
        Toolgate.builder()
            .registry(registry)
            .search(broken)
            .invoker(ToolInvoker.builder(registry).build())
            .build()) {
      ToolResult result =
          ((MetaToolCalls.Ran)
                  new MetaToolCalls(brokenGate, new ArgumentValidator(), Format.OPENAI)
                      .call(
                          "find_tools",
                          (ObjectNode) Json.parse("{\"query\": \"weather\"}"),
                          CallOptions.DEFAULT,
                          catalogNames()))
              .result();

      assertThat(result.error().orElseThrow().code()).isEqualTo(ErrorCode.UNAVAILABLE);
      assertThat(result.error().orElseThrow().message())
          .isEqualTo("find_tools: search failed: index closed");
    }
  }

  @Test
  void aNameThatIsNoMetaToolIsRefused() {
    assertThatThrownBy(() -> call("email_send", "{}", CallOptions.DEFAULT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("email_send");
  }
}
