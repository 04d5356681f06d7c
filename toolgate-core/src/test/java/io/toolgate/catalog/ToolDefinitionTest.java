package io.toolgate.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.json.Json;
import io.toolgate.schema.InvalidSchemaException;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class ToolDefinitionTest {
  private static final ObjectNode CITY =
      Json.parseObject(
          "{\"type\":\"object\",\"properties\":{\"city\":{\"type\":\"string\"}},"
              + "\"required\":[\"city\"]}",
          "schema");

  private static ToolDefinition weather() {
    return ToolDefinition.builder("weather_current", CITY)
        .description("Current weather for a city.")
        .dependencies(List.of("pip:requests"))
        .build();
  }

  @Test
  void acceptsNamesOfLettersDigitsUnderscoreDotAndDash() {
    assertThat(ToolDefinition.builder("a.B-9_x", CITY).build().name()).isEqualTo("a.B-9_x");
  }

  @Test
  void acceptsANameOfExactly128Characters() {
    String name = "n".repeat(128);
    assertThat(ToolDefinition.builder(name, CITY).build().name()).hasSize(128);
  }

  @Test
  void rejectsANameOf129CharactersNamingTheLimit() {
    assertThatThrownBy(() -> ToolDefinition.builder("n".repeat(129), CITY).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("129 characters")
        .hasMessageContaining("limit is 128");
  }

  @Test
  void rejectsANameWithSpacesOrSlashesAndSuggestsAFix() {
    assertThatThrownBy(() -> ToolDefinition.builder("get weather/now", CITY).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'get weather/now'")
        .hasMessageContaining("'get_weather_now'");
  }

  @Test
  void rejectsAnEmptyName() {
    assertThatThrownBy(() -> ToolDefinition.builder("", CITY).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("required");
  }

  @Test
  void rejectsParametersThatAreNotAnObject() {
    assertThatThrownBy(() -> ToolDefinition.builder("t", Json.parse("[1]")).build())
        .isInstanceOf(InvalidSchemaException.class)
        .hasMessageContaining("tool 't'")
        .hasMessageContaining("JSON Schema object");
  }

  @Test
  void rejectsParametersWhoseTypeIsNotObject() {
    assertThatThrownBy(
            () -> ToolDefinition.builder("t", Json.parse("{\"type\":\"string\"}")).build())
        .isInstanceOf(InvalidSchemaException.class)
        .hasMessageContaining("parameters.type: must be \"object\", not \"string\"");
  }

  @Test
  void rejectsParametersWithoutAType() {
    assertThatThrownBy(() -> ToolDefinition.builder("t", Json.parse("{\"properties\":{}}")).build())
        .isInstanceOf(InvalidSchemaException.class)
        .hasMessageContaining("parameters.type: is missing; add \"type\": \"object\"");
  }

  @Test
  void rejectsASchemaTheMetaSchemaRefusesWithThePointerOfTheBadKeyword() {
    var schema = Json.parse("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"strin\"}}}");
    assertThatThrownBy(() -> ToolDefinition.builder("t", schema).build())
        .isInstanceOfSatisfying(
            InvalidSchemaException.class,
            e ->
                assertThat(e.violations())
                    .anySatisfy(v -> assertThat(v.pointer()).startsWith("/properties/a")))
        .hasMessageContaining("parameters.properties.a.type: 'strin' is not a JSON Schema type");
  }

  @Test
  void acceptsADraft07Schema() {
    var schema =
        Json.parse(
            "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\","
                + "\"properties\":{\"a\":{\"type\":\"integer\",\"exclusiveMinimum\":0}},"
                + "\"definitions\":{\"x\":{\"type\":\"string\"}}}");
    assertThat(ToolDefinition.builder("t", schema).build().parameters()).isEqualTo(schema);
  }

  @Test
  void checksumIsSixteenLowerCaseHexCharacters() {
    assertThat(weather().checksum()).matches("[0-9a-f]{16}");
  }

  @Test
  void checksumIsStableForEqualDefinitions() {
    assertThat(weather().checksum()).isEqualTo(weather().checksum());
  }

  @Test
  void checksumIgnoresTheOrderOfSchemaKeys() {
    ObjectNode reordered =
        Json.parseObject(
            "{\"required\":[\"city\"],\"properties\":{\"city\":{\"type\":\"string\"}},"
                + "\"type\":\"object\"}",
            "schema");
    ToolDefinition a = ToolDefinition.builder("t", CITY).build();
    ToolDefinition b = ToolDefinition.builder("t", reordered).build();
    assertThat(a.checksum()).isEqualTo(b.checksum());
  }

  @Test
  void checksumChangesWhenTheDescriptionChanges() {
    ToolDefinition changed = weather().toBuilder().description("Weather right now.").build();
    assertThat(changed.checksum()).isNotEqualTo(weather().checksum());
  }

  @Test
  void checksumChangesWhenTheParametersChange() {
    ObjectNode schema = CITY.deepCopy();
    ((ObjectNode) schema.get("properties")).putObject("units").put("type", "string");
    ToolDefinition changed =
        ToolDefinition.builder("weather_current", schema)
            .description("Current weather for a city.")
            .dependencies(List.of("pip:requests"))
            .build();
    assertThat(changed.checksum()).isNotEqualTo(weather().checksum());
  }

  @Test
  void checksumChangesWhenTheDependenciesChange() {
    ToolDefinition changed =
        weather().toBuilder().dependencies(List.of("pip:requests", "pip:lxml")).build();
    assertThat(changed.checksum()).isNotEqualTo(weather().checksum());
  }

  @Test
  void checksumDoesNotChangeWhenOnlyTheSourceChanges() {
    ToolDefinition moved = weather().withSource("file:other.yaml");
    assertThat(moved.source()).isEqualTo("file:other.yaml");
    assertThat(moved.checksum()).isEqualTo(weather().checksum());
  }

  @Test
  void idIsTheDocumentedUuid5ComputedIndependently() {
    // python3 -c "import uuid; print(uuid.uuid5(uuid.NAMESPACE_URL, 'toolgate:tool:time_now'))"
    assertThat(ToolDefinition.builder("time_now", CITY).build().id())
        .isEqualTo(UUID.fromString("b020013e-cf1b-5f1b-bd19-0b1f009213ad"));
  }

  @Test
  void idHasVersion5AndTheIetfVariant() {
    UUID id = weather().id();
    assertThat(id.version()).isEqualTo(5);
    assertThat(id.variant()).isEqualTo(2);
  }

  @Test
  void idDependsOnlyOnTheName() {
    assertThat(weather().toBuilder().description("x").build().id()).isEqualTo(weather().id());
    assertThat(weather().withName("weather_now").id()).isNotEqualTo(weather().id());
  }

  @Test
  void defaultsFillTheOptionalFields() {
    ToolDefinition t = ToolDefinition.builder("t", CITY).build();
    assertThat(t.version()).isEqualTo("0.1.0");
    assertThat(t.source()).isEqualTo("builtin");
    assertThat(t.sandbox()).isEqualTo(ToolDefinition.DEFAULT_SANDBOX);
    assertThat(t.implementation()).isInstanceOf(Implementation.Provided.class);
    assertThat(t.returns()).isEmpty();
  }

  @Test
  void tagsDependenciesAndSecretsAreDeduplicatedInOrder() {
    ToolDefinition t =
        ToolDefinition.builder("t", CITY)
            .tags(List.of("b", "a", "b", " "))
            .secrets(List.of("KEY", "KEY"))
            .build();
    assertThat(t.tags()).containsExactly("b", "a");
    assertThat(t.secrets()).containsExactly("KEY");
  }

  @Test
  void rejectsASecretThatIsNotAnEnvironmentVariableName() {
    assertThatThrownBy(() -> ToolDefinition.builder("t", CITY).secrets(List.of("my-key")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'my-key'");
  }

  @Test
  void parametersAreCopiedSoLaterChangesToTheInputDoNotLeakIn() {
    ObjectNode schema = CITY.deepCopy();
    ToolDefinition t = ToolDefinition.builder("t", schema).build();
    schema.put("description", "changed");
    assertThat(t.parameters().has("description")).isFalse();
  }

  @Test
  void plannerViewHasNameAndDescription() {
    assertThat(weather().plannerView())
        .isEqualTo(
            new ToolDefinition.PlannerView("weather_current", "Current weather for a city."));
  }

  @Test
  void toBuilderRoundTripsToAnEqualDefinition() {
    assertThat(weather().toBuilder().build()).isEqualTo(weather());
  }
}
