package io.toolgate.domain.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.spi.ToolCall;
import io.toolgate.schema.ArgumentValidator;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

class CoreDomainTest {
  private final List<RegisteredTool> tools = CoreTools.TOOLS;

  @Test
  void offersThirteenTools() {
    assertThat(tools)
        .extracting(RegisteredTool::name)
        .containsExactly(
            "base64_decode",
            "base64_encode",
            "hash_text",
            "json_query",
            "math_evaluate",
            "regex_match",
            "text_stats",
            "time_add",
            "time_convert",
            "time_diff",
            "time_now",
            "unit_convert",
            "uuid_generate");
  }

  @Test
  void everyToolIsDescribedTaggedReadOnlyAndFromTheCoreDomain() {
    for (RegisteredTool t : tools) {
      ToolDefinition d = t.definition();
      assertThat(d.description()).as(d.name()).hasSizeGreaterThan(80);
      assertThat(d.title()).as(d.name()).isNotBlank();
      assertThat(d.tags()).as(d.name()).isNotEmpty();
      assertThat(d.source()).isEqualTo("domain:core");
      assertThat(d.annotations().readOnlyHint()).as(d.name()).contains(true);
      assertThat(d.annotations().openWorldHint()).as(d.name()).contains(false);
      assertThat(d.examples()).as(d.name()).isNotEmpty();
    }
  }

  @Test
  void everyParameterIsDescribed() {
    for (RegisteredTool t : tools) {
      t.definition()
          .parameters()
          .get("properties")
          .properties()
          .forEach(
              p ->
                  assertThat(p.getValue().path("description").asString(""))
                      .as(t.name() + "." + p.getKey())
                      .isNotBlank());
    }
  }

  @Test
  void everyExampleIsValidAndRuns() throws Exception {
    ArgumentValidator validator = new ArgumentValidator();
    for (RegisteredTool t : tools) {
      for (ObjectNode example : t.definition().examples()) {
        assertThat(
                validator.validate(t.definition().checksum(), t.definition().parameters(), example))
            .as(t.name() + " " + example)
            .isEmpty();
        assertThat(t.executor().execute(ToolCall.of(t.name(), example)))
            .as(t.name() + " " + example)
            .isNotNull();
      }
    }
  }

  @Test
  void idempotentHintsAreSetExceptForTheClockAndRandomTools() {
    for (RegisteredTool t : tools) {
      boolean changing = List.of("time_now", "uuid_generate").contains(t.name());
      assertThat(t.definition().annotations().idempotentHint().orElse(false))
          .as(t.name())
          .isEqualTo(!changing);
    }
  }
}
