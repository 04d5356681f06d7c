package io.toolgate.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolDefinitionCodec;
import io.toolgate.json.Json;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegistrationsTest {
  @TempDir Path data;

  private static ToolDefinition tool(String name) {
    return ToolDefinitionCodec.fromJson(
        Json.parse(
            "{\"name\":\""
                + name
                + "\",\"description\":\"Echo.\",\"parameters\":{\"type\":\"object\"},"
                + "\"command\":[\"cat\"]}"),
        "api");
  }

  @Test
  void aSavedRegistrationReadsBackAsTheSameDefinition() {
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      new Registrations(store).save(Registrations.Registration.of(tool("echo"), "admin"));
    }
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      Registrations.Registration r = new Registrations(store).get("echo").orElseThrow();
      assertThat(r.registeredBy()).isEqualTo("admin");
      assertThat(ToolDefinitionCodec.fromJson(r.definition(), "api")).isEqualTo(tool("echo"));
    }
  }

  @Test
  void removedRegistrationsAreGone() {
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      Registrations registrations = new Registrations(store);
      registrations.save(Registrations.Registration.of(tool("a"), "admin"));
      registrations.save(Registrations.Registration.of(tool("b"), "admin"));
      assertThat(registrations.remove("a")).isTrue();
      assertThat(registrations.remove("a")).isFalse();
      assertThat(registrations.list())
          .extracting(Registrations.Registration::name)
          .containsExactly("b");
    }
  }
}
