package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

/**
 * Runs the {@code toolgate} command line in-process, as {@code bin/toolgate} would, and captures
 * what it prints.
 *
 * <p>Every command gets {@code --data-dir} set to a test folder so that no test reads or writes
 * {@code ~/.toolgate}; without {@code --config} the commands use the embedded demo catalog.
 */
final class Cli {
  private final Path dataDir;

  Cli(Path dataDir) {
    this.dataDir = dataDir;
  }

  /** The exit code and the two streams of one run. */
  record Run(int exitCode, String out, String err) {
    /** Stdout parsed as JSON. */
    JsonNode json() {
      return Json.parse(out);
    }

    /** Both streams, for messages that may go to either. */
    String all() {
      return out + err;
    }
  }

  /** Runs {@code toolgate ARGS… --data-dir DIR}. */
  Run run(String... args) {
    List<String> argv = new ArrayList<>(List.of(args));
    argv.add("--data-dir");
    argv.add(dataDir.toString());
    return runExactly(argv.toArray(String[]::new));
  }

  /** Runs a command that must succeed and parses what it printed as JSON. */
  JsonNode json(String... args) {
    Run run = run(args);
    assertThat(run.exitCode()).as("exit code of %s, stderr: %s", List.of(args), run.err()).isZero();
    return run.json();
  }

  /** Runs {@code toolgate ARGS…} with nothing added (for help, which takes no options). */
  static Run runExactly(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = Main.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    int exitCode = cli.execute(args);
    return new Run(exitCode, out.toString(), err.toString());
  }
}
