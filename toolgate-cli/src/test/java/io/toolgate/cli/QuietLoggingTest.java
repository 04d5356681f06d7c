package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.testing.ChildJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.util.VectorUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What reaches stderr from the libraries under the command line, seen from a real child JVM: the
 * JDK's logging writes to the process's stderr once per process, which an in-process run cannot
 * observe (Lucene decides on its vector support once per JVM).
 */
class QuietLoggingTest {
  @TempDir Path dir;

  /**
   * Sets up the command line as {@code bin/toolgate} does, then makes Lucene pick its vector
   * implementation, which it reports through java.util.logging. Which command touches Lucene first
   * depends on the catalog and the search settings; this touches it directly.
   */
  public static final class LuceneAfterCli {
    public static void main(String[] args) {
      Main.commandLine();
      System.out.println(VectorUtil.dotProduct(new float[] {1, 2}, new float[] {3, 4}));
    }
  }

  /** The stderr of {@link LuceneAfterCli} in a new JVM started with {@code flags}. */
  String stderr(String... flags) throws IOException, InterruptedException {
    Path out = dir.resolve("out.txt");
    Path err = dir.resolve("err.txt");
    Process process =
        ChildJvm.builder(
                dir.resolve("jvm"), List.of(flags), LuceneAfterCli.class.getName(), List.of())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    assertThat(process.waitFor()).as("exit code; stderr: %s", Files.readString(err)).isZero();
    assertThat(Files.readString(out, StandardCharsets.UTF_8)).isEqualTo("11.0\n");
    return Files.readString(err, StandardCharsets.UTF_8);
  }

  @Test
  void luceneInfoIsNotPrinted() throws Exception {
    String err = stderr("--add-modules", "jdk.incubator.vector");

    // The JVM's own notice is printed before any Java code runs; nothing else is.
    assertThat(err.lines())
        .containsExactly("WARNING: Using incubator modules: jdk.incubator.vector");
  }

  @Test
  void luceneWarningsStillShow() throws Exception {
    String err = stderr();

    assertThat(err)
        .contains("WARNING: Java vector incubator module is not readable")
        .contains("--add-modules jdk.incubator.vector");
  }
}
