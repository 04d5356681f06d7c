package io.toolgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HelpTest {
  /** Every subcommand but picocli's {@code help}. */
  static List<String> commands() {
    return Main.commandLine().getSubcommands().keySet().stream()
        .filter(name -> !name.equals("help"))
        .toList();
  }

  @Test
  void mainHelpListsEverySubcommandWithAnExample() {
    Cli.Run run = Cli.runExactly("--help");

    assertThat(run.exitCode()).isZero();
    assertThat(commands())
        .contains("serve", "mcp", "search", "invoke", "list", "show", "validate", "prompt")
        .contains("tokens", "eval", "sandboxes");
    String examples = run.out().substring(run.out().indexOf("Examples:"));
    for (String command : commands()) {
      assertThat(run.out()).containsPattern("(?m)^  " + command + "\\s+\\S");
      assertThat(examples).as("an example of %s", command).contains("toolgate " + command);
    }
  }

  @Test
  void mainHelpSummarizesEachSubcommandInWholeSentences() {
    String out = Cli.runExactly("--help").out();
    String list = out.substring(out.indexOf("Commands:"), out.indexOf("Examples:"));

    for (String command : commands()) {
      List<String> lines = list.substring(list.indexOf("  " + command + " ")).lines().toList();
      // the summary wraps onto lines indented deeper than the command names
      String summary =
          lines.getFirst()
              + lines.stream()
                  .skip(1)
                  .takeWhile(l -> l.startsWith("     "))
                  .reduce("", String::concat);
      assertThat(summary).as("summary of %s", command).endsWith(".");
    }
  }

  @Test
  void examplesFitOnOneLineEach() {
    List<String> helps = new java.util.ArrayList<>(List.of(Cli.runExactly("--help").out()));
    commands().forEach(command -> helps.add(Cli.runExactly("help", command).out()));

    for (String help : helps) {
      List<String> examples =
          help.substring(help.indexOf("Examples:"))
              .lines()
              .skip(1)
              .takeWhile(l -> !l.isBlank())
              .toList();
      assertThat(examples).isNotEmpty().allSatisfy(l -> assertThat(l).startsWith("  toolgate "));
    }
  }

  @Test
  void everySubcommandHelpShowsUsageAndExamples() {
    for (String command : commands()) {
      Cli.Run run = Cli.runExactly(command, "--help");

      assertThat(run.exitCode()).isZero();
      assertThat(run.out())
          .as("%s --help", command)
          .startsWith("Usage: toolgate " + command)
          .contains("Examples:")
          .contains("toolgate " + command);
    }
  }

  @Test
  void noCommandPrintsTheUsage() {
    Cli.Run run = Cli.runExactly();

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).startsWith("Usage: toolgate");
  }

  @Test
  void unknownCommandIsAUsageError() {
    Cli.Run run = Cli.runExactly("lst");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("lst");
  }
}
