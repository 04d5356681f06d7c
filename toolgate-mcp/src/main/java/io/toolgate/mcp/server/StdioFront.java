package io.toolgate.mcp.server;

import io.toolgate.Incidents;
import io.toolgate.json.Json;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads the host's newline-delimited JSON-RPC from stdin in front of the SDK's stdio transport,
 * which stops reading for good at the first line it cannot parse: each line is checked ({@link
 * InboundMessages}); a bad one is answered with a JSON-RPC error on stdout (-32700, -32600, -32601,
 * -32602) and serving goes on, a blank line is skipped, and only valid messages reach the SDK
 * through {@link #forwarded()}. When stdin ends, the forwarded stream ends too, once every request
 * already read has been answered (at most the answer timeout): a host that writes its requests and
 * closes stdin at once ({@code printf … | toolgate mcp}) gets every answer, not only the first.
 *
 * <p>The SDK writes to {@link #output()}, which passes every byte to stdout and counts the
 * responses among the lines. Answers are written under that stream's monitor, the lock the SDK's
 * writer holds for each of its messages, so lines never interleave.
 */
final class StdioFront {
  private static final Logger LOG = LoggerFactory.getLogger(StdioFront.class);
  private static final byte[] END = new byte[0];

  private final InputStream in;
  private final OutputStream out;
  private final InboundMessages inbound;
  private final int maxLineBytes;
  private final Duration answerTimeout;
  private final Outgoing output;
  private final Object answeredLock = new Object();
  private int unanswered; // requests forwarded minus responses the SDK wrote; under answeredLock
  private final LinkedBlockingQueue<byte[]> lines = new LinkedBlockingQueue<>(1024);
  private final InputStream forwarded = new Forwarded();
  private final CountDownLatch drained = new CountDownLatch(1);

  StdioFront(
      InputStream in,
      OutputStream out,
      InboundMessages inbound,
      int maxLineBytes,
      Duration answerTimeout) {
    this.in = new BufferedInputStream(in, 64 * 1024);
    this.out = out;
    this.inbound = inbound;
    this.maxLineBytes = maxLineBytes;
    this.answerTimeout = answerTimeout;
    this.output = new Outgoing();
  }

  /** Where the SDK writes its messages: stdout, with the responses counted. */
  OutputStream output() {
    return output;
  }

  /** What the SDK's transport reads: valid messages only, one per line. */
  InputStream forwarded() {
    return forwarded;
  }

  /** Reads stdin until it ends (or fails); returns then, with the forwarded stream ended. */
  void run() {
    try {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      boolean tooLong = false;
      int b;
      while ((b = in.read()) >= 0) {
        if (b != '\n') {
          if (line.size() < maxLineBytes) {
            line.write(b);
          } else {
            tooLong = true;
          }
          continue;
        }
        handle(line.toByteArray(), tooLong);
        line.reset();
        tooLong = false;
      }
      if (line.size() > 0 || tooLong) {
        handle(line.toByteArray(), tooLong);
      }
    } catch (IOException e) {
      LOG.debug("stdin closed: {}", e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      finish();
    }
  }

  /**
   * Ends the forwarded stream after the lines still queued and the answers to the requests among
   * them, unless the SDK stopped reading.
   */
  private void finish() {
    try {
      awaitAnswered();
      if (lines.offer(END, 5, TimeUnit.SECONDS)) {
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    end();
  }

  /** Waits until every forwarded request has its response, at most the answer timeout. */
  private void awaitAnswered() throws InterruptedException {
    long deadline = System.nanoTime() + answerTimeout.toNanos();
    synchronized (answeredLock) {
      while (unanswered > 0) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
          LOG.warn(
              "stdin ended with {} request(s) unanswered after {}; closing without them",
              unanswered,
              answerTimeout);
          return;
        }
        answeredLock.wait(left);
      }
    }
  }

  private void answered() {
    synchronized (answeredLock) {
      unanswered--;
      answeredLock.notifyAll();
    }
  }

  /** Waits until the SDK has read every forwarded line, at most {@code timeout}. */
  void awaitDrained(Duration timeout) {
    try {
      drained.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Ends the forwarded stream now, dropping what the SDK has not read (idempotent). */
  void end() {
    lines.clear();
    lines.offer(END);
  }

  private void handle(byte[] line, boolean tooLong) throws InterruptedException {
    int length = line.length;
    if (length > 0 && line[length - 1] == '\r') {
      length--;
    }
    byte[] message = Arrays.copyOf(line, length);
    if (tooLong) {
      answer(
          JsonRpcErrors.response(
              null,
              JsonRpcErrors.PARSE_ERROR,
              "the message is over the limit of " + maxLineBytes + " bytes"));
      return;
    }
    if (new String(message, StandardCharsets.ISO_8859_1).isBlank()) {
      return;
    }
    try {
      switch (inbound.check(message)) {
        case InboundMessages.Forward f -> {
          if (f.request()) {
            synchronized (answeredLock) {
              unanswered++;
            }
          }
          lines.put(withNewline(message));
        }
        case InboundMessages.Answer a -> answer(a.response());
        case InboundMessages.Drop d -> LOG.debug("dropped notification {}", d.method());
      }
    } catch (RuntimeException e) {
      String id = Incidents.report(LOG, "an MCP message on stdin", e);
      answer(JsonRpcErrors.response(null, JsonRpcErrors.INTERNAL_ERROR, Incidents.message(id)));
    }
  }

  private static byte[] withNewline(byte[] message) {
    byte[] out = Arrays.copyOf(message, message.length + 1);
    out[message.length] = '\n';
    return out;
  }

  private void answer(ObjectNode response) {
    byte[] bytes = JsonRpcErrors.bytes(response);
    synchronized (output) {
      try {
        out.write(bytes);
        out.write('\n');
        out.flush();
      } catch (IOException e) {
        LOG.debug("stdout closed: {}", e.toString());
      }
    }
  }

  /** Whether a line the SDK wrote is a response (an {@code id} and no {@code method}). */
  static boolean isResponse(byte[] line, int length) {
    try (JsonParser p = Json.mapper().createParser(line, 0, length)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return false;
      }
      boolean id = false;
      while (p.nextToken() == JsonToken.PROPERTY_NAME) {
        String name = p.currentName();
        if (name.equals("method")) {
          return false;
        }
        id |= name.equals("id");
        p.nextToken();
        p.skipChildren();
      }
      return id;
    } catch (JacksonException e) {
      return false;
    }
  }

  /** Stdout for the SDK: every byte passes through; each complete response line is counted. */
  private final class Outgoing extends OutputStream {
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    @Override
    public synchronized void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      int start = off;
      for (int i = off; i < off + len; i++) {
        if (b[i] == '\n') {
          line.write(b, start, i - start);
          if (isResponse(line.toByteArray(), line.size())) {
            answered();
          }
          line.reset();
          start = i + 1;
        }
      }
      line.write(b, start, off + len - start);
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  /** The valid lines, as one stream; blocks until the next line or the end. */
  private final class Forwarded extends InputStream {
    private byte[] current = new byte[0];
    private int pos;
    private boolean ended;

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      while (pos >= current.length) {
        if (ended) {
          return -1;
        }
        try {
          current = lines.take();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while waiting for stdin", e);
        }
        pos = 0;
        if (current == END) {
          ended = true;
          drained.countDown();
          lines.offer(END);
          return -1;
        }
      }
      int n = Math.min(len, current.length - pos);
      System.arraycopy(current, pos, b, off, n);
      pos += n;
      return n;
    }
  }
}
