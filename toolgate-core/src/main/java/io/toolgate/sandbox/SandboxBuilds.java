package io.toolgate.sandbox;

import io.toolgate.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Builds a sandbox when its checksum changed since the last recorded build: installs its
 * dependencies into its folder ({@code process}: {@link ProcessInstaller}) or builds its image
 * ({@code docker}: {@link DockerEngine}), then records the build in the {@link SandboxStateStore}.
 * Thread-safe; builds of one sandbox are serialized.
 */
final class SandboxBuilds {
  private final Function<String, SandboxSpec> specs;
  private final Path root;
  private final SandboxStateStore state;
  private final ProcessInstaller installer;
  private final DockerEngine docker;
  private final Map<String, Object> locks = new ConcurrentHashMap<>();

  /**
   * @param specs the current spec of a sandbox, by name (read under the sandbox's build lock)
   * @param root the folder holding one folder per sandbox
   */
  SandboxBuilds(
      Function<String, SandboxSpec> specs,
      Path root,
      SandboxStateStore state,
      ProcessInstaller installer,
      DockerEngine docker) {
    this.specs = specs;
    this.root = root;
    this.state = state;
    this.installer = installer;
    this.docker = docker;
  }

  /** See {@link Sandboxes#build}. */
  BuildResult build(String name, Consumer<String> progress) throws InterruptedException {
    synchronized (locks.computeIfAbsent(name, k -> new Object())) {
      SandboxSpec spec = specs.apply(name);
      Optional<BuildState> previous = state.load(name);
      List<String> reasons = spec.changesSince(previous);
      if (reasons.isEmpty()) {
        progress.accept("sandbox " + name + " is up to date (" + spec.checksum() + ")");
        return new BuildResult(name, spec.checksum(), false, "up to date");
      }
      progress.accept(
          "building sandbox " + name + " (" + spec.checksum() + "): " + String.join(", ", reasons));
      Path dir = root.resolve(name);
      List<Dependency> deps = spec.parsedDependencies();
      String summary;
      Optional<String> image = Optional.empty();
      switch (spec.config().runtime()) {
        case PROCESS -> summary = buildProcess(spec, previous, dir, deps, progress);
        case DOCKER -> {
          DockerRecipe recipe = DockerRecipe.of(spec);
          docker.build(recipe, dir, progress);
          image = Optional.of(recipe.tag());
          summary = "built image " + recipe.tag();
        }
        default -> throw new IllegalStateException("unknown runtime " + spec.config().runtime());
      }
      record(name, spec, image);
      progress.accept("sandbox " + name + ": " + summary);
      return new BuildResult(name, spec.checksum(), true, summary);
    }
  }

  private void record(String name, SandboxSpec spec, Optional<String> image) {
    state.save(
        new BuildState(
            name,
            spec.checksum(),
            spec.tools(),
            spec.dependencies(),
            spec.config().runtime(),
            image,
            Instant.now()));
  }

  private String buildProcess(
      SandboxSpec spec,
      Optional<BuildState> previous,
      Path dir,
      List<Dependency> deps,
      Consumer<String> progress)
      throws InterruptedException {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new SandboxException(
          ErrorCode.EXECUTION_FAILED, "cannot create " + dir + ": " + e.getMessage());
    }
    boolean sameDeps =
        previous.isPresent()
            && previous.get().runtime() == SandboxRuntime.PROCESS
            && previous.get().dependencies().equals(spec.dependencies());
    if (sameDeps) {
      progress.accept("dependencies unchanged; nothing to install");
      return "dependencies unchanged";
    }
    return installer.install(spec.config().name(), dir, deps, progress);
  }
}
