package io.toolgate.sandbox;

import io.toolgate.ToolgateException;
import io.toolgate.json.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps each sandbox's {@link BuildState} as {@code <directory>/<sandbox>.json}.
 *
 * <p>A save writes a temporary file, forces it to disk, renames it over the old file with {@code
 * ATOMIC_MOVE} and forces the directory, so a crash leaves either the old state or the new one,
 * never a torn file. A file that cannot be read is treated as "never built" (and logged): the worst
 * outcome is one unnecessary rebuild.
 */
final class FileSandboxStateStore implements SandboxStateStore {
  private static final Logger LOG = LoggerFactory.getLogger(FileSandboxStateStore.class);
  private final Path directory;

  FileSandboxStateStore(Path directory) {
    this.directory = directory;
  }

  private Path file(String sandbox) {
    return directory.resolve(sandbox + ".json");
  }

  @Override
  public Optional<BuildState> load(String sandbox) {
    try {
      String text = Files.readString(file(sandbox));
      return Optional.of(BuildState.fromJson(Json.parse(text)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      LOG.warn("ignoring unreadable sandbox state {}: {}", file(sandbox), e.getMessage());
      return Optional.empty();
    }
  }

  @Override
  public synchronized void save(BuildState state) {
    Path target = file(state.sandbox());
    try {
      Files.createDirectories(directory);
      Path temp = Files.createTempFile(directory, "." + state.sandbox() + ".", ".tmp");
      try {
        byte[] bytes = Json.pretty(state.toJson()).getBytes(StandardCharsets.UTF_8);
        try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
          ByteBuffer buffer = ByteBuffer.wrap(bytes);
          while (buffer.hasRemaining()) {
            ch.write(buffer);
          }
          ch.force(true);
        }
        try {
          Files.move(
              temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
      } finally {
        Files.deleteIfExists(temp);
      }
      forceDirectory();
    } catch (IOException e) {
      throw new ToolgateException(
          "cannot record the build of sandbox '"
              + state.sandbox()
              + "' in "
              + target
              + ": "
              + e.getMessage(),
          e);
    }
  }

  private void forceDirectory() {
    try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
      dir.force(true);
    } catch (IOException e) {
      // Some file systems cannot sync a directory; the rename is still atomic.
    }
  }

  @Override
  public synchronized void delete(String sandbox) {
    try {
      Files.deleteIfExists(file(sandbox));
      forceDirectory();
    } catch (IOException e) {
      throw new ToolgateException(
          "cannot forget the build of sandbox '" + sandbox + "': " + e.getMessage(), e);
    }
  }
}
