package io.toolgate.store.postgres;

import io.toolgate.store.RegistryStore;
import io.toolgate.store.RegistryStoreContract;
import java.nio.file.Path;

/** The shared {@link RegistryStoreContract} on a real PostgreSQL; a schema per test directory. */
class PostgresRegistryStoreTest extends RegistryStoreContract {
  @Override
  protected RegistryStore open(Path dir) {
    return PostgresRegistryStore.open(EmbeddedPostgresServer.shared().config(schemaFor(dir)));
  }

  static String schemaFor(Path dir) {
    return "t_" + Integer.toHexString(dir.toAbsolutePath().toString().hashCode());
  }
}
