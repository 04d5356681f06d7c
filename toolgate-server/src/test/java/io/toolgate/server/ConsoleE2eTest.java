package io.toolgate.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the console's end-to-end script ({@code src/test/e2e/console.e2e.mjs}) in headless Chromium
 * against a real server: search, open a tool, call it, see the result. Screenshots go to {@code
 * target/e2e-screenshots}.
 *
 * <p>Needs {@code node}, {@code npm ci} in {@code src/test/e2e} and Debian's {@code chromium}. When
 * one is missing the test is skipped with the reason, except under {@code CI=true}, where it fails
 * ({@code .ci/run} installs them).
 */
class ConsoleE2eTest {
  private static final Path E2E = Path.of("src/test/e2e");
  private static final Path SHOTS = Path.of("target/e2e-screenshots");

  @TempDir Path data;

  @Test
  void searchOpenCallAndSeeTheResultInChromium() throws Exception {
    Path chromium = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));
    String node = onPath("node");
    List<String> missing = new ArrayList<>();
    if (node == null) {
      missing.add("node is not on PATH");
    }
    if (!Files.isDirectory(E2E.resolve("node_modules/playwright-core"))) {
      missing.add(
          "playwright-core is not installed (run: cd toolgate-server/src/test/e2e && npm ci)");
    }
    if (!Files.isExecutable(chromium)) {
      missing.add(chromium + " is missing (apt-get install chromium)");
    }
    if (!missing.isEmpty()) {
      String reason = "console e2e test needs: " + String.join("; ", missing);
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail(reason);
      }
      Assumptions.abort(reason);
    }

    try (TestServer t = TestServer.start(TestServer.settings(data))) {
      Files.createDirectories(SHOTS);
      Path log = Files.createDirectories(Path.of("target")).resolve("e2e-console.log");
      ProcessBuilder pb =
          new ProcessBuilder(node, "console.e2e.mjs")
              .directory(E2E.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile());
      pb.environment().put("TOOLGATE_URL", t.server.uri().toString());
      pb.environment().put("SCREENSHOT_DIR", SHOTS.toAbsolutePath().toString());
      pb.environment().put("CHROMIUM", chromium.toString());
      Process process = pb.start();
      boolean finished = process.waitFor(5, TimeUnit.MINUTES);
      if (!finished) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly().waitFor();
      }
      String output = Files.readString(log);
      assertThat(finished).as("the e2e script finished in time:\n" + output).isTrue();
      assertThat(process.exitValue()).as(output).isZero();
      assertThat(output).contains("# all").doesNotContain("not ok");
      assertThat(SHOTS.resolve("02-search-results.png")).exists();
      assertThat(SHOTS.resolve("04-call-result.png")).exists();
    }
  }

  private static String onPath(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path candidate = Path.of(dir, program);
      if (Files.isExecutable(candidate)) {
        return candidate.toString();
      }
    }
    return null;
  }
}
