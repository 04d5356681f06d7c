package io.toolgate.cli;

import io.toolgate.catalog.file.CatalogException;
import io.toolgate.catalog.file.CatalogFiles;
import io.toolgate.catalog.file.CatalogProblem;
import io.toolgate.catalog.file.FileProblem;
import io.toolgate.config.ConfigException;
import io.toolgate.config.ConfigProblem;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.config.UnsetVariables;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code toolgate validate}: checks catalog files and the config; non-zero on any problem. */
@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    description = {
      "Check catalog files (YAML or JSON) and exit non-zero on any problem.",
      "Without FILES, checks the config as serve reads it (its catalogs and the server,"
          + " models, mcp_servers and store sections), starting and connecting nothing. Each"
          + " problem is printed as file:line:column: what is wrong and how to fix it; every"
          + " problem of a file is reported (up to "
          + ValidateCommand.SHOWN_PER_FILE
          + " per file), and a file with any problem loads no tools.",
      "A $${VAR} whose variable is unset is a warning (serve fails on it), so that a pipeline"
          + " without the deployment's secrets can check the structure; --strict makes it an"
          + " error."
    },
    footer = {
      "",
      "Examples:",
      "  toolgate validate tools/*.yaml",
      "  toolgate validate -c toolgate.yaml",
      "  toolgate validate -c toolgate.yaml --strict   (in the deploy environment)"
    })
final class ValidateCommand implements Callable<Integer> {
  /** Problems shown per file; the rest are counted (fixing the first often fixes the rest). */
  static final int SHOWN_PER_FILE = 50;

  @Spec CommandSpec spec;
  @Mixin GlobalOptions global;

  @Parameters(paramLabel = "FILES", arity = "0..*", description = "Catalog files to check.")
  List<Path> files = new ArrayList<>();

  @Option(
      names = "--strict",
      description =
          "Fail on an unset $${VAR} (or store.password_env), as serve does: for pipelines that"
              + " validate where the deployment's variables are set. Without it they are warnings.")
  boolean strict;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (files.isEmpty()) {
      return checkConfig(out, err);
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
   * Checks the config as {@code serve} reads it: the catalogs it names, then the sections of the
   * other modules ({@link SectionCheck}); an unset variable is a warning unless {@link #strict}.
   */
  private int checkConfig(PrintWriter out, PrintWriter err) {
    String label = "the config";
    try {
      ToolgateConfig config = global.config(UnsetVariables.WARN);
      label = config.label();
      try (Gateway gateway = Gateway.catalog(global, config)) {
        SectionCheck.Findings findings = SectionCheck.read(config);
        List<ConfigProblem> warnings = findings.warnings(strict);
        warnings.forEach(w -> err.println(warning(w)));
        err.flush();
        if (!findings.errors(strict).isEmpty()) {
          return report(findings.errors(strict), label, err);
        }
        out.printf("%s: %d tools OK%s%n", label, gateway.registry().size(), summary(findings));
        out.flush();
        return 0;
      }
    } catch (ConfigException e) {
      return report(e.problems(), e.problems().getFirst().file(), err);
    } catch (CatalogException e) {
      return report(e.problems(), label, err);
    }
  }

  /** {@code file:line:column: warning: key: message}, the form compilers print warnings in. */
  private static String warning(ConfigProblem p) {
    return p.location() + ": warning: " + (p.key().isEmpty() ? "" : p.key() + ": ") + p.message();
  }

  private String summary(SectionCheck.Findings findings) {
    int unset = strict ? 0 : findings.unset().size();
    return unset == 0
        ? ""
        : "; "
            + unset
            + (unset == 1 ? " warning" : " warnings")
            + ": variables serve needs are not set (--strict makes them errors)";
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
