package io.toolgate.catalog.file;

import io.toolgate.ErrorCode;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.spi.ToolExecutionException;
import io.toolgate.invoke.spi.ToolExecutor;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Loads tool catalogs from YAML and JSON files: {@code tools:}, a list of tools in the form of
 * {@link io.toolgate.catalog.ToolDefinitionCodec}.
 *
 * <pre>{@code
 * // catalogs: [tools/*.yaml] in /etc/toolgate/toolgate.yaml
 * CatalogLoad load = CatalogFiles.load(Path.of("/etc/toolgate"), List.of("tools/*.yaml"),
 *     executorFactory::executorFor);
 * load.orThrow().registerInto(registry);
 *
 * // toolgate validate a.yaml b.json: every problem of every file
 * List<CatalogProblem> problems = CatalogFiles.validate(List.of(Path.of("a.yaml"), ...));
 * }</pre>
 *
 * <p>Every problem is reported with its file, line and column, the JSON Pointer of the offending
 * value and the fix: malformed YAML or JSON, unknown keys, invalid schemas, duplicate names (within
 * a file or across files), reserved meta-tool names, bad names, missing {@code http}/{@code
 * command}, and what the executor factory refuses. A file with a problem registers nothing; the
 * other files still load. Tools carry the source label {@code file:<path as given>}.
 *
 * <p>Executors are built by the function given (the invocation module's {@code
 * ExecutorFactory::executorFor}); it may throw {@link io.toolgate.catalog.InvalidToolException}
 * with a pointer relative to the tool, which is located like any other problem. Thread-safe.
 */
public final class CatalogFiles {
  /** The class-path folder of the embedded demo catalog. */
  public static final String DEMO_FOLDER = "io/toolgate/demo";

  /** The prefix of {@code catalogs:} entries that name class-path resources. */
  public static final String CLASSPATH = "classpath:";

  /** The {@code catalogs:} entry of the embedded demo catalog. */
  public static final String DEMO = CLASSPATH + DEMO_FOLDER;

  /** The file in a resource folder that lists its catalog files, one name per line. */
  public static final String INDEX = "index.txt";

  /** An executor for validation only: definitions are checked, nothing can run. */
  private static final Function<ToolDefinition, ToolExecutor> NO_EXECUTOR =
      definition ->
          call -> {
            throw new ToolExecutionException(
                ErrorCode.UNAVAILABLE, definition.name() + ": loaded for validation only");
          };

  private CatalogFiles() {}

  /**
   * Expands {@code catalogs:} entries and loads the files; entries that match nothing are problems
   * too.
   *
   * <p>An entry is a path, a folder (its {@code *.yaml}, {@code *.yml}, {@code *.json}) or a glob
   * ({@code tools/*.yaml}, {@code **}{@code /*.json}), relative to {@code baseDir} (the config
   * file's folder); or {@code classpath:<folder>} (the files listed in its {@value #INDEX}, e.g.
   * {@code classpath:io/toolgate/demo} for the embedded demo) or {@code classpath:<file>}.
   */
  public static CatalogLoad load(
      Path baseDir, List<String> patterns, Function<ToolDefinition, ToolExecutor> executors) {
    Map<String, CatalogFile> files = new LinkedHashMap<>();
    List<CatalogProblem> problems = new ArrayList<>();
    for (String pattern : patterns) {
      if (pattern.startsWith(CLASSPATH)) {
        try {
          classpath(pattern).forEach(f -> files.putIfAbsent(f.label(), f));
        } catch (CatalogException e) {
          problems.addAll(e.problems());
        }
        continue;
      }
      CatalogGlobs.Expansion expansion = CatalogGlobs.expand(baseDir, List.of(pattern));
      for (CatalogFile f : expansion.files()) {
        files.putIfAbsent(f.path().orElseThrow().toAbsolutePath().normalize().toString(), f);
      }
      problems.addAll(expansion.problems());
    }
    CatalogLoad load = loadFiles(List.copyOf(files.values()), executors);
    problems.addAll(load.problems());
    return new CatalogLoad(load.files(), load.toolsBySource(), problems);
  }

  private static List<CatalogFile> classpath(String entry) {
    String name = entry.substring(CLASSPATH.length()).replaceFirst("^/+", "");
    ClassLoader loader = CatalogFiles.class.getClassLoader();
    return name.matches(".*[.](yaml|yml|json)")
        ? List.of(CatalogFile.resource(loader, name))
        : resources(loader, name);
  }

