package io.toolgate.mcp;

import io.toolgate.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/** Runs {@code client.mjs}, the independent TypeScript SDK client, and collects what it prints. */
public final class TsClient {
  private TsClient() {}

  /**
   * Runs {@code plan} against a server and returns the printed lines as JSON.
   *
   * @param target {@code --http URL} or {@code --stdio command args…}
   * @param onLine sees each line as it comes (e.g. to act when the client waits)
   */
  public static List<JsonNode> run(String plan, List<String> target, Consumer<JsonNode> onLine)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(NodeServers.script("client.mjs", plan));
    cmd.addAll(target);
    Process p =
        new ProcessBuilder(cmd)
            .directory(NodeServers.ROOT.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    List<JsonNode> lines = new ArrayList<>();
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        if (!line.startsWith("{")) {
          continue;
        }
        JsonNode node = Json.parse(line);
        lines.add(node);
        onLine.accept(node);
      }
    } finally {
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
      }
    }
    return lines;
  }

  /** The result of step {@code i}, failing with the client's error if the step failed. */
  public static JsonNode step(List<JsonNode> lines, int i) {
    for (JsonNode line : lines) {
      if (line.path("step").asInt(-1) == i && !line.has("event")) {
        if (line.has("error")) {
          throw new AssertionError("step " + i + " failed: " + line.get("error").asString());
        }
        return line.get("result");
      }
    }
    throw new AssertionError("step " + i + " did not run; output: " + lines);
  }
}
