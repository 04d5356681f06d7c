package io.toolgate.mcp.server;

import io.toolgate.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * A real MCP stdio server in a child process ({@link StdioServerMain}), driven through its real
 * stdin and stdout: lines in, lines out. Its stderr (the server log) is kept for failure messages.
 */
final class StdioChild implements AutoCloseable {
  private static final String END = "\u0000end";

  private final Process process;
  private final OutputStream stdin;
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private final StringBuffer stderr = new StringBuffer();

  private StdioChild(Process process) {
    this.process = process;
    this.stdin = process.getOutputStream();
    pump(process.getInputStream(), lines::add, () -> lines.add(END));
    pump(
        process.getErrorStream(),
        line -> {
          if (stderr.length() < 200_000) {
            stderr.append(line).append('\n');
          }
        },
        () -> {});
  }

  /** Reads {@code in} line by line on a virtual thread until it ends, then runs {@code end}. */
  private static void pump(InputStream in, Consumer<String> each, Runnable end) {
    Thread.ofVirtual()
        .start(
            () -> {
              try (BufferedReader reader =
                  new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                  each.accept(line);
                }
              } catch (IOException e) {
                // the process ended
              } finally {
                end.run();
              }
            });
  }

  /** Starts the server in {@code dir} (its working directory). */
  static StdioChild start(Path dir) throws IOException {
    return new StdioChild(StdioServerMain.builder(dir).start());
  }

  /** Writes {@code message} and a newline. */
  void send(byte[] message) {
    try {
      stdin.write(message);
      stdin.write('\n');
      stdin.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("the server's stdin is closed; its log:\n" + stderr, e);
    }
  }

  void send(String message) {
    send(message.getBytes(StandardCharsets.UTF_8));
  }

  /** Sends {@code initialize} and {@code notifications/initialized}; returns the result. */
  JsonNode initialize() throws InterruptedException {
    send(
        "{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
            + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}}");
    JsonNode result = next(Duration.ofSeconds(60));
    send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    return result;
  }

  /** The next line the server wrote, or null when none came within {@code timeout}. */
  String nextLine(Duration timeout) throws InterruptedException {
    String line = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    if (END.equals(line)) {
      lines.add(END);
      return null;
    }
    return line;
  }

  /** The next line as JSON; fails when none came or it is not JSON. */
  JsonNode next(Duration timeout) throws InterruptedException {
    String line = nextLine(timeout);
    if (line == null) {
      throw new AssertionError("no answer within " + timeout + "; the server log:\n" + stderr);
    }
    return Json.parse(line);
  }

  /** Closes stdin, as a host does when it is done. */
  void closeStdin() throws IOException {
    stdin.close();
  }

  /** Whether the process exited within {@code timeout}. */
  boolean exited(Duration timeout) throws InterruptedException {
    return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  String log() {
    return stderr.toString();
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
