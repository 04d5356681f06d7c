package io.toolgate.mcp.server;

import io.toolgate.ToolgateException;
import jakarta.servlet.http.HttpServlet;
import java.net.URI;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * A standalone Jetty 12 serving the MCP streamable-HTTP endpoint, for {@code toolgate mcp --http
 * PORT} when the REST server is not running. Every error it gives, Jetty's own included, is a
 * JSON-RPC error object ({@link JsonErrorHandler}).
 *
 * <p>Thread-safe. {@link #close()} stops it; {@link #join()} waits until then.
 */
public final class McpHttpServer implements AutoCloseable {
  private final Server server;
  private final ServerConnector connector;
  private final String endpoint;

  private McpHttpServer(Server server, ServerConnector connector, String endpoint) {
    this.server = server;
    this.connector = connector;
    this.endpoint = endpoint;
  }

  static McpHttpServer start(String host, int port, String endpoint, HttpServlet servlet) {
    QueuedThreadPool threads = new QueuedThreadPool();
    threads.setName("toolgate-mcp-http");
    Server server = new Server(threads);
    HttpConfiguration http = new HttpConfiguration();
    http.addCustomizer(JsonErrorHandler.closeOnUpgrade());
    ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
    connector.setHost(host);
    connector.setPort(port);
    server.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    ServletHolder holder = new ServletHolder("mcp", servlet);
    holder.setAsyncSupported(true);
    context.addServlet(holder, endpoint);
    JsonErrorHandler errors =
        new JsonErrorHandler(
            (status, code, message) ->
                JsonRpcErrors.bytes(JsonRpcErrors.refusal(status, code, message)));
    context.setErrorHandler(errors);
    server.setErrorHandler(errors);
    server.setHandler(context);
    server.setStopAtShutdown(true);
    try {
      server.start();
    } catch (Exception e) {
      try {
        server.stop();
      } catch (Exception ignored) {
        e.addSuppressed(ignored);
      }
      throw new ToolgateException(
          "cannot serve MCP over HTTP on "
              + host
              + ":"
              + port
              + ": "
              + e.getMessage()
              + " (is the port in use? try another --http port, or 0 for any free one)",
          e);
    }
    return new McpHttpServer(server, connector, endpoint);
  }

  /** The port it listens on (the one chosen when started with port 0). */
  public int port() {
    return connector.getLocalPort();
  }

  /** The endpoint URL, e.g. {@code http://127.0.0.1:8765/mcp}. */
  public URI endpoint() {
    String host = connector.getHost() == null ? "127.0.0.1" : connector.getHost();
    return URI.create("http://" + host + ":" + port() + endpoint);
  }

  /** Blocks until the server stops. */
  public void join() throws InterruptedException {
    server.join();
  }

  @Override
  public void close() {
    try {
      server.stop();
    } catch (Exception e) {
      throw new ToolgateException("stopping the MCP HTTP server failed: " + e.getMessage(), e);
    }
  }
}
