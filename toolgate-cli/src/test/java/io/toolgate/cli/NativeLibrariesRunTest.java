package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.testing.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
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
    ChildJvm child =
        ChildJvm.start(
            dir.resolve("jvm"),
            List.of("-Djava.io.tmpdir=" + ChildJvm.quoted(tmp.toString())),
            "io.toolgate.cli.Main",
            Stream.of(args).map(Object::toString).toList());
    OptionalInt exit = child.awaitExit(180);
    if (exit.isEmpty()) {
      throw new AssertionError("toolgate did not finish in 180 s");
    }
    return new Result(exit.getAsInt(), child.output());
  }
}
