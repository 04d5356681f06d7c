package io.toolgate.cli;

import io.toolgate.json.Json;
import io.toolgate.sandbox.BuildResult;
import io.toolgate.sandbox.SandboxStatus;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;

/** {@code toolgate sandboxes}: each sandbox's tools, dependencies, checksum and build state. */
@Command(
    name = "sandboxes",
    mixinStandardHelpOptions = true,
    description = "List sandboxes and whether they need a rebuild.",
    subcommands = SandboxesCommand.Build.class,
    footer = {"", "Examples:", "  toolgate sandboxes", "  toolgate sandboxes build analytics"})
final class SandboxesCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Option(names = "--json", description = "Print JSON.")
  boolean json;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    try (Gateway gateway = Gateway.replica(global)) {
      List<SandboxStatus> statuses = gateway.sandboxes().statuses();
      if (json) {
        ArrayNode array = Json.array();
        statuses.forEach(s -> array.add(s.toJson()));
        out.println(Json.pretty(array));
        out.flush();
        return 0;
      }
      for (SandboxStatus s : statuses) {
        out.printf(
            "%s (%s)  checksum %s  %s%n",
            s.name(),
            s.runtime().wire(),
            s.checksum(),
            s.upToDate() ? "up to date" : "needs rebuild");
        out.printf(
            "  tools:        %s%n", s.tools().isEmpty() ? "-" : String.join(", ", s.tools()));
        out.printf(
            "  dependencies: %s%n",
            s.dependencies().isEmpty() ? "-" : String.join(", ", s.dependencies()));
        out.printf(
            "  secrets:      %s%n", s.secrets().isEmpty() ? "-" : String.join(", ", s.secrets()));
        s.image().ifPresent(i -> out.printf("  image:        %s%n", i));
        s.reasons().forEach(r -> out.printf("  why rebuild:  %s%n", r));
        out.println();
      }
      out.flush();
      return 0;
    }
  }

  /** {@code toolgate sandboxes build [NAME]}: installs what changed. */
  @Command(
      name = "build",
      mixinStandardHelpOptions = true,
      description = "Rebuild sandboxes whose checksum changed (all, or NAME).",
      footer = {
        "",
        "Examples:",
        "  toolgate sandboxes build",
        "  toolgate sandboxes build analytics --force"
      })
  static final class Build implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin GlobalOptions global;

    @Parameters(paramLabel = "NAME", arity = "0..1", description = "One sandbox.")
    String name;

    @Option(names = "--force", description = "Rebuild even when up to date.")
    boolean force;

    @Override
    public Integer call() throws InterruptedException {
      PrintWriter out = spec.commandLine().getOut();
      try (Gateway gateway = Gateway.replica(global)) {
        List<BuildResult> results =
            name == null
                ? gateway.sandboxes().buildAll(line -> progress(out, line))
                : List.of(gateway.sandboxes().build(name, line -> progress(out, line)));
        for (BuildResult r : results) {
          out.printf(
              "%s: %s, checksum %s (%s)%n",
              r.sandbox(), r.built() ? "built" : "up to date", r.checksum(), r.summary());
        }
        out.flush();
        return 0;
      }
    }

    private static void progress(PrintWriter out, String line) {
      out.println("  " + line);
      out.flush();
    }
  }
}
