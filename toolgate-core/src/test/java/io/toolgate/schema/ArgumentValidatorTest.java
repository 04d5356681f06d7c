package io.toolgate.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class ArgumentValidatorTest {
  private static final ObjectNode SCHEMA =
      Json.parseObject(
          """
          {"type": "object",
           "properties": {"city": {"type": "string"}, "tz": {"type": "string"},
                          "days": {"type": "integer", "minimum": 1, "maximum": 7},
                          "stops": {"type": "array", "items": {"type": "object",
                                    "properties": {"name": {"type": "string"}}}}},
           "required": ["city"], "additionalProperties": false}
          """,
          "schema");

  private final ArgumentValidator validator = new ArgumentValidator();

  private List<Violation> validate(String args) {
    return validator.validate("k", SCHEMA, Json.parse(args));
  }

  @Test
  void validArgumentsHaveNoViolations() {
    assertThat(validate("{\"city\":\"Lisbon\",\"days\":3}")).isEmpty();
  }

  @Test
  void aMissingRequiredPropertyPointsAtTheProperty() {
    assertThat(validate("{}"))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.pointer()).isEqualTo("/city");
              assertThat(v.message()).contains("city");
            });
  }

  @Test
  void aWrongTypePointsAtTheValue() {
    assertThat(validate("{\"city\":\"Lisbon\",\"tz\":5}"))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.pointer()).isEqualTo("/tz");
              assertThat(v.message()).contains("string");
              assertThat(v.toString()).startsWith("/tz: ");
            });
  }

  @Test
  void aNestedViolationHasTheFullPointer() {
    assertThat(validate("{\"city\":\"x\",\"stops\":[{\"name\":\"a\"},{\"name\":1}]}"))
        .extracting(Violation::pointer)
        .containsExactly("/stops/1/name");
  }

  @Test
  void everyViolationIsReportedSortedByPointer() {
    assertThat(validate("{\"tz\":1,\"days\":9,\"extra\":true}"))
        .extracting(Violation::pointer)
        .contains("/city", "/days", "/tz")
        .isSorted();
  }

  @Test
  void aDraft07SchemaIsValidatedInItsDialect() {
    ObjectNode draft7 =
        Json.parseObject(
            "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\","
                + "\"properties\":{\"n\":{\"type\":\"number\",\"exclusiveMaximum\":10}},"
                + "\"dependencies\":{\"n\":[\"m\"]}}",
            "schema");
    assertThat(validator.validate("d7", draft7, Json.parse("{\"n\":5,\"m\":1}"))).isEmpty();
    assertThat(validator.validate("d7", draft7, Json.parse("{\"n\":10,\"m\":1}")))
        .extracting(Violation::pointer)
        .containsExactly("/n");
    // draft-07 'dependencies': n requires m
    assertThat(validator.validate("d7", draft7, Json.parse("{\"n\":5}"))).isNotEmpty();
  }

  @Test
  void theCacheKeyDecidesWhichCompiledSchemaIsUsed() {
    ObjectNode lax = Json.parseObject("{\"type\":\"object\"}", "schema");
    // Same key: the first compiled schema is reused, so the lax schema is not even read.
    validator.validate("same", SCHEMA, Json.parse("{\"city\":\"x\"}"));
    assertThat(validator.validate("same", lax, Json.parse("{}"))).isNotEmpty();
    // A new key compiles the new schema.
    assertThat(validator.validate("other", lax, Json.parse("{}"))).isEmpty();
  }

  @Test
  void aSmallCacheEvictsTheLeastRecentlyUsedSchema() {
    ArgumentValidator tiny = new ArgumentValidator(1);
    ObjectNode lax = Json.parseObject("{\"type\":\"object\"}", "schema");
    tiny.validate("a", SCHEMA, Json.parse("{}"));
    tiny.validate("b", lax, Json.parse("{}"));
    // "a" was evicted, so the lax schema given now is compiled under that key.
    assertThat(tiny.validate("a", lax, Json.parse("{}"))).isEmpty();
  }

  @Test
  void rejectsACapacityBelowOne() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ArgumentValidator(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("got 0");
  }
}
