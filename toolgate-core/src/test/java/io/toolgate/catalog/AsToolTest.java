package io.toolgate.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.ErrorCode;
import io.toolgate.Toolgate;
import io.toolgate.exposure.MetaToolCalls;
import io.toolgate.format.Format;
import io.toolgate.format.ProviderNames;
import io.toolgate.invoke.CallOptions;
import io.toolgate.invoke.ToolInvoker;
import io.toolgate.invoke.ToolResult;
import io.toolgate.json.Json;
import io.toolgate.schema.ArgumentValidator;
import io.toolgate.search.HybridToolSearch;
import io.toolgate.search.SearchRequest;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/**
 * Spice's {@code as_tool: false}: a tool kept out of everything a model sees, still callable by the
 * operator.
 */
class AsToolTest {
  private static final String HIDDEN =
      """
      {"name": "internal_hash", "description": "Hash a value for internal bookkeeping.",
       "parameters": {"type": "object", "properties": {"x": {"type": "integer"}}},
       "as_tool": false}
      """;

  @Test
  void aToolIsShownToModelsByDefaultAndItsJsonHasNoAsToolKey() {
    ObjectNode json = (ObjectNode) Json.parse(HIDDEN);
    json.remove("as_tool");
    ToolDefinition t = ToolDefinitionCodec.fromJson(json, "x");

    assertThat(t.asTool()).isTrue();
    assertThat(ToolDefinitionCodec.toJson(t).has("as_tool")).isFalse();
  }

  @Test
  void readsAsToolFalseAndWritesItBack() {
    ToolDefinition t = ToolDefinitionCodec.fromJson(Json.parse(HIDDEN), "file:tools.yaml");

    assertThat(t.asTool()).isFalse();
    ObjectNode json = ToolDefinitionCodec.toJson(t);
    assertThat(json.path("as_tool").asBoolean(true)).isFalse();
    assertThat(ToolDefinitionCodec.fromJson(json, "x")).isEqualTo(t);
  }

  @Test
  void theFlagChangesTheChecksum() {
    ToolDefinition hidden = ToolDefinitionCodec.fromJson(Json.parse(HIDDEN), "x");
    ToolDefinition shown = hidden.toBuilder().asTool(true).build();

    assertThat(hidden.checksum()).isNotEqualTo(shown.checksum());
  }

  @Test
  void aFlagThatIsNotABooleanIsAnErrorWithItsPointer() {
    ToolDefinitionCodec.Decoded d =
        ToolDefinitionCodec.decode(Json.parse(HIDDEN.replace("false", "\"no\"")), "x");

    assertThat(d.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.pointer()).isEqualTo("/as_tool");
              assertThat(p.message())
                  .contains("tool 'internal_hash'")
                  .contains("'as_tool' must be true or false");
            });
  }

  @Test
  void theOperatorCallsItWhileMetaToolsNeitherFindNorCallIt() {
    ToolRegistry registry = new ToolRegistry();
    ToolDefinition hidden = ToolDefinitionCodec.fromJson(Json.parse(HIDDEN), "x");
    registry.register(new RegisteredTool(hidden, call -> Json.object().put("hash", 42)));
    HybridToolSearch search = HybridToolSearch.builder().build();
    search.follow(registry);
    try (Toolgate gate =
        Toolgate.builder()
            .registry(registry)
            .search(search)
            .invoker(ToolInvoker.builder(registry).build())
            .build()) {
      MetaToolCalls meta = new MetaToolCalls(gate, new ArgumentValidator(), Format.MCP);

      ToolResult operator = gate.invoke("internal_hash", Json.parse("{\"x\": 1}"));
      assertThat(operator.ok()).isTrue();
      assertThat(gate.search(SearchRequest.of("hash a value")).tools()).isEmpty();
      MetaToolCalls.Answer invoked =
          meta.call(
              "tool_invoke",
              (ObjectNode)
                  Json.parse("{\"tool_id\": \"internal_hash\", \"arguments\": {\"x\": 1}}"),
              CallOptions.DEFAULT,
              names(registry));
      assertThat(invoked).isInstanceOf(MetaToolCalls.Ran.class);
      ToolResult model = ((MetaToolCalls.Ran) invoked).result();
      assertThat(model.ok()).isFalse();
      assertThat(model.error().orElseThrow().code()).isEqualTo(ErrorCode.UNKNOWN_TOOL);
    }
  }

  @Test
  void forModelsKeepsTheCallersOwnFilter() {
    CallOptions options =
        CallOptions.DEFAULT.withPrincipal("k", t -> t.name().startsWith("a")).forModels();
    ToolDefinition shown =
        ToolDefinitionCodec.fromJson(Json.parse(HIDDEN), "x").toBuilder().asTool(true).build();

    assertThat(options.allow().test(shown)).isFalse(); // the key's filter still applies
    assertThat(options.allow().test(shown.withName("a_tool"))).isTrue();
  }

  private static MetaToolCalls.Names names(ToolRegistry registry) {
    return new MetaToolCalls.Names() {
      @Override
      public ProviderNames table(Format format) {
        return format.namesFor(List.copyOf(registry.definitions()));
      }

      @Override
      public Optional<String> toolName(String shownName) {
        return Optional.empty();
      }
    };
  }
}
