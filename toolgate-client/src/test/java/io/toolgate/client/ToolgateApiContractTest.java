package io.toolgate.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.ErrorCode;
import io.toolgate.ToolgateApi;
import io.toolgate.catalog.ToolDefinitionCodec;
import io.toolgate.client.testing.LoopbackGateway;
import io.toolgate.invoke.ToolResult;
import io.toolgate.json.Json;
import io.toolgate.search.SearchHit;
import io.toolgate.search.SearchRequest;
import io.toolgate.search.SearchResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same behaviour from {@link ToolgateApi} in process ({@code Toolgate}) and remote ({@link
 * ToolgateClient} against the real REST server on loopback).
 */
class ToolgateApiContractTest {
  @TempDir static Path data;
  static LoopbackGateway gateway;
  static LoopbackGateway.Served served;
  static ToolgateClient client;

  @BeforeAll
  static void start() {
    gateway = LoopbackGateway.demo();
    served = gateway.serve(data);
    client = ToolgateClient.builder(served.uri().toString()).build();
  }

  @AfterAll
  static void stop() {
    client.close();
    served.close();
    gateway.close();
  }

  static Stream<Arguments> apis() {
    return Stream.of(
        Arguments.of("in-process", gateway.toolgate()), Arguments.of("remote", client));
  }

  @ParameterizedTest(name = "{0}", autoCloseArguments = false)
  @MethodSource("apis")
  void searchFindsTheToolForATaskWithScoresAndChannels(String label, ToolgateApi api) {
    SearchResponse response =
        api.search(SearchRequest.of("evaluate an arithmetic expression").withLimit(3));

    assertThat(response.tools()).hasSizeLessThanOrEqualTo(3);
    SearchHit best = response.tools().getFirst();
    assertThat(best.tool().name()).isEqualTo("math_evaluate");
    assertThat(best.tool().parameters().path("properties").has("expression")).isTrue();
    assertThat(best.score()).isBetween(0.0, 1.0);
    assertThat(best.matchSources()).isNotEmpty();
    assertThat(response.searchMode()).isNotBlank();
  }

  @ParameterizedTest(name = "{0}", autoCloseArguments = false)
  @MethodSource("apis")
  void remoteSearchRanksExactlyAsInProcess(String label, ToolgateApi api) {
    SearchRequest request = SearchRequest.of("refund a card payment").withLimit(10);
    List<String> expected = names(gateway.toolgate().search(request));

    assertThat(names(api.search(request))).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}", autoCloseArguments = false)
  @MethodSource("apis")
  void invokeRunsTheToolAndReturnsItsResult(String label, ToolgateApi api) {
    ToolResult result = api.invoke("math_evaluate", Json.parse("{\"expression\": \"2^10\"}"));

    assertThat(result.ok()).as(result.toString()).isTrue();
    assertThat(Json.write(result.result().orElseThrow())).contains("1024");
  }

  @ParameterizedTest(name = "{0}", autoCloseArguments = false)
  @MethodSource("apis")
  void invalidArgumentsAreAToolResultNamingTheField(String label, ToolgateApi api) {
    ToolResult result = api.invoke("math_evaluate", Json.parse("{\"expression\": 42}"));

    assertThat(result.ok()).isFalse();
    assertThat(result.error().orElseThrow().code()).isEqualTo(ErrorCode.INVALID_ARGUMENTS);
    assertThat(result.error().orElseThrow().message()).contains("/expression");
  }

  @ParameterizedTest(name = "{0}", autoCloseArguments = false)
  @MethodSource("apis")
  void anUnknownToolIsAToolResultWithCloseNames(String label, ToolgateApi api) {
    ToolResult result = api.invoke("math_evaluat", Json.object());

    assertThat(result.error().orElseThrow().code()).isEqualTo(ErrorCode.UNKNOWN_TOOL);
    assertThat(result.error().orElseThrow().suggestions()).contains("math_evaluate");
    assertThat(api.tool("math_evaluat")).isEmpty();
  }

  @ParameterizedTest(name = "{0}", autoCloseArguments = false)
  @MethodSource("apis")
  void readsWholeDefinitionsAndTheWholeCatalog(String label, ToolgateApi api) {
    assertThat(ToolDefinitionCodec.toJson(api.tool("weather_current").orElseThrow()))
        .isEqualTo(
            ToolDefinitionCodec.toJson(gateway.toolgate().tool("weather_current").orElseThrow()));
    assertThat(api.tools().stream().map(d -> d.name()).toList()).isEqualTo(gateway.names());
  }

  private static List<String> names(SearchResponse response) {
    return response.tools().stream().map(h -> h.tool().name()).toList();
  }
}
