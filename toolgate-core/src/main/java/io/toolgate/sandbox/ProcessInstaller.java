package io.toolgate.sandbox;

import io.toolgate.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Installs a {@code process} sandbox's dependencies into its folder: npm packages into {@code
 * node_modules} ({@code npm install --prefix <dir>}), pip packages into {@code python} ({@code pip
 * install --target <dir>/python}). A reinstall starts from empty folders, so removed dependencies
 * disappear.
 */
final class ProcessInstaller {
  private final String npm;
  private final String python;
  private final Duration timeout;

  ProcessInstaller(String npm, String python, Duration timeout) {
    this.npm = npm;
    this.python = python;
    this.timeout = timeout;
  }

  /** The folder command tools import npm packages from. */
  static Path nodeModules(Path dir) {
    return dir.resolve("node_modules");
  }

  /** The folder command tools import pip packages from. */
  static Path pythonPath(Path dir) {
    return dir.resolve("python");
  }

  /**
   * @return a one-line summary
   */
  String install(String sandbox, Path dir, List<Dependency> deps, Consumer<String> progress)
      throws InterruptedException {
    clean(dir);
    List<String> npmSpecs = specs(deps, Dependency.Ecosystem.NPM);
    List<String> pipSpecs = specs(deps, Dependency.Ecosystem.PIP);
    if (!npmSpecs.isEmpty()) {
      List<String> cmd =
          new ArrayList<>(
              List.of(npm, "install", "--prefix", dir.toString(), "--no-audit", "--no-fund"));
      cmd.addAll(npmSpecs);
      BuildCommand.Outcome o = BuildCommand.run(cmd, dir, timeout, progress);
      if (!o.ok()) {
        throw new SandboxException(
            ErrorCode.EXECUTION_FAILED,
            "sandbox '" + sandbox + "': npm could not install " + npmSpecs + ": " + o.tail());
      }
    }
    if (!pipSpecs.isEmpty()) {
      List<String> cmd =
          new ArrayList<>(
              List.of(
                  python,
                  "-m",
                  "pip",
                  "install",
                  "--no-input",
                  "--disable-pip-version-check",
                  "--retries",
                  "0",
                  "--timeout",
                  "15",
                  "--target",
                  pythonPath(dir).toString()));
      cmd.addAll(pipSpecs);
      BuildCommand.Outcome o = BuildCommand.run(cmd, dir, timeout, progress);
      if (!o.ok()) {
        throw pipFailure(sandbox, pipSpecs, o);
      }
    }
    List<String> parts = new ArrayList<>();
    if (!npmSpecs.isEmpty()) {
      parts.add(npmSpecs.size() + " npm package(s)");
    }
    if (!pipSpecs.isEmpty()) {
      parts.add(pipSpecs.size() + " pip package(s)");
    }
    return parts.isEmpty()
        ? "no dependencies to install"
        : "installed " + String.join(" and ", parts);
  }

  /**
   * pip says "No matching distribution" both when a name is wrong and when no index answers; both
   * mean no reachable index offers the package, which is what the message says.
   */
  private static SandboxException pipFailure(
      String sandbox, List<String> specs, BuildCommand.Outcome o) {
    String tail = o.tail();
    String lower = tail.toLowerCase(Locale.ROOT);
    boolean noIndex =
        lower.contains("no matching distribution")
            || lower.contains("could not find a version")
            || lower.contains("failed to establish a new connection")
            || lower.contains("temporary failure in name resolution")
            || lower.contains("network is unreachable");
    if (noIndex) {
      return new SandboxException(
          ErrorCode.UNAVAILABLE,
          "sandbox '"
              + sandbox
              + "': pip could not install "
              + specs
              + " because no reachable Python package index offers them; set PIP_INDEX_URL (or"
              + " pip's find-links) to a reachable index or mirror, or use npm: packages. pip said:"
              + " "
              + lastLine(tail));
    }
    if (o.exitCode() == -1 || lower.contains("no module named pip")) {
      return new SandboxException(
          ErrorCode.UNAVAILABLE,
          "sandbox '"
              + sandbox
              + "': python3 with pip is needed to install "
              + specs
              + ": "
              + tail);
    }
    return new SandboxException(
        ErrorCode.EXECUTION_FAILED,
        "sandbox '" + sandbox + "': pip could not install " + specs + ": " + tail);
  }

  private static String lastLine(String text) {
    String[] lines = text.strip().split("\n");
    return lines[lines.length - 1].strip();
  }

  private static List<String> specs(List<Dependency> deps, Dependency.Ecosystem e) {
    return deps.stream().filter(d -> d.ecosystem() == e).map(Dependency::spec).toList();
  }

  private static void clean(Path dir) {
    for (Path p :
        List.of(
            nodeModules(dir),
            pythonPath(dir),
            dir.resolve("package.json"),
            dir.resolve("package-lock.json"))) {
      deleteRecursively(p);
    }
  }

  private static void deleteRecursively(Path p) {
    if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(p)) {
      for (Path each : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(each);
      }
    } catch (IOException e) {
      throw new SandboxException(
          ErrorCode.EXECUTION_FAILED, "cannot clear " + p + " for a rebuild: " + e.getMessage());
    }
  }
}
