package io.toolgate.config;

import java.nio.file.Path;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Where the data directory is: {@code --data-dir} &gt; {@code data_dir:} &gt; {@code
 * $TOOLGATE_DATA} &gt; {@code ~/.toolgate}, a leading {@code ~/} being the user's home.
 */
final class DataDirectory {
  private DataDirectory() {}

  /** The rule of {@link ToolgateConfig#dataDir(Optional)}, with every input explicit. */
  static Path resolve(
      Optional<Path> flag,
      Optional<String> configured,
      Path baseDir,
      UnaryOperator<String> env,
      Path home) {
    if (flag.isPresent()) {
      return flag.get().toAbsolutePath().normalize();
    }
    if (configured.isPresent()) {
      return home(configured.get(), home, baseDir);
    }
    String fromEnv = env.apply(ToolgateConfig.DATA_ENV);
    if (fromEnv != null && !fromEnv.isBlank()) {
      return home(fromEnv.strip(), home, Path.of("").toAbsolutePath());
    }
    return home.resolve(".toolgate").toAbsolutePath().normalize();
  }

  private static Path home(String path, Path home, Path base) {
    if (path.equals("~")) {
      return home.toAbsolutePath().normalize();
    }
    if (path.startsWith("~/")) {
      return home.resolve(path.substring(2)).toAbsolutePath().normalize();
    }
    return base.resolve(path).toAbsolutePath().normalize();
  }
}
