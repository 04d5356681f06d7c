package io.toolgate.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.json.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class GeminiSchemasTest {
  private static ObjectNode convert(String schema) {
    return GeminiSchemas.convert(Json.parse(schema));
  }

  private static void assertJson(JsonNode actual, String expected) {
    assertThat(Json.canonical(actual)).isEqualTo(Json.canonical(Json.parse(expected)));
  }

  @Test
  void dropsSchemaIdCommentExamplesAndClosedAdditionalProperties() {
    ObjectNode out =
        convert(
            """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "x", "$comment": "c",
             "type": "object", "additionalProperties": false, "examples": [{"a": "1"}],
             "properties": {"a": {"type": "string", "readOnly": true, "example": "1"}}}
            """);

    assertJson(out, "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}");
  }

  @Test
  void inlinesLocalReferences() {
    ObjectNode out =
        convert(
            """
            {"type": "object",
             "$defs": {"point": {"type": "object", "properties": {"x": {"type": "number"}}}},
             "definitions": {"name": {"type": "string"}},
             "properties": {"at": {"$ref": "#/$defs/point", "description": "Where"},
                            "label": {"$ref": "#/definitions/name"}}}
            """);

    assertJson(
        out,
        """
        {"type": "object", "properties": {
          "at": {"type": "object", "description": "Where", "properties": {"x": {"type": "number"}}},
          "label": {"type": "string"}}}
        """);
  }

  @Test
  void stopsARecursiveReferenceWithADescribedObject() {
    ObjectNode out =
        convert(
            """
            {"type": "object", "properties": {"root": {"$ref": "#/$defs/node"}},
             "$defs": {"node": {"type": "object", "description": "A tree node",
               "properties": {"name": {"type": "string"},
                              "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}
            """);

    JsonNode child = out.at("/properties/root/properties/children/items");
    assertThat(child.get("type").asString()).isEqualTo("object");
    assertThat(child.get("description").asString())
        .isEqualTo("A tree node. Recursive: the same structure as node, not expanded again.");
    assertThat(child.has("properties")).isFalse();
  }

  @Test
  void describesADanglingReference() {
    ObjectNode out = convert("{\"$ref\": \"https://example.com/s.json\", \"description\": \"X\"}");

    assertJson(out, "{\"description\": \"X. Schema: https://example.com/s.json.\"}");
  }

  @Test
  void turnsANullableTypeArrayIntoNullable() {
    assertJson(
        convert("{\"type\": [\"string\", \"null\"], \"maxLength\": 5}"),
        "{\"type\": \"string\", \"nullable\": true, \"maxLength\": 5}");
  }

  @Test
  void turnsSeveralTypesIntoAnyOf() {
    assertJson(
        convert("{\"type\": [\"string\", \"integer\"], \"description\": \"Id\"}"),
        "{\"description\": \"Id\", \"anyOf\": [{\"type\": \"string\"}, {\"type\": \"integer\"}]}");
  }

  @Test
  void inlinesTheOnlyNonNullBranchOfAnyOf() {
    assertJson(
        convert(
            "{\"anyOf\": [{\"type\": \"integer\", \"minimum\": 1}, {\"type\": \"null\"}],"
                + " \"description\": \"Page\"}"),
        "{\"type\": \"integer\", \"description\": \"Page\", \"nullable\": true, \"minimum\": 1}");
  }

  @Test
  void turnsOneOfIntoAnyOf() {
    assertJson(
        convert("{\"oneOf\": [{\"type\": \"string\"}, {\"type\": \"number\"}]}"),
        "{\"anyOf\": [{\"type\": \"string\"}, {\"type\": \"number\"}]}");
  }

  @Test
  void mergesAllOf() {
    ObjectNode out =
        convert(
            """
            {"allOf": [
               {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
               {"$ref": "#/$defs/b"}],
             "$defs": {"b": {"properties": {"b": {"type": "integer"}}, "required": ["b"]}}}
            """);

    assertJson(
        out,
        """
        {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
         "required": ["a", "b"]}
        """);
  }

  @Test
  void turnsAStringConstIntoASingleEnum() {
    assertJson(convert("{\"const\": \"pdf\"}"), "{\"type\": \"string\", \"enum\": [\"pdf\"]}");
  }

  @Test
  void describesANumericConst() {
    assertJson(
        convert("{\"const\": 2}"), "{\"type\": \"integer\", \"description\": \"Must be 2.\"}");
  }

  @Test
  void describesANonStringEnumAndInfersItsType() {
    assertJson(
        convert("{\"enum\": [1, 2, 3], \"description\": \"Level\"}"),
        "{\"type\": \"integer\", \"description\": \"Level. One of: 1, 2, 3.\"}");
  }

  @Test
  void aNullInAnEnumMakesItNullable() {
    assertJson(
        convert("{\"type\": [\"string\", \"null\"], \"enum\": [\"a\", \"b\", null]}"),
        "{\"type\": \"string\", \"nullable\": true, \"enum\": [\"a\", \"b\"]}");
  }

  @Test
  void keepsOnlyTheDocumentedFormats() {
    assertJson(
        convert(
            """
            {"type": "object", "properties": {
              "when": {"type": "string", "format": "date-time"},
              "mail": {"type": "string", "format": "email"},
              "big": {"type": "integer", "format": "int64"},
              "ratio": {"type": "number", "format": "int64"}}}
            """),
        """
        {"type": "object", "properties": {
          "when": {"type": "string", "format": "date-time"},
          "mail": {"type": "string", "description": "Format: email."},
          "big": {"type": "integer", "format": "int64"},
          "ratio": {"type": "number", "description": "Format: int64."}}}
        """);
  }

  @Test
  void foldsDefaultAndUnsupportedLimitsIntoTheDescription() {
    assertJson(
        convert(
            """
            {"type": "number", "description": "Rate", "default": 0.5, "exclusiveMinimum": 0,
             "exclusiveMaximum": 1, "multipleOf": 0.1, "deprecated": true}
            """),
        """
        {"type": "number", "description":
         "Rate. Must be greater than 0. Must be less than 1. Must be a multiple of 0.1. Default: 0.5. Deprecated."}
        """);
  }

  @Test
  void keepsTheSupportedLimits() {
    String schema =
        """
        {"type": "object", "minProperties": 1, "maxProperties": 3,
         "properties": {
           "s": {"type": "string", "minLength": 1, "maxLength": 9, "pattern": "^a"},
           "n": {"type": "integer", "minimum": 0, "maximum": 9},
           "l": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 4}}}
        """;

    assertJson(convert(schema), schema);
  }

  @Test
  void keepsOnlyRequiredNamesThatAreDeclared() {
    assertJson(
        convert(
            "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\"}},"
                + " \"required\": [\"a\", \"ghost\"]}"),
        "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\"}},"
            + " \"required\": [\"a\"]}");
  }

  @Test
  void describesAMapObject() {
    assertJson(
        convert("{\"type\": \"object\", \"additionalProperties\": {\"type\": \"string\"}}"),
        "{\"type\": \"object\", \"description\": \"An object with any keys; each value is a"
            + " string.\"}");
  }

  @Test
  void infersTheTypeOfAnUntypedSchema() {
    assertJson(
        convert("{\"properties\": {\"a\": {\"items\": {\"enum\": [\"x\"]}}}}"),
        "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"array\","
            + " \"items\": {\"type\": \"string\", \"enum\": [\"x\"]}}}}");
  }

  @Test
  void turnsATupleIntoItemsAnyOf() {
    assertJson(
        convert(
            "{\"type\": \"array\", \"prefixItems\": [{\"type\": \"number\"}, {\"type\":"
                + " \"string\"}]}"),
        "{\"type\": \"array\", \"items\": {\"anyOf\": [{\"type\": \"number\"}, {\"type\":"
            + " \"string\"}]}}");
  }

  @Test
  void leavesOutTheParametersOfAToolWithoutArguments() {
    assertThat(
            GeminiSchemas.parameters(
                Json.parseObject("{\"type\": \"object\", \"properties\": {}}", "schema")))
        .isEmpty();
    assertThat(
            GeminiSchemas.parameters(
                Json.parseObject(
                    "{\"type\": \"object\", \"properties\": {\"a\": {\"type\": \"string\"}}}",
                    "schema")))
        .isPresent();
  }

  @Test
  void doesNotChangeItsInput() {
    ObjectNode input =
        Json.parseObject(
            "{\"type\": \"object\", \"$defs\": {\"a\": {\"type\": \"string\", \"default\": \"x\"}},"
                + " \"properties\": {\"p\": {\"$ref\": \"#/$defs/a\"}}}",
            "schema");
    String before = Json.canonical(input);

    GeminiSchemas.convert(input);

    assertThat(Json.canonical(input)).isEqualTo(before);
  }
}