  /** Loads files, each labelled with its path as given. */
  public static CatalogLoad load(
      List<Path> paths, Function<ToolDefinition, ToolExecutor> executors) {
    return loadFiles(paths.stream().map(CatalogFile::of).toList(), executors);
  }

  /** Loads documents; never throws for bad content (see {@link CatalogLoad#problems()}). */
  public static CatalogLoad loadFiles(
      List<CatalogFile> files, Function<ToolDefinition, ToolExecutor> executors) {
    Objects.requireNonNull(executors, "executors");
    Map<String, List<io.toolgate.catalog.RegisteredTool>> bySource = new LinkedHashMap<>();
    List<CatalogProblem> problems = new ArrayList<>();
    Map<String, Declared> seen = new HashMap<>();
    for (CatalogFile file : files) {
      CatalogReader.Result result = CatalogReader.read(file, executors);
      for (Map.Entry<String, String> name : result.names().entrySet()) {
        Declared first = seen.putIfAbsent(name.getKey(), new Declared(result, name.getValue()));
        if (first != null && first.result != result) {
          CatalogProblem where = first.result.locate(first.pointer);
          result.problem(
              name.getValue(),
              "tool '"
                  + name.getKey()
                  + "' is also defined in "
                  + where.file()
                  + (where.line() > 0 ? ":" + where.line() : "")
                  + "; tool names must be unique across catalog files");
        }
      }
      problems.addAll(result.problems());
      if (result.problems().isEmpty()) {
        bySource.merge(
            file.source(),
            result.tools(),
            (a, b) -> {
              List<io.toolgate.catalog.RegisteredTool> both = new ArrayList<>(a);
              both.addAll(b);
              return both;
            });
      }
    }
    return new CatalogLoad(files, bySource, problems);
  }

  private record Declared(CatalogReader.Result result, String pointer) {}

  /**
   * Loads the catalog files of a class-path folder, listed in its {@value #INDEX}.
   *
   * @throws CatalogException when the folder has no index
   */
  public static CatalogLoad loadResources(
      ClassLoader loader, String folder, Function<ToolDefinition, ToolExecutor> executors) {
    return loadFiles(resources(loader, folder), executors);
  }

  /** The embedded demo catalog (the default when no config is given). */
  public static CatalogLoad loadDemo(Function<ToolDefinition, ToolExecutor> executors) {
    return loadResources(CatalogFiles.class.getClassLoader(), DEMO_FOLDER, executors);
  }

  /**
   * The documents listed in {@code folder/index.txt}: one file name per line; blank lines and lines
   * starting with {@code #} are skipped.
   *
   * @throws CatalogException when the index cannot be read
   */
  public static List<CatalogFile> resources(ClassLoader loader, String folder) {
    String base = folder.endsWith("/") ? folder : folder + "/";
    String index;
    try {
      index = CatalogFile.resource(loader, base + INDEX).read();
    } catch (UncheckedIOException e) {
      throw new CatalogException(
          List.of(
              new CatalogProblem(
                  "classpath:" + base + INDEX,
                  0,
                  0,
                  "",
                  "no catalog index in class-path folder '"
                      + folder
                      + "'; list the folder's catalog files, one per line, in "
                      + INDEX)));
    }
    return index
        .lines()
        .map(String::strip)
        .filter(l -> !l.isEmpty() && !l.startsWith("#"))
        .map(name -> CatalogFile.resource(loader, base + name))
        .toList();
  }

  /** Every problem of the files, checking the definitions only (no executors are built). */
  public static List<CatalogProblem> validate(List<CatalogFile> files) {
    return loadFiles(files, NO_EXECUTOR).problems();
  }

  /** Every problem of the files, including what {@code executors} refuses (e.g. bad templates). */
  public static List<CatalogProblem> validate(
      List<CatalogFile> files, Function<ToolDefinition, ToolExecutor> executors) {
    return loadFiles(files, executors).problems();
  }

  /** Every problem of the files at {@code paths}, labelled as given. */
  public static List<CatalogProblem> validatePaths(List<Path> paths) {
    return validate(paths.stream().map(CatalogFile::of).toList());
  }
}
