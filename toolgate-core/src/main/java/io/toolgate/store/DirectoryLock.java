package io.toolgate.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * {@code <data>/store/LOCK}: held while one process has the store open, and holding that process's
 * pid so that a second one can name it.
 */
final class DirectoryLock implements AutoCloseable {
  private final FileChannel channel;
  private final FileLock lock;

  private DirectoryLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Takes the lock of the store directory {@code dir} of data directory {@code root}.
   *
   * @throws StoreException naming the holder's pid when another process holds it
   */
  static DirectoryLock acquire(Path root, Path dir) throws IOException {
    Path file = dir.resolve("LOCK");
    FileChannel channel =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    FileLock lock = null;
    try {
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        String holder = Files.readString(file).strip();
        throw new StoreException(
            "the data directory "
                + root
                + " is in use by another Toolgate process"
                + (holder.isEmpty() ? "" : " (pid " + holder + ")")
                + "; stop it, or give this one another --data-dir");
      }
      channel.truncate(0);
      channel.write(
          ByteBuffer.wrap(
              Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.US_ASCII)),
          0);
      return new DirectoryLock(channel, lock);
    } catch (IOException | RuntimeException e) {
      // Closing the channel releases the lock too.
      try {
        channel.close();
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    try {
      lock.close();
    } finally {
      channel.close();
    }
  }

  @Override
  public String toString() {
    return lock.toString();
  }
}
