package io.toolgate.cli;

import io.toolgate.config.OptionException;
import io.toolgate.config.ToolgateConfig;
import io.toolgate.store.RegistryStore;
import io.toolgate.store.postgres.PostgresRegistryStore;
import io.toolgate.store.postgres.PostgresStoreConfig;
import java.util.Optional;

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
    Optional<PostgresStoreConfig> pg;
    try {
      pg = PostgresStoreConfig.fromSection(config.expandedSection("store"), System::getenv);
    } catch (OptionException e) {
      throw config.error(e);
    }
    return pg.map(PostgresRegistryStore::open);
  }
}
