package io.toolgate.embeddings.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.testing.ChildJvm;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to a JVM busy in ONNX Runtime: it exits by itself, with SIGTERM's exit code, and does not
 * crash. Each test stops a fresh child ({@link ExitChild}) several times, at different moments of
 * its work, since whether a signal lands inside a native call is a matter of luck; before the
 * {@link ExitGate}, most such stops crashed the child with SIGSEGV in {@code libonnxruntime}.
 */
class OnnxExitTest {
  /** 128 + SIGTERM (15): the exit code of a JVM that ran its shutdown hooks on SIGTERM. */
  private static final int SIGTERM_EXIT = 143;

  private static final List<String> JVM_FLAGS =
      List.of("-Xmx512m", "-Xshare:auto", "-XX:TieredStopAtLevel=1");

  @TempDir Path dir;

  @Test
  void aJvmStoppedWhileEmbeddingExitsCleanly() throws Exception {
    stopRepeatedly("embed", Pattern.compile("^embedding$", Pattern.MULTILINE), 0, 40, 150, 400);
  }

  @Test
  void aJvmStoppedWhileCreatingSessionsExitsCleanly() throws Exception {
    stopRepeatedly("load", Pattern.compile("^loading$", Pattern.MULTILINE), 0, 300, 700, 1200);
  }

  /** Starts a child doing {@code work} once per delay and stops it that long after {@code busy}. */
  private void stopRepeatedly(String work, Pattern busy, int... delaysMillis) throws Exception {
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
      assertThat(child.crashed())
          .as("%s: the JVM crashed; output:%n%s", when, child.output())
          .isFalse();
      assertThat(exit).as("%s: exited within 90 s; output:%n%s", when, child.output()).isPresent();
      assertThat(exit.getAsInt())
          .as("%s: exit code; output:%n%s", when, child.output())
          .isIn(SIGTERM_EXIT, 0);
      assertThat(child.crashReports()).as("hs_err files of %s", when).isEmpty();
    }
  }
}
