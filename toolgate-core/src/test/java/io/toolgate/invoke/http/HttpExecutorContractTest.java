package io.toolgate.invoke.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.toolgate.catalog.Implementation;
import io.toolgate.catalog.RegisteredTool;
import io.toolgate.catalog.ToolDefinition;
import io.toolgate.invoke.ExecutorContract;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;

/** The executor contract for HTTP tools, against a loopback server. */
class HttpExecutorContractTest extends ExecutorContract {
  private final CountDownLatch release = new CountDownLatch(1);
  private final HttpClient client = HttpToolExecutor.newClient();
  private HttpServer server;

  private String base() throws IOException {
    if (server == null) {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
      server.createContext("/echo", ex -> reply(ex, 200, ex.getRequestBody().readAllBytes()));
      server.createContext("/fail", ex -> reply(ex, 500, "boom".getBytes(StandardCharsets.UTF_8)));
      server.createContext(
          "/slow",
          ex -> {
            try {
              release.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            reply(ex, 200, "{}".getBytes(StandardCharsets.UTF_8));
          });
      server.start();
    }
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private static void reply(HttpExchange ex, int status, byte[] body) throws IOException {
    ex.getResponseHeaders().add("Content-Type", "application/json");
    ex.sendResponseHeaders(status, body.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(body);
    }
  }

  @AfterEach
  void stop() {
    release.countDown();
    if (server != null) {
      server.stop(0);
    }
    client.shutdownNow();
  }

  private RegisteredTool http(String name, String path) throws IOException {
    ToolDefinition def =
        ToolDefinition.builder(name, textSchema())
            .implementation(
                new Implementation.Http(
                    "POST", base() + path, Map.of(), Map.of(), Optional.empty()))
            .build();
    return new RegisteredTool(
        def, new HttpToolExecutor(def, client, System::getenv, Duration.ofSeconds(30), 1 << 20));
  }

  @Override
  protected RegisteredTool echoTool(String name) throws IOException {
    return http(name, "/echo");
  }

  @Override
  protected RegisteredTool failingTool(String name) throws IOException {
    return http(name, "/fail");
  }

  @Override
  protected RegisteredTool slowTool(String name) throws IOException {
    return http(name, "/slow");
  }
}
