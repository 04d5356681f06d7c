package io.toolgate.sandbox;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs one installer command (npm, pip, docker) for a build, streaming its output lines to the
 * progress consumer and keeping the last lines for the error message. Installers get the gateway's
 * full environment: they need its proxies and registry settings; tools never do.
 */
final class BuildCommand {
  private static final int TAIL_LINES = 15;

  /**
   * What the command did.
   *
   * @param exitCode the exit code, or -1 when it could not start or timed out
   * @param tail its last output lines
   */
  record Outcome(int exitCode, String tail) {
    boolean ok() {
      return exitCode == 0;
    }
  }

  private BuildCommand() {}

  static Outcome run(
      List<String> command, Path directory, Duration timeout, Consumer<String> progress)
      throws InterruptedException {
    progress.accept("$ " + String.join(" ", command));
    Process process;
    try {
      process =
          new ProcessBuilder(command)
              .directory(directory.toFile())
              .redirectErrorStream(true)
              .start();
    } catch (IOException e) {
      return new Outcome(-1, "cannot start '" + command.getFirst() + "': " + e.getMessage());
    }
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // nothing to tell it
    }
    Deque<String> tail = new ArrayDeque<>();
    Thread reader =
        Thread.ofVirtual()
            .name("toolgate-build:" + command.getFirst())
            .start(
                () -> {
                  try (BufferedReader in =
                      new BufferedReader(
                          new InputStreamReader(
                              process.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = in.readLine()) != null) {
                      progress.accept("  " + line);
                      synchronized (tail) {
                        tail.addLast(line);
                        if (tail.size() > TAIL_LINES) {
                          tail.removeFirst();
                        }
                      }
                    }
                  } catch (IOException e) {
                    // killed: keep what was read
                  }
                });
    boolean exited;
    try {
      exited = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      kill(process);
      throw e;
    }
    if (!exited) {
      kill(process);
      return new Outcome(-1, "timed out after " + timeout.toSeconds() + " s");
    }
    reader.join(Duration.ofSeconds(5));
    synchronized (tail) {
      return new Outcome(process.exitValue(), String.join("\n", tail));
    }
  }

  private static void kill(Process process) {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    try {
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
