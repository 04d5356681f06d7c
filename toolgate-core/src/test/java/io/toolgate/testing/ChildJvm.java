package io.toolgate.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A child JVM on the test's class path, started from an argument file: ONNX Runtime crashed on
 * command lines longer than about 4 KB, and a test class path is longer.
 *
 * <pre>{@code
 * ChildJvm child = ChildJvm.start(dir, List.of("-Xmx256m"), "io.toolgate.Foo", List.of("arg"));
 * child.awaitOutput(Pattern.compile("ready"), 120);
 * child.process().destroy();
 * }</pre>
 *
 * <p>The child runs in {@code dir} (its working directory: where a crashing JVM writes its {@code
 * hs_err_pid*.log}), with {@code --enable-native-access=ALL-UNNAMED}, no core dump on a crash, and
 * stdout and stderr together in {@link #log()}.
 */
public record ChildJvm(Process process, Path dir, Path log) {
  private static final Pattern CRASH = Pattern.compile("SIGSEGV|A fatal error has been detected");

  /** Starts {@code mainClass} with {@code args} in {@code dir}, after {@code jvmFlags}. */
  public static ChildJvm start(Path dir, List<String> jvmFlags, String mainClass, List<String> args)
      throws IOException {
    Path log = dir.resolve("child.log");
    Process process =
        builder(dir, jvmFlags, mainClass, args)
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    return new ChildJvm(process, dir, log);
  }

  /**
   * The same child, not yet started: for a caller that wires its streams itself (stdin and stdout
   * as pipes, or stdout and stderr apart). Its {@link ProcessBuilder#command()} ({@code java
   * @dir/java-args}) is also what another program can run.
   */
  public static ProcessBuilder builder(
      Path dir, List<String> jvmFlags, String mainClass, List<String> args) throws IOException {
    Files.createDirectories(dir);
    List<String> lines = new ArrayList<>();
    lines.add("--enable-native-access=ALL-UNNAMED");
    lines.add("-XX:-CreateCoredumpOnCrash");
    lines.addAll(jvmFlags);
    lines.add("-cp");
    lines.add(quoted(System.getProperty("java.class.path")));
    lines.add(mainClass);
    args.forEach(a -> lines.add(quoted(a)));
    Path argFile =
        Files.write(dir.resolve("java-args").toAbsolutePath(), lines, StandardCharsets.UTF_8);
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    return new ProcessBuilder(java.toString(), "@" + argFile).directory(dir.toFile());
  }

  /**
   * Waits until the output matches {@code pattern}; fails when the child exits or time runs out.
   * Returns the first match.
   */
  public MatchResult awaitOutput(Pattern pattern, int seconds)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    Matcher m = pattern.matcher(output());
    while (!m.find()) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "the child exited with "
                + process.exitValue()
                + " before /"
                + pattern
                + "/: "
                + output());
      }
      if (System.nanoTime() > deadline) {
        process.destroyForcibly().waitFor();
        throw new IllegalStateException(
            "no /" + pattern + "/ from the child within " + seconds + " s: " + output());
      }
      Thread.sleep(10);
      m = pattern.matcher(output());
    }
    return m.toMatchResult();
  }

  /**
   * Waits for the child to exit, killing it after {@code seconds}; its exit code, or empty when it
   * had to be killed.
   */
  public OptionalInt awaitExit(int seconds) throws InterruptedException {
    if (process.waitFor(seconds, TimeUnit.SECONDS)) {
      return OptionalInt.of(process.exitValue());
    }
    process.destroyForcibly().waitFor();
    return OptionalInt.empty();
  }

  /** Everything the child printed so far. */
  public String output() throws IOException {
    return Files.readString(log, StandardCharsets.UTF_8);
  }

  /** Whether the JVM crashed: a fatal error report in its output or an hs_err file in its dir. */
  public boolean crashed() throws IOException {
    return CRASH.matcher(output()).find() || !crashReports().isEmpty();
  }

  /** The {@code hs_err_pid*.log} files in the child's working directory. */
  public List<Path> crashReports() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().startsWith("hs_err_pid")).toList();
    }
  }

  /** An argument-file token: quoted, with backslashes and quotes escaped. */
  public static String quoted(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
