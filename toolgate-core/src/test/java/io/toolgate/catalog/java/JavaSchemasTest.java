package io.toolgate.catalog.java;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.toolgate.catalog.InvalidToolException;
import io.toolgate.invoke.spi.ToolCall;
import io.toolgate.json.Json;
import io.toolgate.schema.JsonSchemas;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class JavaSchemasTest {

  @Retention(RetentionPolicy.RUNTIME)
  @Target({ElementType.PARAMETER, ElementType.TYPE_USE, ElementType.RECORD_COMPONENT})
  @interface Nullable {}

  enum Units {
    METRIC,
    IMPERIAL
  }

  record Stop(
      @ToolParam(description = "Street address") String address,
      @ToolParam(description = "Minutes to stay", defaultValue = "15") int minutes,
      Optional<String> note) {}

  record TreeNode(String label, List<TreeNode> children) {}

  record Pair(TreeNode left, TreeNode right) {}

  @SuppressWarnings("unused")
  static final class Signatures {
    void scalars(
        boolean flag,
        Boolean boxedFlag,
        int count,
        Long big,
        double ratio,
        BigDecimal amount,
        String text,
        char letter,
        UUID id) {}

    void enums(Units units) {}

    void collections(
        String[] names, List<Integer> counts, Set<String> tags, Collection<Double> values) {}

    void maps(Map<String, Integer> scores, Map<Units, String> byUnits) {}

    void records(@ToolParam(description = "The stops, in order") List<Stop> stops) {}

    void optionals(
        Optional<String> zone,
        OptionalInt limit,
        @Nullable String nullableParam,
        @Nullable Integer typeUseNullable,
        @ToolParam(required = false) String notRequired,
        @ToolParam(defaultValue = "UTC") String withDefault) {}

    void times(
        Instant at, OffsetDateTime when, LocalDate day, Duration howLong, JsonNode anything) {}

    void recursive(TreeNode tree) {}

    void recursiveTwice(Pair pair) {}

    void withCall(String query, ToolCall call) {}

    void bytes(byte[] data) {}

    void unsupportedThread(String ok, Thread thread) {}

    void unsupportedRawList(@SuppressWarnings("rawtypes") List items) {}

    void unsupportedMapKey(Map<Integer, String> byNumber) {}

    void nestedUnsupported(List<Map<String, Runnable>> deep) {}
  }

  private static ObjectNode params(String methodName) {
    Method m =
        Arrays.stream(Signatures.class.getDeclaredMethods())
            .filter(x -> x.getName().equals(methodName))
            .findFirst()
            .orElseThrow();
    ObjectNode schema = JavaSchemas.parameters(m);
    assertThat(JsonSchemas.metaSchemaViolations(schema)).as("meta-schema").isEmpty();
    return schema;
  }

  private static JsonNode prop(ObjectNode schema, String name) {
    return schema.get("properties").get(name);
  }

  private static List<String> required(ObjectNode schema) {
    return schema.has("required")
        ? schema.get("required").valueStream().map(JsonNode::asString).toList()
        : List.of();
  }

  @Test
  void scalarsMapToTheirJsonTypes() {
    ObjectNode s = params("scalars");
    assertThat(prop(s, "flag")).isEqualTo(Json.parse("{\"type\":\"boolean\"}"));
    assertThat(prop(s, "boxedFlag").get("type").asString()).isEqualTo("boolean");
    assertThat(prop(s, "count").get("type").asString()).isEqualTo("integer");
    assertThat(prop(s, "big").get("type").asString()).isEqualTo("integer");
    assertThat(prop(s, "ratio").get("type").asString()).isEqualTo("number");
    assertThat(prop(s, "amount").get("type").asString()).isEqualTo("number");
    assertThat(prop(s, "text")).isEqualTo(Json.parse("{\"type\":\"string\"}"));
    assertThat(prop(s, "letter").get("maxLength").asInt()).isEqualTo(1);
    assertThat(prop(s, "id").get("format").asString()).isEqualTo("uuid");
  }

  @Test
  void everyPlainParameterIsRequiredAndNoOthersAreAllowed() {
    ObjectNode s = params("scalars");
    assertThat(required(s))
        .containsExactly(
            "flag", "boxedFlag", "count", "big", "ratio", "amount", "text", "letter", "id");
    assertThat(s.get("type").asString()).isEqualTo("object");
    assertThat(s.get("additionalProperties").asBoolean()).isFalse();
  }

  @Test
  void enumsListTheirConstantNames() {
    assertThat(prop(params("enums"), "units"))
        .isEqualTo(Json.parse("{\"type\":\"string\",\"enum\":[\"METRIC\",\"IMPERIAL\"]}"));
  }

  @Test
  void arraysListsAndSetsAreArraysOfTheirElementType() {
    ObjectNode s = params("collections");
    assertThat(prop(s, "names"))
        .isEqualTo(Json.parse("{\"type\":\"array\",\"items\":{\"type\":\"string\"}}"));
    assertThat(prop(s, "counts").get("items").get("type").asString()).isEqualTo("integer");
    assertThat(prop(s, "tags").get("uniqueItems").asBoolean()).isTrue();
    assertThat(prop(s, "values").get("items").get("type").asString()).isEqualTo("number");
  }

  @Test
  void stringKeyedMapsUseAdditionalProperties() {
    ObjectNode s = params("maps");
    assertThat(prop(s, "scores"))
        .isEqualTo(
            Json.parse("{\"type\":\"object\",\"additionalProperties\":{\"type\":\"integer\"}}"));
    assertThat(prop(s, "byUnits").get("propertyNames").get("enum")).hasSize(2);
  }

  @Test
  void recordsBecomeObjectsWithComponentDescriptionsAndDefaults() {
    JsonNode stops = prop(params("records"), "stops");
    assertThat(stops.get("description").asString()).isEqualTo("The stops, in order");
    JsonNode stop = stops.get("items");
    assertThat(stop.get("type").asString()).isEqualTo("object");
    assertThat(stop.get("properties").get("address").get("description").asString())
        .isEqualTo("Street address");
    assertThat(stop.get("properties").get("minutes").get("default").asInt()).isEqualTo(15);
    assertThat(stop.get("required")).containsExactly(Json.parse("\"address\""));
    assertThat(stop.get("additionalProperties").asBoolean()).isFalse();
  }

  @Test
  void optionalNullableAndDefaultedParametersAreNotRequired() {
    ObjectNode s = params("optionals");
    assertThat(required(s)).isEmpty();
    assertThat(prop(s, "zone").get("type").asString()).isEqualTo("string");
    assertThat(prop(s, "limit").get("type").asString()).isEqualTo("integer");
    assertThat(prop(s, "withDefault").get("default").asString()).isEqualTo("UTC");
  }

  @Test
  void javaTimeTypesAreStringsWithFormats() {
    ObjectNode s = params("times");
    assertThat(prop(s, "at").get("format").asString()).isEqualTo("date-time");
    assertThat(prop(s, "when").get("format").asString()).isEqualTo("date-time");
    assertThat(prop(s, "day").get("format").asString()).isEqualTo("date");
    assertThat(prop(s, "howLong").get("format").asString()).isEqualTo("duration");
    assertThat(prop(s, "anything")).isEqualTo(Json.object());
  }

  @Test
  void selfReferentialRecordsUseDefs() {
    ObjectNode s = params("recursive");
    String ref = "#/$defs/JavaSchemasTest.TreeNode";
    assertThat(prop(s, "tree").get("$ref").asString()).isEqualTo(ref);
    JsonNode def = s.get("$defs").get("JavaSchemasTest.TreeNode");
    assertThat(def.get("properties").get("children").get("items").get("$ref").asString())
        .isEqualTo(ref);
  }

  @Test
  void aRecursiveRecordUsedTwiceIsDefinedOnce() {
    ObjectNode s = params("recursiveTwice");
    JsonNode pair = prop(s, "pair");
    assertThat(pair.get("properties").get("left").get("$ref"))
        .isEqualTo(pair.get("properties").get("right").get("$ref"));
    assertThat(s.get("$defs")).hasSize(1);
  }

  @Test
  void aToolCallParameterIsLeftOut() {
    ObjectNode s = params("withCall");
    assertThat(s.get("properties").propertyNames()).containsExactly("query");
  }

  @Test
  void byteArraysAreBase64Strings() {
    assertThat(prop(params("bytes"), "data").get("contentEncoding").asString()).isEqualTo("base64");
  }

  @Test
  void anUnsupportedTypeNamesTheMethodAndTheParameter() {
    assertThatThrownBy(() -> params("unsupportedThread"))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("Signatures.unsupportedThread(String, Thread)")
        .hasMessageContaining("parameter 'thread'")
        .hasMessageContaining("java.lang.Thread is not supported");
  }

  @Test
  void aRawListAsksForItsTypeArgument() {
    assertThatThrownBy(() -> params("unsupportedRawList"))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("parameter 'items'")
        .hasMessageContaining("List<String>");
  }

  @Test
  void aMapWithNonStringKeysIsRefused() {
    assertThatThrownBy(() -> params("unsupportedMapKey"))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("map keys must be String");
  }

  @Test
  void aDeeplyNestedUnsupportedTypeIsNamed() {
    assertThatThrownBy(() -> params("nestedUnsupported"))
        .isInstanceOf(InvalidToolException.class)
        .hasMessageContaining("parameter 'deep'")
        .hasMessageContaining("java.lang.Runnable");
  }

  @Test
  void ofDescribesASingleType() {
    ObjectNode stop = JavaSchemas.of(Stop.class);
    assertThat(stop.get("properties").propertyNames())
        .containsExactly("address", "minutes", "note");
  }
}
