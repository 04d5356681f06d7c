package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.testing.ChildJvm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to a JVM busy in ONNX Runtime: it exits by itself, with SIGTERM's exit code, and does not
 * crash. Each test stops a fresh child ({@link ExitChild}) several times, at different moments of
 * its work, since whether a signal lands inside a native call is a matter of luck, and runs every
 * round before it fails. Without {@link ExitGate} and {@link EnvironmentPin}, 10 of 45 stops (5
 * runs, every run failing) crashed the child with SIGSEGV in {@code libonnxruntime}: 8 of 15 while
 * embedding, 2 of 30 while creating sessions; with the gate alone, 9 of 27.
 */
class OnnxExitTest {
  /** 128 + SIGTERM (15): the exit code of a JVM that ran its shutdown hooks on SIGTERM. */
  private static final int SIGTERM_EXIT = 143;

  private static final List<String> JVM_FLAGS =
      List.of("-Xmx512m", "-Xshare:auto", "-XX:TieredStopAtLevel=1");

  @TempDir Path dir;

  @Test
  void aJvmStoppedWhileEmbeddingExitsCleanly() throws Exception {
    stopRepeatedly("embed", Pattern.compile("^embedding$", Pattern.MULTILINE), 0, 300, 1000);
  }

  @Test
  void aJvmStoppedWhileCreatingSessionsExitsCleanly() throws Exception {
    stopRepeatedly(
        "load", Pattern.compile("^loading$", Pattern.MULTILINE), 0, 250, 500, 750, 1000, 1500);
  }

  /**
   * Starts a child doing {@code work} once per delay and stops it that long after {@code busy};
   * every round runs, then the test fails listing each round that went wrong.
   */
  private void stopRepeatedly(String work, Pattern busy, int... delaysMillis) throws Exception {
    List<String> problems = new ArrayList<>();
    for (int round = 0; round < delaysMillis.length; round++) {
      ChildJvm child =
          ChildJvm.start(
              dir.resolve(work + "-" + round),
              JVM_FLAGS,
              ExitChild.class.getName(),
              List.of(work, dir.resolve("data").toString()));
      child.awaitOutput(busy, 120);
      Thread.sleep(delaysMillis[round]);
      child.process().destroy();
      OptionalInt exit = child.awaitExit(90);

      String when = work + " round " + (round + 1) + ", stopped " + delaysMillis[round] + " ms in";
      if (child.crashed()) {
        problems.add(when + ": crashed, hs_err files " + child.crashReports() + child.output());
      } else if (exit.isEmpty()) {
        problems.add(when + ": did not exit within 90 s: " + child.output());
      } else if (exit.getAsInt() != SIGTERM_EXIT && exit.getAsInt() != 0) {
        problems.add(when + ": exit code " + exit.getAsInt() + ": " + child.output());
      }
    }
    assertThat(problems).as("rounds that did not exit cleanly").isEmpty();
  }
}
