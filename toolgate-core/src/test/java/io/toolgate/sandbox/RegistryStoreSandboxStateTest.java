package io.toolgate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.toolgate.store.EmbeddedRegistryStore;
import io.toolgate.store.RegistryStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegistryStoreSandboxStateTest extends SandboxStateStoreContract {
  @TempDir Path data;
  private final List<EmbeddedRegistryStore> opened = new ArrayList<>();

  private EmbeddedRegistryStore store() {
    closeAll(); // one process at a time holds the store
    EmbeddedRegistryStore store = EmbeddedRegistryStore.open(data);
    opened.add(store);
    return store;
  }

  @Override
  SandboxStateStore open() {
    return SandboxStateStore.inRegistryStore(store());
  }

  @Override
  void closeAll() {
    opened.forEach(EmbeddedRegistryStore::close);
    opened.clear();
  }

  @Override
  void corrupt(String sandbox) {
    store()
        .put(RegistryStore.SANDBOXES, sandbox, "not build state".getBytes(StandardCharsets.UTF_8));
    closeAll();
  }

  @Test
  void keepsTheBuildStateJsonUnderTheSandboxName() {
    RegistryStore store = store();
    SandboxStateStore.inRegistryStore(store).save(state("analytics", "9f2c00aa11bb22cc"));

    assertThat(store.getText(RegistryStore.SANDBOXES, "analytics"))
        .hasValueSatisfying(json -> assertThat(json).contains("\"checksum\":\"9f2c00aa11bb22cc\""));
  }
}
