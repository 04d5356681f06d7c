package io.toolgate.sandbox;

import io.toolgate.catalog.InvalidToolException;
import io.toolgate.catalog.RegistryEvent;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.catalog.ToolPolicy;
import io.toolgate.catalog.ToolRegistry;
import io.toolgate.invoke.command.CommandRuntime;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sandboxes of a gateway: their configuration, the tools the registry puts in each, what each
 * needs installed, whether it is built, and how its command tools run.
 *
 * <pre>{@code
 * Sandboxes sandboxes = Sandboxes.builder(registry, dataDir)
 *     .sandbox(new SandboxConfig("analytics", List.of("npm:csv-parse@5"), List.of("DB_URL"),
 *         SandboxRuntime.PROCESS, ToolPolicy.INHERIT, Optional.empty()))
 *     .build();
 * sandboxes.check(definition);                    // before registering: unknown sandbox → error
 * sandboxes.statuses();                           // what `toolgate sandboxes` prints
 * sandboxes.buildAll(System.out::println);        // rebuilds what changed, with progress
 * }</pre>
 *
 * <p>The {@value ToolDefinition#DEFAULT_SANDBOX} sandbox always exists. Each sandbox's folder is
 * {@code <data>/sandboxes/<name>/}; its last build is remembered by a {@link SandboxStateStore}
 * ({@code <data>/sandboxes/.state/} by default). The checksum covers the runtime, the image, the
 * aggregated dependencies and every tool's checksum, so it changes exactly when one of those does;
 * a build runs only then.
 *
 * <p>A tool that names an unknown sandbox is rejected by {@link #check} (catalog loaders call it
 * before registering); one that reaches the registry anyway is logged, listed by {@link
 * #unknownSandboxes()}, and its command calls fail with {@code unavailable}. Thread-safe; builds of
 * one sandbox are serialized.
 */
public final class Sandboxes {
  private static final Logger LOG = LoggerFactory.getLogger(Sandboxes.class);

  private final ToolRegistry registry;
  private final Map<String, SandboxConfig> configs;
  private final Path root;
  private final SandboxStateStore state;
  private final SandboxBuilds builds;
  private final SandboxLauncher launcher;

  private Sandboxes(Builder b) {
    this.registry = b.registry;
    Map<String, SandboxConfig> all = new TreeMap<>();
    all.put(SandboxConfig.DEFAULT.name(), SandboxConfig.DEFAULT);
    b.configs.forEach(c -> all.put(c.name(), c));
    this.configs = Map.copyOf(all);
    this.root = b.dataDirectory.resolve("sandboxes");
    this.state = b.state != null ? b.state : SandboxStateStore.inDirectory(root.resolve(".state"));
    DockerEngine docker = new DockerEngine(b.docker, b.buildTimeout);
    this.builds =
        new SandboxBuilds(
            this::spec, root, state, new ProcessInstaller(b.npm, b.python, b.buildTimeout), docker);
    this.launcher = new SandboxLauncher(configs, this::names, root, state, docker, b.environment);
    registry.addListener(this::warnAboutUnknownSandboxes);
  }

  /**
   * Starts sandboxes over {@code registry}, keeping folders and state under {@code dataDirectory}.
   */
  public static Builder builder(ToolRegistry registry, Path dataDirectory) {
    return new Builder(registry, dataDirectory);
  }

  private void warnAboutUnknownSandboxes(List<RegistryEvent> events) {
    for (RegistryEvent e : events) {
      if (!(e instanceof RegistryEvent.Removed) && !configs.containsKey(e.tool().sandbox())) {
        LOG.warn(
            "tool '{}' names sandbox '{}', which is not configured; its command calls will fail",
            e.tool().name(),
            e.tool().sandbox());
      }
    }
  }

  /** Every sandbox name, sorted; includes {@code default}. */
  public List<String> names() {
    return List.copyOf(new TreeMap<>(configs).keySet());
  }

  /** The configuration of {@code name}. */
  public Optional<SandboxConfig> config(String name) {
    return Optional.ofNullable(configs.get(name));
  }

  /**
   * Fails unless {@code name} is a configured sandbox.
   *
   * @throws InvalidToolException with pointer {@code /sandbox}, listing the known sandboxes
   */
  public void requireKnown(String name) {
    if (!configs.containsKey(name)) {
      throw new InvalidToolException(
          "sandbox '"
              + name
              + "' is not configured; known sandboxes: "
              + names()
              + " (add it under sandboxes: in toolgate.yaml)",
          "/sandbox");
    }
  }

  /**
   * Checks a tool before it is registered: its sandbox exists and its dependencies parse.
   *
   * @throws InvalidToolException naming the tool and the fix
   */
  public void check(ToolDefinition tool) {
    try {
      requireKnown(tool.sandbox());
    } catch (InvalidToolException e) {
      throw new InvalidToolException("tool '" + tool.name() + "': " + e.getMessage(), "/sandbox");
    }
    for (int i = 0; i < tool.dependencies().size(); i++) {
      try {
        Dependency.parse(tool.dependencies().get(i));
      } catch (IllegalArgumentException e) {
        throw new InvalidToolException(
            "tool '" + tool.name() + "': " + e.getMessage(), "/dependencies/" + i);
      }
    }
  }

  /** Registered tools whose sandbox is not configured, by sandbox name. */
  public Map<String, List<String>> unknownSandboxes() {
    Map<String, List<String>> out = new TreeMap<>();
    for (ToolDefinition t : registry.definitions()) {
      if (!configs.containsKey(t.sandbox())) {
        out.computeIfAbsent(t.sandbox(), k -> new ArrayList<>()).add(t.name());
      }
    }
    return out;
  }

  /** The limits of {@code name}'s tools that set none; {@link ToolPolicy#INHERIT} when unknown. */
  public ToolPolicy policyOf(String name) {
    SandboxConfig c = configs.get(name);
    return c == null ? ToolPolicy.INHERIT : c.policy();
  }

  /** The folder of {@code name}: {@code <data>/sandboxes/<name>}. */
  public Path directory(String name) {
    requireKnown(name);
    return root.resolve(name);
  }

  private SandboxSpec spec(String name) {
    requireKnown(name);
    List<ToolDefinition> tools =
        registry.definitions().stream().filter(t -> t.sandbox().equals(name)).toList();
    return SandboxSpec.of(configs.get(name), tools);
  }

  /** Base and tool dependencies of {@code name}: canonical, deduplicated, sorted. */
  public List<String> dependencies(String name) {
    return spec(name).dependencies();
  }

  /** Base and tool secrets of {@code name}: deduplicated, sorted. */
  public List<String> secrets(String name) {
    return spec(name).secrets();
  }

  /** The checksum of {@code name} now; see the class comment for what it covers. */
  public String checksum(String name) {
    return spec(name).checksum();
  }

  /** The image recipe of {@code name} (whatever its runtime), for inspection and docker builds. */
  public DockerRecipe recipe(String name) {
    return DockerRecipe.of(spec(name));
  }

  /** Where {@code name} stands: tools, dependencies, checksum, and why it needs a rebuild. */
  public SandboxStatus status(String name) {
    SandboxSpec spec = spec(name);
    Optional<BuildState> built = state.load(name);
    List<String> reasons = new ArrayList<>(spec.changesSince(built));
    Optional<String> image = Optional.empty();
    try {
      DockerRecipe recipe = DockerRecipe.of(spec);
      if (spec.config().runtime() == SandboxRuntime.DOCKER) {
        image = Optional.of(recipe.tag());
      }
    } catch (SandboxException e) {
      reasons.add(e.getMessage());
    }
    return new SandboxStatus(
        name,
        spec.config().runtime(),
        spec.toolNames(),
        spec.dependencies(),
        spec.secrets(),
        spec.checksum(),
        built.map(BuildState::checksum),
        reasons,
        image);
  }

  /** The status of every sandbox, sorted by name. */
  public List<SandboxStatus> statuses() {
    return names().stream().map(this::status).toList();
  }

  /**
   * Builds {@code name} if its checksum changed since the last build: installs its dependencies
   * (process) or builds its image (docker), then records the build ({@link SandboxBuilds}).
   *
   * @param progress receives one line per step and installer output line
   * @throws SandboxException when an installer or engine fails; nothing is recorded then
   */
  public BuildResult build(String name, Consumer<String> progress) throws InterruptedException {
    return builds.build(name, progress);
  }

  /**
   * Builds every sandbox that needs it, in name order. A failure does not stop the others; it is
   * reported in the result's summary and the sandbox stays marked as needing a rebuild.
   */
  public List<BuildResult> buildAll(Consumer<String> progress) throws InterruptedException {
    List<BuildResult> results = new ArrayList<>();
    for (String name : names()) {
      try {
        results.add(build(name, progress));
      } catch (SandboxException e) {
        progress.accept("sandbox " + name + " failed: " + e.getMessage());
        results.add(new BuildResult(name, checksum(name), false, "failed: " + e.getMessage()));
      }
    }
    return results;
  }

  /**
   * How {@code name}'s command tools start: for {@code process}, in its folder with {@code
   * NODE_PATH} and {@code PYTHONPATH} pointing at its installed packages and its secrets passed on;
   * for {@code docker}, wrapped in {@code docker run} of the last built image. An unknown sandbox,
   * an unreachable engine or an image never built make calls fail with {@code unavailable} ({@link
   * SandboxLauncher}).
   */
  public CommandRuntime runtimeFor(String name) {
    return (tool, argv) -> launcher.launch(name, tool, argv);
  }

  /** Settings of {@link Sandboxes}. Not thread-safe. */
  public static final class Builder {
    private final ToolRegistry registry;
    private final Path dataDirectory;
    private final List<SandboxConfig> configs = new ArrayList<>();
    private SandboxStateStore state;
    private String npm = "npm";
    private String python = "python3";
    private String docker = "docker";
    private Duration buildTimeout = Duration.ofMinutes(10);
    private UnaryOperator<String> environment = System::getenv;

    private Builder(ToolRegistry registry, Path dataDirectory) {
      this.registry = Objects.requireNonNull(registry, "registry");
      this.dataDirectory = Objects.requireNonNull(dataDirectory, "dataDirectory");
    }

    /** Adds a sandbox; one named {@code default} replaces the built-in default. */
    public Builder sandbox(SandboxConfig config) {
      if (configs.stream().anyMatch(c -> c.name().equals(config.name()))) {
        throw new IllegalArgumentException("sandbox '" + config.name() + "' is configured twice");
      }
      configs.add(config);
      return this;
    }

    /** Adds several sandboxes. */
    public Builder sandboxes(List<SandboxConfig> list) {
      list.forEach(this::sandbox);
      return this;
    }

    /** Where build state is remembered; a directory store under the data directory by default. */
    public Builder stateStore(SandboxStateStore store) {
      this.state = Objects.requireNonNull(store, "store");
      return this;
    }

    /** The npm, python and docker programs ({@code npm}, {@code python3}, {@code docker}). */
    public Builder programs(String npm, String python, String docker) {
      this.npm = Objects.requireNonNull(npm, "npm");
      this.python = Objects.requireNonNull(python, "python");
      this.docker = Objects.requireNonNull(docker, "docker");
      return this;
    }

    /** How long one installer or image build may run; 10 minutes by default. */
    public Builder buildTimeout(Duration timeout) {
      this.buildTimeout = Objects.requireNonNull(timeout, "timeout");
      return this;
    }

    /** Reads the gateway's environment for the docker client's settings; {@code System::getenv}. */
    public Builder environment(UnaryOperator<String> environment) {
      this.environment = Objects.requireNonNull(environment, "environment");
      return this;
    }

    public Sandboxes build() {
      return new Sandboxes(this);
    }
  }
}
