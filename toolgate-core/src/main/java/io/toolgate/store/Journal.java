package io.toolgate.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * One journal, {@code journal-<generation>.log}: the commits made since the snapshot of that
 * generation, one {@link Records} frame each, appended.
 *
 * <p>{@link #append} only writes; a commit is durable once {@link #force} returns (the store shares
 * one {@code force} among concurrent committers). Not thread-safe: the store appends under its
 * write lock.
 */
final class Journal implements AutoCloseable {
  private static final Pattern NAME = Pattern.compile("journal-(\\d{16})\\.log");

  private final Path path;
  private final FileChannel channel;
  private long bytes;

  private Journal(Path path, FileChannel channel) throws IOException {
    this.path = path;
    this.channel = channel;
    this.bytes = channel.size();
  }

  /**
   * Opens the journal of {@code generation} in {@code dir} for appending.
   *
   * @param createNew fail if it exists (a new generation) rather than continue it
   */
  static Journal open(Path dir, long generation, boolean createNew) throws IOException {
    Path path = path(dir, generation);
    FileChannel channel =
        FileChannel.open(
            path,
            createNew ? StandardOpenOption.CREATE_NEW : StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.APPEND);
    try {
      return new Journal(path, channel);
    } catch (IOException e) {
      channel.close();
      throw e;
    }
  }

  /** Where the journal of {@code generation} lives in {@code dir}. */
  static Path path(Path dir, long generation) {
    return dir.resolve(String.format("journal-%016d.log", generation));
  }

  /** The journals in {@code dir}, by generation. */
  static TreeMap<Long, Path> list(Path dir) throws IOException {
    return StoreFiles.numbered(dir, NAME);
  }

  /** Appends one whole frame (not yet durable). */
  void append(ByteBuffer frame) throws IOException {
    int length = frame.remaining();
    while (frame.hasRemaining()) {
      channel.write(frame);
    }
    bytes += length;
  }

  /**
   * Makes every appended frame durable.
   *
   * @throws java.nio.channels.ClosedChannelException when a compaction closed this journal
   */
  void force() throws IOException {
    channel.force(false);
  }

  /** Bytes in the journal, those appended by this process included. */
  long bytes() {
    return bytes;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }

  @Override
  public String toString() {
    return path.toString();
  }
}
