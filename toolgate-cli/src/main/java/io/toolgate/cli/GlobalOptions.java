package io.toolgate.cli;

import io.toolgate.config.ToolgateConfig;
import io.toolgate.config.UnsetVariables;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Options every command takes: the config file and the data directory. */
final class GlobalOptions {
  @Option(
      names = {"-c", "--config"},
      paramLabel = "FILE",
      description =
          "Config file (default: ./toolgate.yaml when present, else the embedded demo catalog).")
  Path config;

  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      description =
          "Vector cache, registrations, sandbox state (default: $TOOLGATE_DATA or ~/.toolgate).")
  Path dataDir;

  ToolgateConfig config() {
    return config(UnsetVariables.FAIL);
  }

  /** The config, an unset {@code ${VAR}} read as {@code unset} says ({@code validate} warns). */
  ToolgateConfig config(UnsetVariables unset) {
    return ToolgateConfig.resolve(Optional.ofNullable(config), Path.of("").toAbsolutePath(), unset);
  }

  Optional<Path> dataDir() {
    return Optional.ofNullable(dataDir);
  }
}
