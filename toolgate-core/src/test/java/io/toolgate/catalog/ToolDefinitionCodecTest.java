package io.toolgate.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.json.Json;
import io.toolgate.schema.Violation;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class ToolDefinitionCodecTest {
  private static final String FULL =
      """
      {"name": "weather_current", "title": "Weather", "description": "Current weather.",
       "version": "1.2.0", "tags": ["weather", "geo"],
       "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                      "required": ["city"]},
       "returns": {"type": "object"},
       "annotations": {"readOnlyHint": true, "openWorldHint": true},
       "sandbox": "net", "dependencies": ["pip:requests"], "secrets": ["WEATHER_KEY"],
       "examples": [{"city": "Lisbon"}],
       "timeout_ms": 5000, "max_concurrency": 4, "max_result_bytes": 65536,
       "http": {"method": "get", "url": "https://api.example.com/v1/weather?q={city}",
                "headers": {"Authorization": "Bearer ${WEATHER_KEY}"}, "query": {"units": "metric"}}}
      """;

  private static ToolDefinition read(String json) {
    return ToolDefinitionCodec.fromJson(Json.parse(json), "file:test.yaml");
  }

  @Test
  void readsEveryField() {
    ToolDefinition t = read(FULL);
    assertThat(t.name()).isEqualTo("weather_current");
    assertThat(t.title()).isEqualTo("Weather");
    assertThat(t.version()).isEqualTo("1.2.0");
    assertThat(t.tags()).containsExactly("weather", "geo");
    assertThat(t.source()).isEqualTo("file:test.yaml");
    assertThat(t.annotations().readOnlyHint()).contains(true);
    assertThat(t.annotations().destructiveHint()).isEmpty();
    assertThat(t.sandbox()).isEqualTo("net");
    assertThat(t.secrets()).containsExactly("WEATHER_KEY");
    assertThat(t.examples()).hasSize(1);
    assertThat(t.policy().timeout()).contains(Duration.ofSeconds(5));
    assertThat(t.policy().maxConcurrency()).hasValue(4);
    assertThat(t.policy().maxResultBytes()).hasValue(65536);
    assertThat(t.implementation())
        .isInstanceOfSatisfying(
            Implementation.Http.class,
            h -> {
              assertThat(h.method()).isEqualTo("GET");
              assertThat(h.headers()).containsEntry("Authorization", "Bearer ${WEATHER_KEY}");
              assertThat(h.query()).containsEntry("units", "metric");
            });
  }

  @Test
  void roundTripsThroughJsonToAnEqualDefinition() {
    ToolDefinition t = read(FULL);
    ObjectNode json = ToolDefinitionCodec.toJson(t);
    ToolDefinition again = ToolDefinitionCodec.fromJson(json, "ignored");
    assertThat(again).isEqualTo(t);
    assertThat(again.checksum()).isEqualTo(t.checksum());
    assertThat(ToolDefinitionCodec.toJson(again)).isEqualTo(json);
  }

  @Test
  void roundTripsACommandTool() {
    ToolDefinition t =
        read(
            "{\"name\":\"csv_stats\",\"parameters\":{\"type\":\"object\"},"
                + "\"command\":[\"node\",\"stats.js\"]}");
    ToolDefinition again = ToolDefinitionCodec.fromJson(ToolDefinitionCodec.toJson(t), "x");
    assertThat(again.implementation())
        .isEqualTo(new Implementation.Command(java.util.List.of("node", "stats.js")));
  }

  @Test
  void writesTheDerivedKeys() {
    ObjectNode json = ToolDefinitionCodec.toJson(read(FULL));
    assertThat(json.get("id").asString()).isEqualTo(ToolIds.toolId("weather_current").toString());
    assertThat(json.get("checksum").asString()).matches("[0-9a-f]{16}");
    assertThat(json.get("schema_version").asString()).isEqualTo(ToolDefinition.SCHEMA_VERSION);
  }

  @Test
  void ignoresDerivedKeysOnInput() {
    ToolDefinition t =
        read(
            "{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},\"id\":\"x\","
                + "\"checksum\":\"bogus\",\"schema_version\":\"9\"}");
    assertThat(t.checksum()).isNotEqualTo("bogus");
  }

  @Test
  void unknownKeyErrorNamesTheKeyAndSuggestsTheClosest() {
    assertThatThrownBy(() -> read("{\"name\":\"t\",\"paramters\":{\"type\":\"object\"}}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/paramters"))
        .hasMessageContaining("tool 't'")
        .hasMessageContaining("unknown key 'paramters'")
        .hasMessageContaining("did you mean 'parameters'?");
  }

  @Test
  void aKeyThatBeginsAKnownOneSuggestsIt() {
    assertThatThrownBy(
            () -> read("{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},\"timeout\":5}"))
        .hasMessageContaining("unknown key 'timeout' (did you mean 'timeout_ms'?)");
  }

  @Test
  void aMisspeltRequiredKeyIsReportedOnce() {
    assertThat(
            ToolDefinitionCodec.decode(Json.parse("{\"name\":\"t\",\"paramters\":{}}"), "x")
                .problems())
        .singleElement()
        .extracting(Violation::message)
        .asString()
        .contains("did you mean 'parameters'?");
  }

  @Test
  void unknownHttpKeyIsNamedWithItsPointer() {
    assertThatThrownBy(
            () ->
                read(
                    "{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},"
                        + "\"http\":{\"url\":\"https://x.test\",\"heders\":{}}}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/http/heders"))
        .hasMessageContaining("did you mean 'headers'?");
  }

  @Test
  void unknownAnnotationIsNamed() {
    assertThatThrownBy(
            () ->
                read(
                    "{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},"
                        + "\"annotations\":{\"readonlyHint\":true}}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class,
            e -> assertThat(e.pointer()).isEqualTo("/annotations/readonlyHint"))
        .hasMessageContaining("did you mean 'readOnlyHint'?");
  }

  @Test
  void missingNameIsAnError() {
    assertThatThrownBy(() -> read("{\"parameters\":{\"type\":\"object\"}}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/name"));
  }

  @Test
  void missingParametersIsAnErrorThatShowsTheEmptySchema() {
    assertThatThrownBy(() -> read("{\"name\":\"t\"}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/parameters"))
        .hasMessageContaining("{type: object, properties: {}}");
  }

  @Test
  void aToolThatIsNotAnObjectIsAnError() {
    assertThatThrownBy(() -> ToolDefinitionCodec.fromJson(Json.parse("\"t\""), "x"))
        .isInstanceOf(InvalidToolException.class);
  }

  @Test
  void tagsOfTheWrongTypeAreAnError() {
    assertThatThrownBy(
            () -> read("{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},\"tags\":{}}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/tags"))
        .hasMessageContaining("list of strings");
  }

  @Test
  void aTagThatIsAnObjectIsAnErrorWithItsIndex() {
    assertThatThrownBy(
            () -> read("{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},\"tags\":[\"a\",{}]}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/tags/1"));
  }

  @Test
  void aNonBooleanHintIsAnError() {
    assertThatThrownBy(
            () ->
                read(
                    "{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},"
                        + "\"annotations\":{\"readOnlyHint\":\"yes\"}}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class,
            e -> assertThat(e.pointer()).isEqualTo("/annotations/readOnlyHint"))
        .hasMessageContaining("true or false");
  }

  @Test
  void aNegativeTimeoutIsAnError() {
    assertThatThrownBy(
            () -> read("{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},\"timeout_ms\":-5}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/timeout_ms"))
        .hasMessageContaining("positive whole number");
  }

  @Test
  void aTimeoutGivenAsTextIsAnError() {
    assertThatThrownBy(
            () ->
                read("{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},\"timeout_ms\":\"5s\"}"))
        .isInstanceOf(InvalidToolException.class);
  }

  @Test
  void anExampleThatIsNotAnObjectIsAnError() {
    assertThatThrownBy(
            () -> read("{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},\"examples\":[1]}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/examples/0"));
  }

  @Test
  void httpAndCommandTogetherAreAnError() {
    assertThatThrownBy(
            () ->
                read(
                    "{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},"
                        + "\"http\":{\"url\":\"https://x.test\"},\"command\":[\"ls\"]}"))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("either 'http' or 'command'");
  }

  @Test
  void aRelativeHttpUrlPointsAtTheUrl() {
    assertThatThrownBy(
            () ->
                read(
                    "{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},"
                        + "\"http\":{\"url\":\"/v1/x\"}}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/http/url"))
        .hasMessageContaining("absolute");
  }

  @Test
  void anInvalidSchemaPointsIntoTheParameters() {
    assertThatThrownBy(
            () ->
                read(
                    "{\"name\":\"t\",\"parameters\":{\"type\":\"object\","
                        + "\"properties\":{\"a\":{\"type\":\"strin\"}}}}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class,
            e -> assertThat(e.pointer()).startsWith("/parameters/properties/a"));
  }

  @Test
  void aBadNamePointsAtTheName() {
    assertThatThrownBy(() -> read("{\"name\":\"a b\",\"parameters\":{\"type\":\"object\"}}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/name"));
  }

  @Test
  void aBadSecretPointsAtTheSecrets() {
    assertThatThrownBy(
            () ->
                read(
                    "{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},"
                        + "\"secrets\":[\"not-a-var\"]}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/secrets/0"))
        .hasMessageContaining("NOT_A_VAR");
  }

  @Test
  void decodeReportsEveryProblemOfATool() {
    ToolDefinitionCodec.Decoded decoded =
        ToolDefinitionCodec.decode(
            Json.parse(
                """
                {"name": "a b", "paramters": {}, "timeout_ms": 0, "tags": [{}],
                 "parameters": {"type": "object", "properties": {"n": {"type": "strin"}}},
                 "http": {"method": "FETCH", "url": "https://x.test", "heders": {}}}
                """),
            "x");
    assertThat(decoded.definition()).isEmpty();
    assertThat(decoded.problems())
        .extracting(Violation::pointer)
        .containsExactlyInAnyOrder(
            "/paramters",
            "/name",
            "/tags/0",
            "/timeout_ms",
            "/http/heders",
            "/http/method",
            "/parameters/properties/n/type");
    assertThat(decoded.problems())
        .allSatisfy(p -> assertThat(p.message()).startsWith("tool ").contains("'a b'"));
  }

  @Test
  void decodeOfAGoodToolHasTheDefinitionAndNoProblems() {
    ToolDefinitionCodec.Decoded decoded = ToolDefinitionCodec.decode(Json.parse(FULL), "x");
    assertThat(decoded.problems()).isEmpty();
    assertThat(decoded.definition())
        .get()
        .extracting(ToolDefinition::name)
        .isEqualTo("weather_current");
  }

  @Test
  void fromJsonThrowsTheFirstProblem() {
    assertThatThrownBy(
            () -> read("{\"name\":\"a b\",\"bogus\":1,\"parameters\":{\"type\":\"object\"}}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/bogus"));
  }

  @Test
  void aBadHttpMethodPointsAtTheMethod() {
    assertThatThrownBy(
            () ->
                read(
                    "{\"name\":\"t\",\"parameters\":{\"type\":\"object\"},"
                        + "\"http\":{\"method\":\"FETCH\",\"url\":\"https://x.test\"}}"))
        .isInstanceOfSatisfying(
            InvalidToolException.class, e -> assertThat(e.pointer()).isEqualTo("/http/method"))
        .hasMessageContaining("is not one of");
  }

  @Test
  void readsYamlNumbersInTextFieldsAsText() {
    JsonNode yaml = Json.yaml().readTree("name: t\nversion: 1.0\nparameters: {type: object}\n");
    assertThat(ToolDefinitionCodec.fromJson(yaml, "x").version()).isEqualTo("1.0");
  }

  private static final String MINIMAL =
      "{\"name\": NAME, \"parameters\": {\"type\": \"object\"},"
          + " \"http\": {\"url\": \"https://example.com/\"}}";

  @Test
  void aNameThatIsNotAJsonStringIsRefusedRatherThanCoerced() {
    String[][] cases = {{"12.50", "number 12.5"}, {"true", "boolean true"}, {"[\"a\"]", "array"}};
    for (String[] c : cases) {
      assertThatThrownBy(() -> read(MINIMAL.replace("NAME", c[0])))
          .isInstanceOf(InvalidToolException.class)
          .hasMessageContaining("'name' must be a JSON string, got " + c[1])
          .satisfies(e -> assertThat(((InvalidToolException) e).pointer()).isEqualTo("/name"));
    }
  }

  @Test
  void everyMetaToolNameIsRefusedInAnyCase() {
    for (String name :
        new String[] {
          "tool_search", "tool_invoke", "find_tools", "use_tool", "Tool_Search", "USE_TOOL"
        }) {
      assertThatThrownBy(() -> read(MINIMAL.replace("NAME", "\"" + name + "\"")))
          .as(name)
          .isInstanceOf(InvalidToolException.class)
          .hasMessageContaining("reserved for")
          .hasMessageContaining("rename it");
    }
    assertThat(read(MINIMAL.replace("NAME", "\"my_tool_search\"")).name())
        .isEqualTo("my_tool_search");
  }
}
