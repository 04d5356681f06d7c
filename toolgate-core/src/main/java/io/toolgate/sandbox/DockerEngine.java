package io.toolgate.sandbox;

import io.toolgate.ErrorCode;
import io.toolgate.invoke.command.CommandToolExecutor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Talks to a Docker engine through the {@code docker} client: whether one is reachable, building a
 * recipe, and the {@code docker run} argv of a call. Reachability is probed with {@code docker
 * info} and remembered for {@value #PROBE_SECONDS} seconds.
 */
final class DockerEngine {
  private static final long PROBE_SECONDS = 30;

  private final String docker;
  private final Duration buildTimeout;
  private volatile Probe probe;

  private record Probe(boolean reachable, String detail, long at) {}

  DockerEngine(String docker, Duration buildTimeout) {
    this.docker = docker;
    this.buildTimeout = buildTimeout;
  }

  /**
   * Fails with {@code unavailable} unless an engine answers.
   *
   * @param sandbox named in the message
   */
  void requireReachable(String sandbox) {
    Probe p = probe;
    if (p == null || System.nanoTime() - p.at > Duration.ofSeconds(PROBE_SECONDS).toNanos()) {
      p = probeNow();
      probe = p;
    }
    if (!p.reachable) {
      throw new SandboxException(
          ErrorCode.UNAVAILABLE,
          "sandbox '"
              + sandbox
              + "' uses the docker runtime, but no Docker engine is reachable ("
              + docker
              + " info: "
              + p.detail
              + "); start one, or set runtime: process");
    }
  }

  private Probe probeNow() {
    List<String> lines = new ArrayList<>();
    try {
      BuildCommand.Outcome o =
          BuildCommand.run(
              List.of(docker, "info", "--format", "{{.ServerVersion}}"),
              Path.of(System.getProperty("java.io.tmpdir")),
              Duration.ofSeconds(15),
              lines::add);
      String detail = o.tail().isBlank() ? "exit code " + o.exitCode() : lastLine(o.tail());
      return new Probe(o.ok(), detail, System.nanoTime());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Probe(false, "interrupted", System.nanoTime());
    }
  }

  private static String lastLine(String text) {
    String[] lines = text.strip().split("\n");
    return lines[lines.length - 1].strip();
  }

  /** Writes the Dockerfile into {@code directory} and builds it with the recipe's tag. */
  void build(DockerRecipe recipe, Path directory, Consumer<String> progress)
      throws InterruptedException {
    requireReachable(recipe.sandbox());
    Path dockerfile = directory.resolve("Dockerfile");
    try {
      Files.createDirectories(directory);
      Files.writeString(dockerfile, recipe.dockerfile(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SandboxException(
          ErrorCode.EXECUTION_FAILED, "cannot write " + dockerfile + ": " + e.getMessage());
    }
    BuildCommand.Outcome o =
        BuildCommand.run(
            List.of(
                docker,
                "build",
                "-t",
                recipe.tag(),
                "-f",
                dockerfile.toString(),
                directory.toString()),
            directory,
            buildTimeout,
            progress);
    if (!o.ok()) {
      throw new SandboxException(
          ErrorCode.EXECUTION_FAILED,
          "sandbox '"
              + recipe.sandbox()
              + "': docker build of "
              + recipe.tag()
              + " failed: "
              + o.tail());
    }
  }

  /**
   * The argv that runs {@code argv} in {@code image}, forwarding {@code secrets} and the caller's
   * context ({@value CommandToolExecutor#CONTEXT_ENV}) by name only: docker copies each from the
   * client's environment, and leaves one unset there unset in the container.
   */
  List<String> runCommand(String image, List<String> secrets, List<String> argv) {
    List<String> out =
        new ArrayList<>(List.of(docker, "run", "--rm", "-i", "-w", DockerRecipe.WORKDIR));
    for (String s : secrets) {
      out.add("-e");
      out.add(s);
    }
    out.add("-e");
    out.add(CommandToolExecutor.CONTEXT_ENV);
    out.add(image);
    out.addAll(argv);
    return out;
  }
}
