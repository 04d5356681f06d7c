package io.toolgate.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.sandbox.BuildState;
import io.toolgate.sandbox.SandboxRuntime;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoredSandboxStateTest {
  @TempDir Path data;

  private static BuildState state() {
    return new BuildState(
        "analytics",
        "9f2c00aa11bb22cc",
        Map.of("csv_stats", "0011223344556677"),
        List.of("npm:csv-parse@5"),
        SandboxRuntime.PROCESS,
        Optional.empty(),
        Instant.parse("2026-03-01T10:00:00Z"));
  }

  @Test
  void aSavedBuildStateSurvivesReopening() {
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      new StoredSandboxState(store).save(state());
    }
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      assertThat(new StoredSandboxState(store).load("analytics")).contains(state());
    }
  }

  @Test
  void aDeletedBuildStateIsGone() {
    try (EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data)) {
      StoredSandboxState states = new StoredSandboxState(store);
      states.save(state());
      states.delete("analytics");
      assertThat(states.load("analytics")).isEmpty();
    }
  }
}
