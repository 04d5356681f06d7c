package io.toolgate.cli.fleet;

import io.toolgate.json.Json;
import io.toolgate.testing.ChildJvm;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * One gateway replica: a real {@code toolgate serve --port 0} child JVM (the CLI's main class on
 * the test class path), with its own data directory and log, reached over loopback HTTP.
 */
final class Replica {
  private static final Pattern BANNER = Pattern.compile("Toolgate serving \\d+ tools on (\\S+)");
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  final String name;
  final Process process;
  final URI uri;
  final Path embedLog;
  private final String key;

  private Replica(String name, Process process, URI uri, Path embedLog, String key) {
    this.name = name;
    this.process = process;
    this.uri = uri;
    this.embedLog = embedLog;
    this.key = key;
  }

  /**
   * Starts {@code toolgate serve} with {@code config} in {@code dir/name}, sending {@code key} with
   * every request; returns once it listens.
   */
  static Replica start(Path dir, String name, Path config, String key) throws Exception {
    // quick to start and small: a test fleet is four JVMs on two cores
    return start(dir, name, config, key, List.of("-Xmx512m", "-XX:TieredStopAtLevel=1"));
  }

  /** As above, with {@code jvmFlags} (e.g. none, for a benchmark with the full JIT). */
  static Replica start(Path dir, String name, Path config, String key, List<String> jvmFlags)
      throws Exception {
    // absolute: the child runs in a folder of its own
    Path home = Files.createDirectories(dir.resolve(name)).toAbsolutePath();
    Path embedLog = home.resolve("embedded.txt");
    List<String> flags = new ArrayList<>(List.of("--add-modules", "jdk.incubator.vector"));
    flags.addAll(jvmFlags);
    flags.add("-D" + CountingEmbedderProvider.LOG + "=" + ChildJvm.quoted(embedLog.toString()));
    ChildJvm child =
        ChildJvm.start(
            home.resolve("serve-" + System.nanoTime()),
            flags,
            "io.toolgate.cli.Main",
            List.of(
                "serve",
                "--port",
                "0",
                "--config",
                config.toAbsolutePath().toString(),
                "--data-dir",
                home.resolve("data").toString()));
    MatchResult banner;
    try {
      banner = child.awaitOutput(BANNER, 120);
    } catch (IllegalStateException e) {
      throw new IllegalStateException(name + ": " + e.getMessage(), e);
    }
    return new Replica(name, child.process(), URI.create(banner.group(1)), embedLog, key);
  }

  /** SIGKILL: no shutdown hook, no flushing, no closing. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(1, TimeUnit.MINUTES);
  }

  /** SIGTERM: the shutdown hook closes the server and the store. */
  void stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      kill();
    }
  }

  HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return HTTP.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> post(String path, String json) throws IOException, InterruptedException {
    return post(path, json, key);
  }

  /** POSTs {@code json} with {@code withKey} (none when null) and the {@code headers} pairs. */
  HttpResponse<String> post(String path, String json, String withKey, String... headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder b =
        request(path, withKey)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json));
    if (headers.length > 0) {
      b.headers(headers);
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** One MCP streamable-HTTP message to {@code /mcp}, in session {@code session} when not null. */
  HttpResponse<String> mcp(String json, String session) throws IOException, InterruptedException {
    HttpRequest.Builder b =
        request("/mcp")
            .header("Content-Type", "application/json")
            .header("Accept", "application/json, text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(json));
    if (session != null) {
      b.header("Mcp-Session-Id", session);
    }
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> delete(String path) throws IOException, InterruptedException {
    return HTTP.send(request(path).DELETE().build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Registers a command tool {@code name} whose description holds {@code words}. */
  HttpResponse<String> register(String name, String words)
      throws IOException, InterruptedException {
    return post(
        "/v1/tools",
        "{\"name\":\""
            + name
            + "\",\"description\":\""
            + words
            + "\",\"parameters\":{\"type\":\"object\",\"properties\":{\"text\":{\"type\":"
            + "\"string\"}}},\"command\":[\"cat\"]}");
  }

  /** The tool ids a lexical search for {@code query} returns (up to 20). */
  Set<String> search(String query) throws IOException, InterruptedException {
    HttpResponse<String> r = post("/v1/tools:search", "{\"query\":\"" + query + "\",\"limit\":20}");
    if (r.statusCode() != 200) {
      throw new IllegalStateException(
          name + " search answered " + r.statusCode() + ": " + r.body());
    }
    Set<String> ids = new HashSet<>();
    Json.parse(r.body()).path("tools").forEach(t -> ids.add(t.path("tool_id").asString()));
    return ids;
  }

  /** The names of every tool this replica lists. */
  Set<String> tools() throws IOException, InterruptedException {
    Set<String> names = new HashSet<>();
    Json.parse(get("/v1/tools").body())
        .path("tools")
        .forEach(t -> names.add(t.path("name").asString()));
    return names;
  }

  JsonNode ready() throws IOException, InterruptedException {
    return Json.parse(get("/readyz").body());
  }

  long embedded() throws IOException {
    return CountingEmbedderProvider.embedded(embedLog);
  }

  private HttpRequest.Builder request(String path) {
    return request(path, key);
  }

  private HttpRequest.Builder request(String path, String withKey) {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri.resolve(path)).timeout(Duration.ofSeconds(30));
    return withKey == null ? b : b.header("Authorization", "Bearer " + withKey);
  }

  @Override
  public String toString() {
    return name + "@" + uri;
  }
}
