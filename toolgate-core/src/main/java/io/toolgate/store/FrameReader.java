package io.toolgate.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.List;
import java.util.Optional;

/**
 * Reads frames from a file sequentially and says where the last good one ended.
 *
 * <p>A frame that is cut short, has an impossible length, fails its CRC or does not decode ends the
 * readable part: {@link #next()} returns empty and {@link #goodEnd()} is the offset to truncate to.
 */
final class FrameReader {
  private final FileChannel channel;
  private final long size;
  private long position;
  private long goodEnd;
  private String stopReason = "";

  FrameReader(FileChannel channel, long start) throws IOException {
    this.channel = channel;
    this.size = channel.size();
    this.position = start;
    this.goodEnd = start;
  }

  /** The ops of the next intact frame, or empty at the end or at the first damaged frame. */
  Optional<List<StoreOp>> next() throws IOException {
    if (position == size) {
      return Optional.empty();
    }
    if (size - position < Records.HEADER_BYTES) {
      return stop("a frame header cut short");
    }
    ByteBuffer header = ByteBuffer.allocate(Records.HEADER_BYTES);
    readFully(header, position);
    header.flip();
    int length = header.getInt();
    int crc = header.getInt();
    if (length <= 0 || length > Records.MAX_PAYLOAD_BYTES) {
      return stop("an impossible frame length " + length);
    }
    if (size - position - Records.HEADER_BYTES < length) {
      return stop("a frame of " + length + " bytes cut short");
    }
    ByteBuffer payload = ByteBuffer.allocate(length);
    readFully(payload, position + Records.HEADER_BYTES);
    byte[] bytes = payload.array();
    if (Records.crc(bytes, 0, length) != crc) {
      return stop("a frame whose CRC does not match");
    }
    List<StoreOp> ops;
    try {
      ops = Records.ops(bytes);
    } catch (IOException e) {
      return stop("a frame that does not decode (" + e.getMessage() + ")");
    }
    position += Records.HEADER_BYTES + length;
    goodEnd = position;
    return Optional.of(ops);
  }

  /** The offset just past the last intact frame read. */
  long goodEnd() {
    return goodEnd;
  }

  /** Bytes after {@link #goodEnd()} that could not be read. */
  long damagedBytes() {
    return size - goodEnd;
  }

  /**
   * How many intact frames lie in the damaged part, after {@link #goodEnd()}: frames found by
   * trying every offset for a plausible length, a matching CRC and a payload that decodes. None
   * means the damage is the file's tail (a write a crash interrupted); any means a frame in the
   * middle is damaged and the commits after it were written, and acknowledged, after it.
   *
   * <p>Reads the damaged part into memory; a journal is compacted at a few MiB, so it is small.
   */
  int intactFramesAfterDamage() throws IOException {
    long tail = size - goodEnd;
    if (tail <= Records.HEADER_BYTES) {
      return 0;
    }
    ByteBuffer rest = ByteBuffer.allocate((int) Math.min(tail, Integer.MAX_VALUE - 16));
    readFully(rest, goodEnd);
    byte[] bytes = rest.array();
    ByteBuffer view = ByteBuffer.wrap(bytes);
    int found = 0;
    // The damaged frame itself starts at offset 0 of the tail: look for frames after it.
    for (int at = 1; at + Records.HEADER_BYTES < bytes.length; at++) {
      int length = view.getInt(at);
      int end = at + Records.HEADER_BYTES + length;
      if (length <= 0 || end > bytes.length || end < 0) {
        continue;
      }
      if (Records.crc(bytes, at + Records.HEADER_BYTES, length) != view.getInt(at + 4)) {
        continue;
      }
      try {
        Records.ops(java.util.Arrays.copyOfRange(bytes, at + Records.HEADER_BYTES, end));
      } catch (IOException | RuntimeException e) {
        continue;
      }
      found++;
      at = end - 1;
    }
    return found;
  }

  /** Why reading stopped before the end of the file, or empty. */
  String stopReason() {
    return stopReason;
  }

  private Optional<List<StoreOp>> stop(String reason) {
    stopReason = reason;
    return Optional.empty();
  }

  private void readFully(ByteBuffer buffer, long at) throws IOException {
    long offset = at;
    while (buffer.hasRemaining()) {
      int n = channel.read(buffer, offset);
      if (n < 0) {
        throw new IOException("unexpected end of file at " + offset);
      }
      offset += n;
    }
  }
}
