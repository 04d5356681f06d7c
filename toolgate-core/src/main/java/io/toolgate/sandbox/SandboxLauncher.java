package io.toolgate.sandbox;

import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.command.CommandRuntime;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * How a sandbox's command tools start ({@link Sandboxes#runtimeFor}): for {@code process}, in its
 * folder with {@code NODE_PATH} and {@code PYTHONPATH} pointing at its installed packages and its
 * secrets passed on; for {@code docker}, wrapped in {@code docker run} of the last built image. An
 * unknown sandbox, an unreachable engine or an image never built make calls fail with {@code
 * unavailable}. Thread-safe.
 */
final class SandboxLauncher {
  private static final List<String> DOCKER_CLIENT_ENVIRONMENT =
      List.of("DOCKER_HOST", "DOCKER_CONTEXT", "DOCKER_CONFIG");

  private final Map<String, SandboxConfig> configs;
  private final Supplier<List<String>> names;
  private final Path root;
  private final SandboxStateStore state;
  private final DockerEngine docker;
  private final UnaryOperator<String> environment;

  /**
   * @param names every sandbox name, for the message about an unknown one
   * @param environment the gateway's environment, read for the docker client's settings
   */
  SandboxLauncher(
      Map<String, SandboxConfig> configs,
      Supplier<List<String>> names,
      Path root,
      SandboxStateStore state,
      DockerEngine docker,
      UnaryOperator<String> environment) {
    this.configs = configs;
    this.names = names;
    this.root = root;
    this.state = state;
    this.docker = docker;
    this.environment = environment;
  }

  /** How {@code tool} of sandbox {@code name} starts with {@code argv}. */
  CommandRuntime.Launch launch(String name, ToolDefinition tool, List<String> argv) {
    SandboxConfig config = configs.get(name);
    if (config == null) {
      throw CommandRuntime.unavailable(
          "sandbox '" + name + "' is not configured; known sandboxes: " + names.get());
    }
    Path dir = root.resolve(name);
    return switch (config.runtime()) {
      case PROCESS -> {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("NODE_PATH", ProcessInstaller.nodeModules(dir).toString());
        env.put("PYTHONPATH", ProcessInstaller.pythonPath(dir).toString());
        yield new CommandRuntime.Launch(argv, dir, env, config.secrets());
      }
      case DOCKER -> inDocker(name, config, dir, tool, argv);
    };
  }

  private CommandRuntime.Launch inDocker(
      String name, SandboxConfig config, Path dir, ToolDefinition tool, List<String> argv) {
    try {
      docker.requireReachable(name);
    } catch (SandboxException e) {
      throw CommandRuntime.unavailable(e.getMessage());
    }
    String image =
        state
            .load(name)
            .flatMap(BuildState::image)
            .orElseThrow(
                () ->
                    CommandRuntime.unavailable(
                        "sandbox '"
                            + name
                            + "' has no image yet; run: toolgate sandboxes build "
                            + name));
    List<String> secrets = new ArrayList<>(tool.secrets());
    config.secrets().stream().filter(s -> !secrets.contains(s)).forEach(secrets::add);
    Map<String, String> env = new LinkedHashMap<>();
    for (String v : DOCKER_CLIENT_ENVIRONMENT) {
      String value = environment.apply(v);
      if (value != null) {
        env.put(v, value);
      }
    }
    return new CommandRuntime.Launch(
        docker.runCommand(image, secrets, argv), dir, env, config.secrets());
  }
}
