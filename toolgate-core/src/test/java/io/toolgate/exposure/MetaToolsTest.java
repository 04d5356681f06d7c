package io.toolgate.exposure;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.format.Format;
import io.toolgate.json.Json;
import io.toolgate.schema.ArgumentValidator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class MetaToolsTest {
  private static ObjectNode schema(String name) {
    return MetaTools.get(name).orElseThrow().parameters();
  }

  @Test
  void eachProfileShowsItsTwoMetaToolsSearchFirst() {
    assertThat(MetaTools.of(Profile.SPICE).stream().map(ToolDefinition::name))
        .containsExactly("tool_search", "tool_invoke");
    assertThat(MetaTools.of(Profile.RFC).stream().map(ToolDefinition::name))
        .containsExactly("find_tools", "use_tool");
  }

  @Test
  void toolSearchTakesTheSpiceArguments() {
    JsonNode s = schema("tool_search");

    assertThat(s.get("required")).containsExactly(Json.tree("query"));
    assertThat(s.at("/properties/query/type").asString()).isEqualTo("string");
    assertThat(s.at("/properties/keywords/type").asString()).isEqualTo("array");
    assertThat(s.at("/properties/keywords/items/type").asString()).isEqualTo("string");
    assertThat(s.at("/properties/limit/type").asString()).isEqualTo("integer");
    assertThat(s.at("/properties/limit/default").asInt()).isEqualTo(5);
    assertThat(s.at("/properties/limit/minimum").asInt()).isEqualTo(1);
    assertThat(s.at("/properties/limit/maximum").asInt()).isEqualTo(20);
    assertThat(s.at("/properties/min_score/type").asString()).isEqualTo("number");
    assertThat(s.at("/properties/min_score/minimum").asInt()).isZero();
    assertThat(s.at("/properties/min_score/maximum").asInt()).isEqualTo(1);
    assertThat(s.at("/properties/filter/properties/tags/type").asString()).isEqualTo("array");
    assertThat(s.at("/properties/filter/properties/sources/type").asString()).isEqualTo("array");
  }

  @Test
  void toolInvokeTakesAToolIdAndAnArgumentsObject() {
    JsonNode s = schema("tool_invoke");

    assertThat(s.get("required")).containsExactly(Json.tree("tool_id"));
    assertThat(s.at("/properties/tool_id/type").asString()).isEqualTo("string");
    assertThat(s.at("/properties/arguments/type").asString()).isEqualTo("object");
  }

  @Test
  void findToolsTakesAQueryALimitAndAFormat() {
    JsonNode s = schema("find_tools");

    assertThat(s.get("required")).containsExactly(Json.tree("query"));
    assertThat(s.at("/properties/limit/default").asInt()).isEqualTo(5);
    assertThat(s.at("/properties/format/enum"))
        .containsExactly(Json.tree("mcp"), Json.tree("openai"), Json.tree("anthropic"));
  }

  @Test
  void useToolRequiresAQueryAndParams() {
    JsonNode s = schema("use_tool");

    assertThat(s.get("required")).containsExactly(Json.tree("query"), Json.tree("params"));
    assertThat(s.at("/properties/params/type").asString()).isEqualTo("object");
  }

  @Test
  void theDescriptionsTeachSearchThenInvoke() {
    String search = MetaTools.get("tool_search").orElseThrow().description();
    String invoke = MetaTools.get("tool_invoke").orElseThrow().description();
    String find = MetaTools.get("find_tools").orElseThrow().description();

    assertThat(search).contains("first").contains("tool_invoke").contains("never guess");
    assertThat(invoke).contains("tool_search").contains("tool_id").contains("invalid_arguments");
    assertThat(find).contains("use_tool").contains("never guess");
  }

  @Test
  void aTypicalSearchCallIsValidAgainstTheSchema() {
    ArgumentValidator validator = new ArgumentValidator();
    JsonNode call =
        Json.parse(
            "{\"query\":\"count distinct values\",\"keywords\":[\"distinct\"],\"limit\":3,"
                + "\"min_score\":0.2,\"filter\":{\"tags\":[\"sql\"],\"sources\":[\"mcp:*\"]}}");

    assertThat(validator.validate("tool_search", schema("tool_search"), call)).isEmpty();
    assertThat(
            validator.validate(
                "tool_search", schema("tool_search"), Json.parse("{\"query\":\"x\",\"limit\":50}")))
        .isNotEmpty();
  }

  @Test
  void recognisesTheFourReservedNames() {
    assertThat(MetaTools.names())
        .containsExactlyInAnyOrder("tool_search", "tool_invoke", "find_tools", "use_tool");
    assertThat(MetaTools.isMetaTool("use_tool")).isTrue();
    assertThat(MetaTools.isMetaTool("time_now")).isFalse();
    assertThat(MetaTools.get("time_now")).isEmpty();
  }

  @ParameterizedTest
  @EnumSource(Format.class)
  void everyFormatRendersTheMetaTools(Format format) {
    for (Profile profile : Profile.values()) {
      String text = format.render(MetaTools.of(profile)).text();

      assertThat(text).contains(profile.searchTool()).contains(profile.invokeTool());
    }
  }

  @Test
  void profilesParseFromConfig() {
    assertThat(Profile.parse("RFC")).isEqualTo(Profile.RFC);
    assertThat(Profile.parse("spice")).isEqualTo(Profile.SPICE);
    assertThat(List.of(Profile.SPICE.id(), Profile.RFC.id())).containsExactly("spice", "rfc");
  }
}
