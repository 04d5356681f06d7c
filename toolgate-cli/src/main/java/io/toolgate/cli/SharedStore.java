package io.toolgate.cli;

import io.toolgate.config.OptionException;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.store.RegistryStore;
import io.toolgate.store.postgres.PostgresRegistryStore;
import io.toolgate.store.postgres.PostgresStoreConfig;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** Opens the store that {@code store.url} names, for a gateway that is one replica of a fleet. */
final class SharedStore {
  private SharedStore() {}

  /**
   * The PostgreSQL store of {@code config}, opened (schema created or migrated); empty without
   * {@code store.url}, where the embedded store in the data directory is used.
   *
   * @throws io.toolgate.config.ConfigException locating a bad {@code store:} value in the file
   * @throws io.toolgate.store.StoreUnavailableException when PostgreSQL cannot be reached
   */
  static Optional<RegistryStore> open(ToolgateConfig config) {
    return read(config, System::getenv).map(PostgresRegistryStore::open);
  }

  /**
   * The {@code store:} section of {@code config}, read and checked as {@link #open} reads it but
   * without connecting (what {@code validate} runs); empty without {@code store.url}.
   *
   * @param env the environment {@code store.password_env} is read from
   * @throws io.toolgate.config.ConfigException locating a bad {@code store:} value in the file
   */
  static Optional<PostgresStoreConfig> read(ToolgateConfig config, UnaryOperator<String> env) {
    try {
      return PostgresStoreConfig.fromSection(config.expandedSection("store"), env);
    } catch (OptionException e) {
      throw config.error(e);
    }
  }
}
