package io.toolgate.invoke.command;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Drains one process stream on its own virtual thread, keeping either the first {@code limit} bytes
 * (stdout: the result) or the last {@code limit} bytes (stderr: the tail explains a failure). The
 * stream is always read to its end, so a chatty child never blocks on a full pipe.
 */
final class OutputCapture {
  private final boolean keepHead;
  private final int limit;
  private final Thread thread;
  private byte[] buffer;
  private long total;
  private int start;
  private int length;

  private OutputCapture(InputStream in, String name, boolean keepHead, int limit) {
    this.keepHead = keepHead;
    this.limit = limit;
    this.buffer = new byte[Math.min(limit, 8192)];
    this.thread = Thread.ofVirtual().name(name).start(() -> drain(in));
  }

  /** Keeps the first {@code limit} bytes of {@code in}. */
  static OutputCapture head(InputStream in, String name, int limit) {
    return new OutputCapture(in, name, true, limit);
  }

  /** Keeps the last {@code limit} bytes of {@code in}. */
  static OutputCapture tail(InputStream in, String name, int limit) {
    return new OutputCapture(in, name, false, limit);
  }

  private void drain(InputStream in) {
    byte[] chunk = new byte[8192];
    try (in) {
      int n;
      while ((n = in.read(chunk)) >= 0) {
        synchronized (this) {
          total += n;
          if (keepHead) {
            appendHead(chunk, n);
          } else {
            appendTail(chunk, n);
          }
        }
      }
    } catch (IOException e) {
      // The process was killed or closed its end; what was read so far is kept.
    }
  }

  private void appendHead(byte[] chunk, int n) {
    int room = limit - length;
    int take = Math.min(room, n);
    if (take > 0) {
      ensure(length + take);
      System.arraycopy(chunk, 0, buffer, length, take);
      length += take;
    }
  }

  /** Keeps a ring of the last {@code limit} bytes. */
  private void appendTail(byte[] chunk, int n) {
    ensure(Math.min(limit, length + n));
    for (int i = 0; i < n; i++) {
      if (length < buffer.length) {
        buffer[(start + length) % buffer.length] = chunk[i];
        length++;
      } else {
        buffer[start] = chunk[i];
        start = (start + 1) % buffer.length;
      }
    }
  }

  private void ensure(int capacity) {
    if (capacity > buffer.length && start == 0) {
      buffer = Arrays.copyOf(buffer, Math.min(limit, Math.max(capacity, buffer.length * 2)));
    }
  }

  /**
   * Waits up to {@code millis} for the stream to end (a detached grandchild may hold it open).
   *
   * @return whether the stream ended
   */
  boolean await(long millis) throws InterruptedException {
    return thread.join(java.time.Duration.ofMillis(Math.max(1, millis)));
  }

  /** Whether more bytes arrived than were kept. */
  synchronized boolean truncated() {
    return total > length;
  }

  /** How many bytes arrived in all. */
  synchronized long total() {
    return total;
  }

  /** The kept bytes as UTF-8 text (malformed sequences replaced). */
  synchronized String text() {
    byte[] ordered = new byte[length];
    for (int i = 0; i < length; i++) {
      ordered[i] = buffer[(start + i) % buffer.length];
    }
    return new String(ordered, StandardCharsets.UTF_8);
  }
}
