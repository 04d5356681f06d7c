package io.toolgate.cli;

import io.toolgate.ToolgateException;
import io.toolgate.catalog.file.CatalogException;
import io.toolgate.catalog.file.CatalogFiles;
import io.toolgate.catalog.file.CatalogProblem;
import io.toolgate.catalog.file.FileProblem;
import io.toolgate.config.ConfigException;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.mcp.client.McpServersConfig;
import io.toolgate.server.ServerSettings;
import io.toolgate.server.chat.ModelConfig;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
          + " as file:line:column: what is wrong and how to fix it; every problem of a file is"
          + " reported (up to "
          + ValidateCommand.SHOWN_PER_FILE
          + " per file), and a file with any problem loads no tools."
    },
    footer = {
      "",
      "Examples:",
      "  toolgate validate tools/*.yaml",
      "  toolgate validate -c toolgate.yaml"
    })
final class ValidateCommand implements Callable<Integer> {
  /** Problems shown per file; the rest are counted (fixing the first often fixes the rest). */
  static final int SHOWN_PER_FILE = 50;

  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Parameters(paramLabel = "FILES", arity = "0..*", description = "Catalog files to check.")
  List<Path> files = new ArrayList<>();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (files.isEmpty()) {
      String label = "the config";
      try {
        ToolgateConfig config = global.config();
        label = config.label();
        try (Gateway gateway = Gateway.catalog(global)) {
          Optional<String> section = sectionProblem(config);
          if (section.isPresent()) {
            err.println(section.get());
            err.printf("%s: 1 problem%n", label);
            err.flush();
            return 1;
          }
          out.printf("%s: %d tools OK%n", label, gateway.registry().size());
          out.flush();
          return 0;
        }
      } catch (ConfigException e) {
        return report(e.problems(), e.problems().getFirst().file(), err);
      } catch (CatalogException e) {
        return report(e.problems(), label, err);
      }
    }
    for (Path f : files) {
      if (!Files.isRegularFile(f)) {
        err.printf("%s: no such file%n", f);
        err.flush();
        return 2;
      }
    }
    List<CatalogProblem> problems = CatalogFiles.validatePaths(files);
    String what = files.size() == 1 ? files.getFirst().toString() : files.size() + " files";
    if (problems.isEmpty()) {
      out.printf("%s: OK%n", what);
      out.flush();
      return 0;
    }
    return report(problems, what, err);
  }

  /**
   * The first problem that {@code serve} and {@code mcp} would find in the sections their modules
   * read ({@code server}, {@code models}, {@code mcp_servers}), so that a config {@code validate}
   * passes does not fail at start: {@code file:line:column: …} where the module reports a place.
   *
   * @throws ConfigException for a problem located in the file
   */
  static Optional<String> sectionProblem(ToolgateConfig config) {
    ServerSettings.fromConfig(config);
    ModelConfig.fromConfig(config);
    try {
      McpServersConfig.parse(config.section("mcp_servers"));
    } catch (ConfigException e) {
      throw e;
    } catch (ToolgateException e) {
      return Optional.of(config.label() + ": " + e.getMessage());
    }
    return Optional.empty();
  }

  /**
   * Prints every problem as {@code file:line:column: message}, file by file in the order found, up
   * to {@value #SHOWN_PER_FILE} per file, then the count; returns the exit code 1.
   */
  private static int report(List<? extends FileProblem> problems, String what, PrintWriter err) {
    Map<String, List<FileProblem>> byFile = new LinkedHashMap<>();
    problems.forEach(p -> byFile.computeIfAbsent(p.file(), f -> new ArrayList<>()).add(p));
    byFile.forEach(
        (file, inFile) -> {
          inFile.stream().limit(SHOWN_PER_FILE).forEach(err::println);
          if (inFile.size() > SHOWN_PER_FILE) {
            err.printf(
                "%s: … and %d more problems in this file; fix these and run validate again%n",
                file, inFile.size() - SHOWN_PER_FILE);
          }
        });
    err.printf("%s: %d problem%s%n", what, problems.size(), problems.size() == 1 ? "" : "s");
    err.flush();
    return 1;
  }
}
