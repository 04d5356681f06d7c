package io.toolgate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link SandboxStateStore} must do; each implementation's test extends this and says
 * how to open, reopen and corrupt its store.
 */
abstract class SandboxStateStoreContract {

  /** The store under test, opened afresh on the same backing data each time. */
  abstract SandboxStateStore open();

  /** Closes what {@link #open()} opened, as a process exit would. */
  abstract void closeAll();

  /** Writes something that is not build state where {@code sandbox}'s state belongs. */
  abstract void corrupt(String sandbox);

  @AfterEach
  void close() {
    closeAll();
  }

  static BuildState state(String sandbox, String checksum) {
    return new BuildState(
        sandbox,
        checksum,
        Map.of("csv_stats", "0011223344556677"),
        List.of("npm:csv-parse@5"),
        SandboxRuntime.PROCESS,
        Optional.empty(),
        Instant.parse("2026-03-01T10:00:00Z"));
  }

  @Test
  void aSandboxNeverBuiltHasNoState() {
    assertThat(open().load("analytics")).isEmpty();
  }

  @Test
  void aSavedBuildStateSurvivesReopening() {
    open().save(state("analytics", "9f2c00aa11bb22cc"));
    closeAll();

    assertThat(open().load("analytics")).contains(state("analytics", "9f2c00aa11bb22cc"));
  }

  @Test
  void aLaterBuildReplacesTheEarlierOne() {
    SandboxStateStore states = open();
    states.save(state("analytics", "9f2c00aa11bb22cc"));
    states.save(state("analytics", "0000000000000001"));

    assertThat(states.load("analytics")).contains(state("analytics", "0000000000000001"));
  }

  @Test
  void eachSandboxKeepsItsOwnState() {
    SandboxStateStore states = open();
    states.save(state("analytics", "9f2c00aa11bb22cc"));
    states.save(state("scraping", "0000000000000001"));

    assertThat(states.load("analytics")).contains(state("analytics", "9f2c00aa11bb22cc"));
    assertThat(states.load("scraping")).contains(state("scraping", "0000000000000001"));
  }

  @Test
  void aDeletedBuildStateIsGoneAfterReopening() {
    SandboxStateStore states = open();
    states.save(state("analytics", "9f2c00aa11bb22cc"));
    states.delete("analytics");
    assertThat(states.load("analytics")).isEmpty();
    closeAll();

    assertThat(open().load("analytics")).isEmpty();
  }

  @Test
  void anUnreadableStateCountsAsNeverBuilt() {
    corrupt("analytics");

    assertThat(open().load("analytics")).isEmpty();
  }
}
