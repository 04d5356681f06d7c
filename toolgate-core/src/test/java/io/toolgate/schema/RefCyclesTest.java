package io.toolgate.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.json.Json;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class RefCyclesTest {
  private static ObjectNode schema(String properties) {
    return (ObjectNode) Json.parse("{\"type\":\"object\",\"properties\":" + properties + "}");
  }

  @Test
  void aCycleBetweenTwoPropertiesIsRefusedWithItsPointers() {
    ObjectNode s =
        schema("{\"a\":{\"$ref\":\"#/properties/b\"},\"b\":{\"$ref\":\"#/properties/a\"}}");

    assertThatThrownBy(() -> JsonSchemas.requireToolParameters("loop", s))
        .isInstanceOf(InvalidSchemaException.class)
        .hasMessageContaining("tool 'loop'")
        .hasMessageContaining("$ref cycle (#/properties/a -> #/properties/b -> #/properties/a)");
  }

  @Test
  void aSchemaThatRefersToItselfThroughAllOfIsRefused() {
    ObjectNode s =
        (ObjectNode)
            Json.parse(
                "{\"type\":\"object\",\"$defs\":{\"x\":{\"allOf\":[{\"$ref\":\"#/$defs/x\"}]}},"
                    + "\"properties\":{\"v\":{\"$ref\":\"#/$defs/x\"}}}");

    assertThat(RefCycles.of(s))
        .singleElement()
        .satisfies(v -> assertThat(v.pointer()).isEqualTo("/$defs/x/allOf/0/$ref"));
  }

  @Test
  void theRootReferringToItselfIsRefused() {
    ObjectNode s = (ObjectNode) Json.parse("{\"type\":\"object\",\"$ref\":\"#\"}");

    assertThat(RefCycles.of(s))
        .singleElement()
        .satisfies(v -> assertThat(v.pointer()).isEqualTo("/$ref"));
  }

  @Test
  void recursionThatDescendsIntoTheValueIsAccepted() {
    ObjectNode tree =
        (ObjectNode)
            Json.parse(
                "{\"type\":\"object\",\"$defs\":{\"node\":{\"type\":\"object\",\"properties\":"
                    + "{\"children\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/$defs/node\"}}}}},"
                    + "\"properties\":{\"root\":{\"$ref\":\"#/$defs/node\"},"
                    + "\"self\":{\"anyOf\":[{\"type\":\"null\"},{\"$ref\":\"#\"}]}}}");

    assertThat(RefCycles.of(tree)).isEmpty();
    assertThat(JsonSchemas.requireToolParameters("tree", tree)).isSameAs(tree);
  }

  @Test
  void aReferenceToNothingIsRefused() {
    ObjectNode s = schema("{\"a\":{\"$ref\":\"#/$defs/missing\"}}");

    assertThat(RefCycles.of(s))
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.pointer()).isEqualTo("/properties/a/$ref");
              assertThat(v.message()).contains("points at nothing");
            });
  }

  @Test
  void anAnchorIsFollowed() {
    ObjectNode s =
        schema(
            "{\"a\":{\"$anchor\":\"A\",\"$ref\":\"#B\"},\"b\":{\"$anchor\":\"B\",\"$ref\":\"#A\"}}");

    assertThat(RefCycles.of(s)).hasSize(1);
  }

  @Test
  void aCycleTheCheckCannotSeeFailsTheCallNotTheThread() {
    ArgumentValidator validator = new ArgumentValidator();
    ObjectNode s =
        (ObjectNode)
            Json.parse(
                "{\"type\":\"object\",\"properties\":{\"a\":{\"$id\":\"urn:x\","
                    + "\"$ref\":\"urn:x\"}}}");

    assertThatThrownBy(() -> validator.validate("k", s, Json.parse("{\"a\":1}")))
        .isInstanceOf(InvalidSchemaException.class)
        .hasMessageContaining("recurses without end");
  }
}
