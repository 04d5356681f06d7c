package io.toolgate.store;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * A snapshot, {@code snapshot-<generation>.bin}: the whole state of the store as of a generation.
 *
 * <pre>
 * snapshot = "TGSNAP01"  frame*  "TGSNAPOK"  frameCount:int32
 * </pre>
 *
 * <p>Each frame (see {@link Records}) holds the puts of up to about 4 MiB of values, in namespace
 * and key order. The header, trailer and frame count tell a complete snapshot from a damaged one;
 * an incomplete one never has the final name, since it is written to a temporary file and renamed.
 */
final class SnapshotFile {
  private static final Pattern NAME = Pattern.compile("snapshot-(\\d{16})\\.bin");
  private static final byte[] MAGIC = "TGSNAP01".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] END = "TGSNAPOK".getBytes(StandardCharsets.US_ASCII);
  private static final int CHUNK_BYTES = 4 * 1024 * 1024;

  private SnapshotFile() {}

  /** The snapshots in {@code dir}, by generation. */
  static TreeMap<Long, Path> list(Path dir) throws IOException {
    return StoreFiles.numbered(dir, NAME);
  }

  /**
   * Writes {@code state} as the snapshot of {@code generation} in {@code dir}, durably: a temporary
   * file, {@code fsync}, atomic rename, directory {@code fsync}.
   */
  static Path write(Path dir, long generation, Map<String, ? extends Map<String, byte[]>> state)
      throws IOException {
    Path snapshot = dir.resolve(String.format("snapshot-%016d.bin", generation));
    Path tmp = dir.resolve(snapshot.getFileName() + ".tmp");
    try (FileChannel out =
        FileChannel.open(
            tmp,
            StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      OutputStream stream = new BufferedOutputStream(Channels.newOutputStream(out), 1 << 16);
      stream.write(MAGIC);
      int frames = writeFrames(stream, state);
      stream.write(END);
      stream.write(ByteBuffer.allocate(4).putInt(frames).array());
      stream.flush();
      out.force(true);
    }
    Files.move(tmp, snapshot, StandardCopyOption.ATOMIC_MOVE);
    StoreFiles.fsyncDirectory(dir);
    return snapshot;
  }

  private static int writeFrames(
      OutputStream stream, Map<String, ? extends Map<String, byte[]>> state) throws IOException {
    int frames = 0;
    List<StoreOp> chunk = new ArrayList<>();
    long chunkBytes = 0;
    for (Map.Entry<String, ? extends Map<String, byte[]>> ns : new TreeMap<>(state).entrySet()) {
      for (Map.Entry<String, byte[]> e : ns.getValue().entrySet()) {
        chunk.add(new StoreOp.Put(ns.getKey(), e.getKey(), e.getValue()));
        chunkBytes += e.getValue().length + e.getKey().length() + 16;
        if (chunkBytes >= CHUNK_BYTES) {
          writeFrame(stream, chunk);
          frames++;
          chunk.clear();
          chunkBytes = 0;
        }
      }
    }
    if (!chunk.isEmpty()) {
      writeFrame(stream, chunk);
      frames++;
    }
    return frames;
  }

  private static void writeFrame(OutputStream out, List<StoreOp> ops) throws IOException {
    ByteBuffer frame = Records.frame(ops);
    out.write(frame.array(), frame.position(), frame.remaining());
  }

  /**
   * Reads the snapshot {@code file}, passing the ops of each frame to {@code apply}.
   *
   * @return why the snapshot is damaged, or empty when it read back whole (frames read before the
   *     damage was found have been applied)
   */
  static Optional<String> read(Path file, Consumer<List<StoreOp>> apply) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      ByteBuffer magic = ByteBuffer.allocate(MAGIC.length);
      channel.read(magic, 0);
      ByteBuffer trailer = ByteBuffer.allocate(END.length + 4);
      if (size >= MAGIC.length + trailer.capacity()) {
        channel.read(trailer, size - trailer.capacity());
      }
      if (!Arrays.equals(magic.array(), MAGIC)
          || !Arrays.equals(Arrays.copyOf(trailer.array(), END.length), END)) {
        return Optional.of("its header or trailer is missing");
      }
      int expectedFrames = trailer.getInt(END.length);
      FrameReader reader = new FrameReader(channel.position(0), MAGIC.length);
      int frames = 0;
      for (Optional<List<StoreOp>> ops = reader.next(); ops.isPresent(); ops = reader.next()) {
        apply.accept(ops.get());
        frames++;
        if (frames == expectedFrames) {
          break;
        }
      }
      if (frames != expectedFrames || reader.goodEnd() != size - trailer.capacity()) {
        return Optional.of(
            "read " + frames + " of " + expectedFrames + " frames; " + reader.stopReason());
      }
      return Optional.empty();
    }
  }
}
