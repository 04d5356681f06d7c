package io.toolgate.catalog.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Expands {@code catalogs:} entries into files: plain paths, directories (their {@code *.yaml},
 * {@code *.yml} and {@code *.json}) and globs ({@code tools/*.yaml}, {@code **}{@code /*.json}),
 * relative to the config file's folder.
 */
final class CatalogGlobs {
  /** Files found, in pattern order then path order, without repeats; and what matched nothing. */
  record Expansion(List<CatalogFile> files, List<CatalogProblem> problems) {}

  private CatalogGlobs() {}

  static Expansion expand(Path base, List<String> patterns) {
    Map<Path, CatalogFile> found = new LinkedHashMap<>();
    List<CatalogProblem> problems = new ArrayList<>();
    for (String pattern : patterns) {
      List<Path> matches;
      try {
        matches = matches(base, pattern.strip());
      } catch (IOException | UncheckedIOException e) {
        problems.add(new CatalogProblem(pattern, 0, 0, "", "cannot list files: " + e.getMessage()));
        continue;
      }
      if (matches.isEmpty()) {
        problems.add(
            new CatalogProblem(
                pattern,
                0,
                0,
                "",
                (isGlob(pattern) ? "no catalog file matches '" : "catalog file not found: '")
                    + pattern
                    + "' (looked in "
                    + base.toAbsolutePath().normalize()
                    + "); fix the path in 'catalogs:'"));
      }
      for (Path p : matches) {
        found.putIfAbsent(
            p.toAbsolutePath().normalize(), CatalogFile.of(p, label(base, pattern, p)));
      }
    }
    return new Expansion(List.copyOf(found.values()), List.copyOf(problems));
  }

  private static List<Path> matches(Path base, String pattern) throws IOException {
    if (!isGlob(pattern)) {
      Path p = base.resolve(pattern);
      if (Files.isDirectory(p)) {
        return walk(p, 1, List.of(matcher("*.{yaml,yml,json}")));
      }
      return Files.isRegularFile(p) ? List.of(p) : List.of();
    }
    String normalized = pattern.replace('\\', '/');
    String[] segments = normalized.split("/");
    int fixed = 0;
    while (fixed < segments.length - 1 && !isGlob(segments[fixed])) {
      fixed++;
    }
    String prefix = String.join("/", Arrays.copyOfRange(segments, 0, fixed));
    String rest = String.join("/", Arrays.copyOfRange(segments, fixed, segments.length));
    // An absolute pattern gives an absolute prefix ("/etc/x"), which resolve() keeps as is.
    Path root =
        prefix.isEmpty()
            ? (normalized.startsWith("/") ? Path.of("/") : base)
            : base.resolve(prefix);
    if (!Files.isDirectory(root)) {
      return List.of();
    }
    List<PathMatcher> matchers = new ArrayList<>(List.of(matcher(rest)));
    if (rest.startsWith("**/")) {
      // "**/*.yaml" should also match files directly in the folder, as in most tools.
      matchers.add(matcher(rest.substring(3)));
    }
    int depth = rest.contains("**") ? Integer.MAX_VALUE : rest.split("/").length;
    return walk(root, depth, matchers);
  }

  private static List<Path> walk(Path root, int depth, List<PathMatcher> matchers)
      throws IOException {
    try (Stream<Path> paths = Files.walk(root, depth)) {
      return paths
          .filter(Files::isRegularFile)
          .filter(
              p -> {
                Path relative = root.relativize(p);
                return matchers.stream().anyMatch(m -> m.matches(relative));
              })
          .sorted()
          .toList();
    }
  }

  private static PathMatcher matcher(String glob) {
    return FileSystems.getDefault().getPathMatcher("glob:" + glob);
  }

  private static boolean isGlob(String s) {
    return s.chars().anyMatch(c -> c == '*' || c == '?' || c == '[' || c == '{');
  }

  /** The path as the user would write it: relative to the config folder when inside it. */
  private static String label(Path base, String pattern, Path file) {
    if (!isGlob(pattern) && !Files.isDirectory(base.resolve(pattern))) {
      return pattern;
    }
    Path absoluteBase = base.toAbsolutePath().normalize();
    Path absolute = file.toAbsolutePath().normalize();
    Path shown = absolute.startsWith(absoluteBase) ? absoluteBase.relativize(absolute) : absolute;
    return shown.toString().replace('\\', '/');
  }
}
