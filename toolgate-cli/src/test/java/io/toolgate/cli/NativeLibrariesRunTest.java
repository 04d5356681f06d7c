package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CLI run that loads a local model, in a child JVM of its own (ONNX Runtime loads once per
 * process): ONNX Runtime's native libraries come from the data directory, and the temp folder is
 * left as it was.
 */
class NativeLibrariesRunTest {
  @TempDir Path dir;

  @Test
  void runsThatLoadALocalModelLeaveNothingInTheTempFolder() throws Exception {
    Path tmp = Files.createDirectories(dir.resolve("tmp"));
    Path data = dir.resolve("data");
    Path config =
        Files.writeString(
            dir.resolve("toolgate.yaml"),
            """
            embeddings: [{name: q, from: "local:all-minilm-l6-v2-q", threads: 1}]
            domains: [core]
            """);

    for (int run = 0; run < 2; run++) {
      Result r = toolgate(tmp, "search", "what time is it", "--config", config, "--data-dir", data);
      assertThat(r.exitCode()).as("exit code, output: %s", r.output()).isZero();
      try (Stream<Path> left = Files.list(tmp)) {
        assertThat(left).as("left in java.io.tmpdir after run %d", run + 1).isEmpty();
      }
    }
    try (Stream<Path> natives = Files.list(data.resolve("native"))) {
      Path folder = natives.findFirst().orElseThrow();
      assertThat(folder.getFileName().toString()).startsWith("onnxruntime-");
      assertThat(folder.resolve(System.mapLibraryName("onnxruntime"))).isNotEmptyFile();
    }
  }

  record Result(int exitCode, String output) {}

  /** Runs {@code toolgate ARGS…} in a child JVM whose temp folder is {@code tmp}. */
  private Result toolgate(Path tmp, Object... args) throws Exception {
    // An argument file keeps the command line short (ONNX Runtime 1.29 crashed on long ones).
    List<String> lines = new ArrayList<>();
    lines.add("--enable-native-access=ALL-UNNAMED");
    lines.add("-Djava.io.tmpdir=" + quoted(tmp.toString()));
    lines.add("-cp");
    lines.add(quoted(System.getProperty("java.class.path")));
    lines.add("io.toolgate.cli.Main");
    for (Object a : args) {
      lines.add(quoted(a.toString()));
    }
    Path argFile = Files.write(dir.resolve("args.txt"), lines, StandardCharsets.UTF_8);
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p =
        new ProcessBuilder(java.toString(), "@" + argFile)
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("out.txt").toFile())
            .start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError("toolgate did not finish in 180 s");
    }
    return new Result(p.exitValue(), Files.readString(dir.resolve("out.txt")));
  }

  /** An argument-file token: quoted, with backslashes and quotes escaped. */
  private static String quoted(String s) {
    return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
