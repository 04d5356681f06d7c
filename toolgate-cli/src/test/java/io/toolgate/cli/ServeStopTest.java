package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.testing.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to {@code toolgate serve} with a local model, in a child JVM: while it starts (loading
 * the model) and while it embeds the catalog in the background after it listens. Each time it exits
 * by itself with SIGTERM's exit code, without a crash report, and says no more than that it
 * stopped.
 */
class ServeStopTest {
  private static final int SIGTERM_EXIT = 143;
  private static final Pattern BANNER = Pattern.compile("Toolgate serving");
  private static final Pattern STARTED_JVM = Pattern.compile("^jvm up$", Pattern.MULTILINE);

  @TempDir Path dir;

  @Test
  void serveStoppedWhileItStartsExitsCleanly() throws Exception {
    // From the JVM's start: catalog, then the model's sessions (seconds), then the server.
    stopRepeatedly(STARTED_JVM, 500, 1500, 3000);
  }

  @Test
  void serveStoppedWhileItEmbedsTheCatalogExitsCleanly() throws Exception {
    stopRepeatedly(BANNER, 0, 400);
  }

  private void stopRepeatedly(Pattern after, int... delaysMillis) throws Exception {
    Path config =
        Files.writeString(
            dir.resolve("toolgate.yaml"),
            """
            embeddings:
              - {name: local, from: "local:all-minilm-l6-v2", threads: 1, max_tokens: 512}
            """);
    List<String> problems = new ArrayList<>();
    for (int round = 0; round < delaysMillis.length; round++) {
      Path home = dir.resolve("round-" + round);
      ChildJvm child =
          ChildJvm.start(
              home,
              List.of("-Xmx512m", "-XX:TieredStopAtLevel=1"),
              AnnouncingMain.class.getName(),
              List.of(
                  "serve",
                  "--port",
                  "0",
                  "--config",
                  config.toString(),
                  "--data-dir",
                  dir.resolve("data-" + round).toString()));
      child.awaitOutput(after, 180);
      Thread.sleep(delaysMillis[round]);
      child.process().destroy();
      OptionalInt exit = child.awaitExit(90);

      String when = "stopped " + delaysMillis[round] + " ms after /" + after + "/";
      String output = child.output();
      if (child.crashed()) {
        problems.add(when + ": crashed " + child.crashReports() + ": " + output);
      } else if (exit.isEmpty()) {
        problems.add(when + ": did not exit within 90 s: " + output);
      } else if (exit.getAsInt() != SIGTERM_EXIT && exit.getAsInt() != 0) {
        problems.add(when + ": exit code " + exit.getAsInt() + ": " + output);
      } else if (output.contains("unexpected error") || output.contains("Exception")) {
        problems.add(when + ": an error on the way out: " + output);
      }
    }
    assertThat(problems).as("stops that were not clean").isEmpty();
  }

  /** {@link Main}, after saying that the JVM is up (the moment startup stops are counted from). */
  static final class AnnouncingMain {
    public static void main(String[] args) {
      System.out.println("jvm up");
      Main.main(args);
    }
  }
}
