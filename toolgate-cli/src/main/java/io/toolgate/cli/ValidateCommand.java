package io.toolgate.cli;

import io.toolgate.catalog.file.CatalogFiles;
import io.toolgate.catalog.file.CatalogProblem;
import io.toolgate.config.ToolgateConfig;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code toolgate validate}: checks catalog files and the config; non-zero on any problem. */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Check catalog files (YAML or JSON) and exit non-zero on any problem.",
      "Without FILES, checks the config and every catalog it names. Each problem is printed"
          + " as file:line:column: what is wrong and how to fix it."
    },
    footer = {
      "",
      "Examples:",
      "  toolgate validate tools/*.yaml",
      "  toolgate validate -c toolgate.yaml"
    })
final class ValidateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Parameters(paramLabel = "FILES", arity = "0..*", description = "Catalog files to check.")
  List<Path> files = new ArrayList<>();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<CatalogProblem> problems;
    String what;
    if (files.isEmpty()) {
      ToolgateConfig config = global.config();
      try (Gateway gateway = Gateway.catalog(global)) {
        out.printf("%s: %d tools OK%n", config.label(), gateway.registry().size());
        out.flush();
        return 0;
      }
    }
    for (Path f : files) {
      if (!Files.isRegularFile(f)) {
        err.printf("%s: no such file%n", f);
        err.flush();
        return 2;
      }
    }
    problems = CatalogFiles.validatePaths(files);
    what = files.size() == 1 ? files.getFirst().toString() : files.size() + " files";
    if (problems.isEmpty()) {
      out.printf("%s: OK%n", what);
      out.flush();
      return 0;
    }
    problems.forEach(p -> err.println(p));
    err.printf("%s: %d problem%s%n", what, problems.size(), problems.size() == 1 ? "" : "s");
    err.flush();
    return 1;
  }
}
