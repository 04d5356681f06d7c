package io.toolgate.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A bare HTTP/1.1 client on a loopback socket, for the requests no HTTP library sends: broken
 * request lines, lying headers, bytes that are not text. Keeps the connection open between requests
 * while the server does, and reconnects when it closes. Not thread-safe.
 */
final class RawHttp implements AutoCloseable {
  /** A response; {@code status} 0 when the server closed the connection without one. */
  record Reply(int status, Map<String, String> headers, byte[] body, long millis) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    String header(String name) {
      return headers.get(name.toLowerCase(Locale.ROOT));
    }

    /** The status class: 0 (no answer), 2, 3, 4 or 5. */
    int statusClass() {
      return status / 100;
    }
  }

  private final int port;
  private final int timeoutMillis;
  private Socket socket;
  private InputStream in;

  RawHttp(int port, int timeoutMillis) {
    this.port = port;
    this.timeoutMillis = timeoutMillis;
  }

  /**
   * Sends {@code request} as it is and reads the answer (after any {@code 1xx}).
   *
   * @param head whether the request was a HEAD (the answer has no body)
   * @throws SocketTimeoutException when no complete answer came within the timeout
   */
  Reply exchange(byte[] request, boolean head) throws IOException {
    boolean reused = socket != null;
    try {
      Reply reply = send(request, head, System.nanoTime());
      if (reply.status() != 0 || !reused) {
        return reply;
      }
    } catch (IOException e) {
      close();
      if (!reused || e instanceof SocketTimeoutException) {
        throw e;
      }
    }
    // The server had closed the kept-alive connection (as it may after an error): a new one.
    return send(request, head, System.nanoTime());
  }

  private Reply send(byte[] request, boolean head, long start) throws IOException {
    if (socket == null) {
      socket = new Socket("127.0.0.1", port);
      socket.setSoTimeout(timeoutMillis);
      socket.setTcpNoDelay(true);
      in = socket.getInputStream();
    }
    socket.getOutputStream().write(request);
    socket.getOutputStream().flush();
    while (true) {
      String head0 = readHead();
      if (head0 == null) {
        close();
        return new Reply(0, Map.of(), new byte[0], elapsed(start));
      }
      String[] lines = head0.split("\r\n");
      int status = Integer.parseInt(lines[0].split(" ")[1]);
      Map<String, String> headers = new TreeMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        if (colon > 0) {
          headers.put(
              lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
              lines[i].substring(colon + 1).strip());
        }
      }
      if (status >= 100 && status < 200) {
        continue;
      }
      boolean untilClose =
          !head
              && status != 204
              && status != 304
              && !headers.containsKey("content-length")
              && !headers.containsKey("transfer-encoding");
      byte[] body =
          untilClose
              ? in.readAllBytes()
              : readBody(headers, head || status == 204 || status == 304);
      String connection = headers.getOrDefault("connection", "");
      if (untilClose || connection.toLowerCase(Locale.ROOT).contains("close")) {
        close();
      }
      return new Reply(status, headers, body, elapsed(start));
    }
  }

  private static long elapsed(long start) {
    return (System.nanoTime() - start) / 1_000_000;
  }

  /** The status line and headers, or null when the connection ended first. */
  private String readHead() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int matched = 0;
    int c;
    while ((c = in.read()) >= 0) {
      b.write(c);
      matched = (c == "\r\n\r\n".charAt(matched)) ? matched + 1 : (c == '\r' ? 1 : 0);
      if (matched == 4) {
        return b.toString(StandardCharsets.ISO_8859_1).strip();
      }
      if (b.size() > 65_536) {
        throw new IOException("response head over 64 KiB");
      }
    }
    return null;
  }

  /** A body delimited by its length or by chunks. */
  private byte[] readBody(Map<String, String> headers, boolean none) throws IOException {
    if (none) {
      return new byte[0];
    }
    if (headers
        .getOrDefault("transfer-encoding", "")
        .toLowerCase(Locale.ROOT)
        .contains("chunked")) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      while (true) {
        String size = line();
        int n = Integer.parseInt(size.split(";")[0].strip(), 16);
        if (n == 0) {
          while (!line().isEmpty()) {
            // trailers
          }
          return b.toByteArray();
        }
        b.write(in.readNBytes(n));
        line();
      }
    }
    return in.readNBytes(Integer.parseInt(headers.get("content-length")));
  }

  private String line() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int c;
    while ((c = in.read()) >= 0 && c != '\n') {
      if (c != '\r') {
        b.write(c);
      }
    }
    if (c < 0) {
      throw new IOException("the connection ended inside a chunked body");
    }
    return b.toString(StandardCharsets.ISO_8859_1);
  }

  @Override
  public void close() {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException ignored) {
        // closing anyway
      }
      socket = null;
    }
  }
}
