package io.toolgate.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Meta-schema problems said as what is wrong with the schema, without the meta-schema's noise. */
class JsonSchemasTest {
  private static final String DRAFT_7 =
      "\"$schema\": \"http://json-schema.org/draft-07/schema#\", ";

  private static List<Violation> violations(String properties) {
    return violations("", properties);
  }

  private static List<Violation> violations(String dialect, String properties) {
    return JsonSchemas.metaSchemaViolations(
        Json.parse("{" + dialect + "\"type\": \"object\", \"properties\": " + properties + "}"));
  }

  @Test
  void aMisspelledTypeNamesTheTypesAndTheClosestOne() {
    assertThat(violations("{\"city\": {\"type\": \"strin\"}}"))
        .containsExactly(
            new Violation(
                "/properties/city/type",
                "'strin' is not a JSON Schema type (did you mean 'string'?); use one of string,"
                    + " number, integer, boolean, object, array, null"));
  }

  @Test
  void aMisspelledTypeInAListPointsAtTheItem() {
    assertThat(violations("{\"n\": {\"type\": [\"string\", \"nmber\"]}}"))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.pointer()).isEqualTo("/properties/n/type/1");
              assertThat(v.message()).startsWith("'nmber' is not a JSON Schema type");
            });
  }

  @Test
  void theOtherBranchOfTheTypeRuleIsNotReported() {
    assertThat(violations("{\"city\": {\"type\": \"strin\"}}"))
        .extracting(Violation::message)
        .noneMatch(m -> m.contains("found") || m.contains("expected") || m.contains("enumeration"));
  }

  @Test
  void aTypeThatIsNeitherANameNorAListSaysBoth() {
    assertThat(violations("{\"n\": {\"type\": 5}}"))
        .singleElement()
        .extracting(Violation::message)
        .isEqualTo(
            "must be a type name (string, number, integer, boolean, object, array, null) or a list"
                + " of them, not the number 5");
  }

  @Test
  void aTypeListThatRepeatsANameSaysSo() {
    assertThat(violations("{\"n\": {\"type\": [\"string\", \"string\"]}}"))
        .singleElement()
        .extracting(Violation::message)
        .isEqualTo("must not list the same value twice");
  }

  @Test
  void aPropertyGivenAsATypeNameSuggestsTheSchema() {
    // The 2020-12 meta-schema reports this once per vocabulary: one violation remains.
    assertThat(violations("{\"city\": \"string\"}"))
        .containsExactly(
            new Violation(
                "/properties/city",
                "must be a schema (an object such as {type: string}, or true/false), not 'string';"
                    + " write {type: string}"));
  }

  @Test
  void requiredGivenAsOneNameSuggestsTheList() {
    assertThat(
            JsonSchemas.metaSchemaViolations(
                Json.parse("{\"type\": \"object\", \"required\": \"city\"}")))
        .containsExactly(new Violation("/required", "must be a list, not 'city'; write [city]"));
  }

  @Test
  void aQuotedNumberSuggestsDroppingTheQuotes() {
    assertThat(violations("{\"n\": {\"type\": \"integer\", \"minimum\": \"5\"}}"))
        .extracting(Violation::message)
        .containsExactly("must be a number, not '5'; write 5 without quotes");
  }

  @Test
  void aListOfItemSchemasIn2020PointsToPrefixItems() {
    assertThat(violations("{\"n\": {\"type\": \"array\", \"items\": [{\"type\": \"string\"}]}}"))
        .singleElement()
        .extracting(Violation::message)
        .asString()
        .contains("not a list")
        .contains("prefixItems");
  }

  @Test
  void aListOfItemSchemasInDraft07IsCheckedInside() {
    assertThat(
            violations(
                DRAFT_7, "{\"n\": {\"type\": \"array\", \"items\": [{\"type\": \"strin\"}]}}"))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.pointer()).isEqualTo("/properties/n/items/0/type");
              assertThat(v.message()).contains("did you mean 'string'?");
            });
  }

  @Test
  void anInvalidPatternIsNamedInDraft07() {
    assertThat(violations(DRAFT_7, "{\"n\": {\"type\": \"string\", \"pattern\": \"([\"}}"))
        .extracting(Violation::message)
        .containsExactly("'([' is not a valid regular expression (ECMA-262)");
  }

  @Test
  void everyBadPlaceIsReportedOnceInPointerOrder() {
    assertThat(
            violations(
                "{\"a\": {\"type\": \"strin\"}, \"b\": {\"type\": \"strng\"},"
                    + " \"c\": {\"type\": \"string\", \"maxLength\": -1}}"))
        .extracting(Violation::pointer)
        .containsExactly("/properties/a/type", "/properties/b/type", "/properties/c/maxLength");
  }

  @Test
  void toolParametersNameTheToolAndEachPathInWords() {
    assertThatThrownBy(
            () ->
                JsonSchemas.requireToolParameters(
                    "weather",
                    Json.parse(
                        "{\"type\": \"object\", \"properties\": {\"city\": {\"type\": \"strin\"}}}")))
        .isInstanceOf(InvalidSchemaException.class)
        .hasMessage(
            "tool 'weather': parameters.properties.city.type: 'strin' is not a JSON Schema type"
                + " (did you mean 'string'?); use one of string, number, integer, boolean,"
                + " object, array, null");
  }

  @Test
  void toolParametersWithAnotherTypeSayWhatTheyNeed() {
    assertThatThrownBy(
            () -> JsonSchemas.requireToolParameters("t", Json.parse("{\"type\": \"string\"}")))
        .isInstanceOfSatisfying(
            InvalidSchemaException.class,
            e -> assertThat(e.violations()).extracting(Violation::pointer).containsExactly("/type"))
        .hasMessageContaining("parameters.type: must be \"object\", not \"string\"");
  }

  @Test
  void aValidSchemaHasNoViolations() {
    assertThat(violations("{\"city\": {\"type\": \"string\"}, \"n\": {\"type\": [\"integer\"]}}"))
        .isEmpty();
  }

  @Test
  void violationsDescribeTheirPathInDots() {
    assertThat(new Violation("/properties/a~1b/items/0/type", "bad").describe("parameters"))
        .isEqualTo("parameters.properties.a/b.items[0].type: bad");
    assertThat(new Violation("", "bad").describe("parameters")).isEqualTo("parameters: bad");
  }
}
