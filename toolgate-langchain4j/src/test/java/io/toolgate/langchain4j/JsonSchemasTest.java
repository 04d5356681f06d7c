package io.toolgate.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.client.testing.LoopbackGateway;
import io.toolgate.json.Json;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** JSON Schema to LangChain4j's typed schema and back, on every tool of the demo catalog. */
class JsonSchemasTest {

  @Test
  void everyDemoToolRoundTripsNamesTypesRequiredEnumsAndDescriptions() {
    List<ToolDefinition> tools;
    try (LoopbackGateway gateway = LoopbackGateway.demo()) {
      tools = gateway.toolgate().tools();
    }
    assertThat(tools).hasSizeGreaterThan(190);
    SoftAssertions softly = new SoftAssertions();
    for (ToolDefinition tool : tools) {
      JsonObjectSchema typed = JsonSchemas.toObjectSchema(tool.parameters());
      ObjectNode back = JsonSchemas.toJson(typed);
      sameShape(softly, tool.name(), "", tool.parameters(), back);
      softly
          .assertThat(ToolgateToolProvider.specification(tool, tool.name()).parameters())
          .as(tool.name())
          .isEqualTo(typed);
    }
    softly.assertAll();
  }

  @Test
  void onlyTypeListsSchemaValuedAdditionalPropertiesAndAnyValueStayRawInTheDemoCatalog() {
    List<String> raw = new ArrayList<>();
    try (LoopbackGateway gateway = LoopbackGateway.demo()) {
      for (ToolDefinition tool : gateway.toolgate().tools()) {
        collectRaw(tool.name(), JsonSchemas.toObjectSchema(tool.parameters()), raw);
      }
    }
    assertThat(raw)
        .isNotEmpty()
        .allSatisfy(
            r ->
                assertThat(
                        r.contains("\"type\":[")
                            || r.contains("\"additionalProperties\":{")
                            || !r.contains("\"type\""))
                    .as(r)
                    .isTrue());
  }

  @Test
  void nestedObjectsArraysAndEnumsBecomeTypedElements() {
    JsonObjectSchema schema =
        JsonSchemas.toObjectSchema(
            Json.parse(
                """
                {"type": "object", "additionalProperties": false,
                 "properties": {
                   "order": {"type": "object", "description": "The order",
                     "properties": {
                       "lines": {"type": "array", "minItems": 1,
                         "items": {"type": "object",
                           "properties": {"sku": {"type": "string"},
                                          "qty": {"type": "integer", "minimum": 1}},
                           "required": ["sku", "qty"]}},
                       "speed": {"type": "string", "enum": ["standard", "express"],
                                 "default": "standard"}},
                     "required": ["lines"]}},
                 "required": ["order"]}
                """));

    JsonObjectSchema order = (JsonObjectSchema) schema.properties().get("order");
    JsonArraySchema lines = (JsonArraySchema) order.properties().get("lines");
    JsonObjectSchema line = (JsonObjectSchema) lines.items();
    assertThat(schema.required()).containsExactly("order");
    assertThat(schema.additionalProperties()).isFalse();
    assertThat(order.required()).containsExactly("lines");
    assertThat(lines.description()).isEqualTo("At least items: 1.");
    assertThat(line.required()).containsExactly("sku", "qty");
    assertThat(((JsonIntegerSchema) line.properties().get("qty")).description())
        .isEqualTo("Minimum: 1.");
    JsonEnumSchema speed = (JsonEnumSchema) order.properties().get("speed");
    assertThat(speed.enumValues()).containsExactly("standard", "express");
    assertThat(speed.description()).isEqualTo("Default: standard.");
  }

  @Test
  void aNodeTheTypedElementsCannotExpressIsKeptWhole() {
    String oneOf =
        "{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"integer\"}],\"description\":\"An id\"}";
    JsonObjectSchema schema =
        JsonSchemas.toObjectSchema(
            Json.parse(
                "{\"type\": \"object\", \"properties\": {\"id\": "
                    + oneOf
                    + ", \"n\": {\"type\": [\"integer\", \"null\"]}}}"));

    JsonSchemaElement id = schema.properties().get("id");
    assertThat(id).isInstanceOf(JsonRawSchema.class);
    assertThat(Json.parse(((JsonRawSchema) id).schema())).isEqualTo(Json.parse(oneOf));
    assertThat(schema.properties().get("n")).isInstanceOf(JsonRawSchema.class);
    assertThat(JsonSchemas.toJson(schema).path("properties").path("id"))
        .isEqualTo(Json.parse(oneOf));
  }

  /** Same keys, types, required, enums, items and descriptions (notes appended) at every level. */
  static void sameShape(
      SoftAssertions softly, String tool, String path, JsonNode original, JsonNode back) {
    String where = tool + " " + (path.isEmpty() ? "/" : path);
    for (String key : List.of("type", "required", "enum", "additionalProperties", "$ref")) {
      softly.assertThat(back.get(key)).as(where + " " + key).isEqualTo(original.get(key));
    }
    String description = original.path("description").asString("");
    softly
        .assertThat(back.path("description").asString(""))
        .as(where + " description")
        .startsWith(description);
    for (String noted : List.of("default", "minimum", "maximum", "minItems", "maxItems")) {
      if (original.has(noted)) {
        softly
            .assertThat(back.path("description").asString(""))
            .as(where + " " + noted)
            .contains(
                original.get(noted).isString()
                    ? original.get(noted).asString()
                    : original.get(noted).toString());
      }
    }
    List<String> names = new ArrayList<>(original.path("properties").propertyNames());
    softly
        .assertThat(new ArrayList<>(back.path("properties").propertyNames()))
        .as(where + " properties")
        .isEqualTo(names);
    for (String name : names) {
      sameShape(
          softly,
          tool,
          path + "/properties/" + name,
          original.path("properties").get(name),
          back.path("properties").path(name));
    }
    if (original.has("items")) {
      sameShape(softly, tool, path + "/items", original.get("items"), back.path("items"));
    }
  }

  private static void collectRaw(String where, JsonSchemaElement e, List<String> raw) {
    switch (e) {
      case JsonRawSchema r -> raw.add(where + ": " + r.schema());
      case JsonObjectSchema o ->
          o.properties().forEach((name, p) -> collectRaw(where + "/" + name, p, raw));
      case JsonArraySchema a -> collectRaw(where + "[]", a.items(), raw);
      default -> {}
    }
  }
}
