package io.toolgate.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSandboxStateStoreTest extends SandboxStateStoreContract {
  @TempDir Path dir;

  @Override
  SandboxStateStore open() {
    return SandboxStateStore.inDirectory(dir.resolve("state"));
  }

  @Override
  void closeAll() {
    // Nothing stays open between calls.
  }

  @Override
  void corrupt(String sandbox) {
    try {
      Files.createDirectories(dir.resolve("state"));
      Files.writeString(dir.resolve("state").resolve(sandbox + ".json"), "{\"checksum\": ");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void keepsOneJsonFilePerSandboxAndNoTemporaryFiles() throws IOException {
    open().save(state("analytics", "9f2c00aa11bb22cc"));

    try (Stream<Path> files = Files.list(dir.resolve("state"))) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("analytics.json");
    }
  }
}
