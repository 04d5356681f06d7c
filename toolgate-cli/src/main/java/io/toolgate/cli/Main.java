package io.toolgate.cli;

import io.toolgate.ToolgateException;
import java.io.PrintWriter;
import java.util.logging.Level;
import java.util.logging.Logger;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code toolgate} command line. */
@Command(
    name = "toolgate",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Tool registry and retrieval gateway for LLM agents.",
    subcommands = {
      ServeCommand.class,
      McpCommand.class,
      SearchCommand.class,
      InvokeCommand.class,
      ListCommand.class,
      ShowCommand.class,
      ValidateCommand.class,
      PromptCommand.class,
      TokensCommand.class,
      EvalCommand.class,
      SandboxesCommand.class,
      KeysCommand.class,
      CommandLine.HelpCommand.class
    },
    footer = {
      "",
      "Examples:",
      "  toolgate serve                     REST API, MCP at /mcp, console on :8080",
      "  toolgate mcp                       MCP over stdio, for an MCP host",
      "  toolgate search \"send an email\"    find tools (hybrid search)",
      "  toolgate invoke time_now --args '{\"zone\": \"Europe/Lisbon\"}'",
      "  toolgate list --tag weather        the catalog (--json for definitions)",
      "  toolgate show weather_current --format anthropic",
      "  toolgate validate tools/*.yaml     problems as file:line: message",
      "  toolgate prompt                    the XML tools block for a system prompt",
      "  toolgate tokens                    what tool definitions cost per turn",
      "  toolgate eval --tools T.jsonl --queries Q.jsonl --mode bm25",
      "  toolgate sandboxes                 sandboxes and whether to rebuild them",
      "  toolgate keys add planner          an API key in the store (shared by a fleet)",
      "  toolgate help search               a command's options and examples",
      "",
      "Every command reads ./toolgate.yaml when present, else the embedded demo catalog."
    })
public final class Main implements Runnable {
  /**
   * Lucene announces at INFO, through java.util.logging, whether it uses the vector API: a line on
   * every command's stderr that says nothing to act on. Its warnings (e.g. that the vector module
   * is missing) still show. Held here because java.util.logging keeps loggers only weakly, and a
   * collected logger forgets its level.
   */
  private static final Logger LUCENE = Logger.getLogger("org.apache.lucene");

  static {
    LUCENE.setLevel(Level.WARNING);
  }

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command line and returns the exit code (for tests). */
  public static int run(String... args) {
    return commandLine().execute(args);
  }

  static CommandLine commandLine() {
    CommandLine cli = new CommandLine(new Main());
    cli.setExecutionExceptionHandler(Main::handle);
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    // "@file" is ours: invoke --args @request.json reads a JSON file. picocli would otherwise
    // expand it as an argument file and split the JSON into words.
    cli.setExpandAtFiles(false);
    return cli;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Errors a user can fix print as one message; only bugs print a stack trace. */
  private static int handle(Exception e, CommandLine cli, CommandLine.ParseResult parseResult) {
    PrintWriter err = cli.getErr();
    if (e instanceof ToolgateException
        || e instanceof IllegalArgumentException
        || e instanceof java.io.UncheckedIOException) {
      err.println("toolgate: " + e.getMessage());
      err.flush();
      return 2;
    }
    err.println("toolgate: unexpected error: " + e);
    e.printStackTrace(err);
    err.flush();
    return 70;
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Main.class.getPackage().getImplementationVersion();
      return new String[] {"toolgate " + (v == null ? "development build" : v)};
    }
  }
}
