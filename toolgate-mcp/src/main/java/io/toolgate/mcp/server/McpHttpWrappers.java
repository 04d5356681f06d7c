package io.toolgate.mcp.server;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/**
 * The request and response wrappers {@link McpHttpFront} hands to the SDK's servlet: the body it
 * already read and checked, and a response that keeps the SDK's own error answers (a serialized
 * exception) from reaching the client.
 */
final class McpHttpWrappers {
  private McpHttpWrappers() {}

  /** The checked body again, always as UTF-8 JSON whatever the request's headers said. */
  static final class Replayed extends HttpServletRequestWrapper {
    private final byte[] body;

    Replayed(HttpServletRequest request, byte[] body) {
      super(request);
      this.body = body;
    }

    @Override
    public String getContentType() {
      return "application/json";
    }

    @Override
    public String getCharacterEncoding() {
      return "UTF-8";
    }

    @Override
    public int getContentLength() {
      return body.length;
    }

    @Override
    public long getContentLengthLong() {
      return body.length;
    }

    @Override
    public BufferedReader getReader() {
      return new BufferedReader(
          new InputStreamReader(new ByteArrayInputStream(body), StandardCharsets.UTF_8));
    }

    @Override
    public ServletInputStream getInputStream() {
      ByteArrayInputStream in = new ByteArrayInputStream(body);
      return new ServletInputStream() {
        @Override
        public int read() {
          return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) {
          return in.read(b, off, len);
        }

        @Override
        public boolean isFinished() {
          return in.available() == 0;
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setReadListener(ReadListener listener) {
          throw new IllegalStateException("the MCP request body is read synchronously");
        }
      };
    }
  }

  /**
   * Passes a success through untouched (event streams included) and swallows an error status with
   * its body, so that the front can answer in the JSON-RPC error shape instead.
   */
  static final class Captured extends HttpServletResponseWrapper {
    private int errorStatus;
    private final StringWriter errorBody = new StringWriter();

    Captured(HttpServletResponse response) {
      super(response);
    }

    /** The error status the SDK answered with, or 0. */
    int errorStatus() {
      return errorStatus;
    }

    /** What the SDK wrote with its error (for the server log only). */
    String errorBody() {
      return errorBody.toString();
    }

    @Override
    public void setStatus(int sc) {
      if (sc >= 400) {
        errorStatus = sc;
      } else {
        super.setStatus(sc);
      }
    }

    @Override
    public void sendError(int sc) {
      errorStatus = sc;
    }

    @Override
    public void sendError(int sc, String msg) {
      errorStatus = sc;
      errorBody.write(String.valueOf(msg));
    }

    @Override
    public PrintWriter getWriter() throws IOException {
      return errorStatus > 0 ? new PrintWriter(errorBody) : super.getWriter();
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
      if (errorStatus == 0) {
        return super.getOutputStream();
      }
      OutputStream sink = OutputStream.nullOutputStream();
      return new ServletOutputStream() {
        @Override
        public void write(int b) throws IOException {
          sink.write(b);
        }

        @Override
        public boolean isReady() {
          return true;
        }

        @Override
        public void setWriteListener(WriteListener listener) {
          throw new IllegalStateException("not used for error bodies");
        }
      };
    }
  }
}
