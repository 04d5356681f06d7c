package io.toolgate.mcp.client;

import io.toolgate.catalog.ToolRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Every upstream MCP server of the config, federated into one catalog.
 *
 * <pre>{@code
 * McpFederation federation = McpFederation.fromConfig(registry, config.path("mcp_servers"));
 * federation.awaitFirstAttempts(Duration.ofSeconds(30));   // optional: tools listed before serving
 * for (SourceState s : federation.states()) {
 *   System.out.printf("%s %s %d tools %s%n", s.source(), s.status().wire(), s.tools(),
 *       s.lastError().orElse(""));
 * }
 * federation.close();                                         // or pass it to Toolgate.Builder#onClose
 * }</pre>
 *
 * <p>Each server is an independent {@link McpToolSource}: one that fails, hangs or is slow to start
 * does not hold up the others. Thread-safe.
 */
public final class McpFederation implements AutoCloseable {
  private final List<McpToolSource> sources;

  private McpFederation(List<McpToolSource> sources) {
    this.sources = List.copyOf(sources);
  }

  /** Parses the {@code mcp_servers} section and starts every server in it with default options. */
  public static McpFederation fromConfig(ToolRegistry registry, JsonNode mcpServersSection) {
    return start(registry, McpServersConfig.parse(mcpServersSection), McpClientOptions.DEFAULTS);
  }

  /** Starts {@code specs} with default options. */
  public static McpFederation start(ToolRegistry registry, List<McpServerSpec> specs) {
    return start(registry, specs, McpClientOptions.DEFAULTS);
  }

  /** Starts a source per server; connecting happens in the background. */
  public static McpFederation start(
      ToolRegistry registry, List<McpServerSpec> specs, McpClientOptions options) {
    List<McpToolSource> sources = new ArrayList<>();
    for (McpServerSpec spec : specs) {
      McpToolSource source = new McpToolSource(spec, registry, options);
      sources.add(source);
      source.start();
    }
    return new McpFederation(sources);
  }

  /**
   * Waits until every server has connected or failed once, at most {@code timeout} in all.
   *
   * @return whether every server is connected
   */
  public boolean awaitFirstAttempts(Duration timeout) throws InterruptedException {
    Instant end = Instant.now().plus(timeout);
    boolean all = true;
    for (McpToolSource s : sources) {
      Duration left = Duration.between(Instant.now(), end);
      all &= s.awaitFirstAttempt(left.isNegative() ? Duration.ZERO : left);
    }
    return all;
  }

  /** The state of each server, in config order. */
  public List<SourceState> states() {
    return sources.stream().map(McpToolSource::state).toList();
  }

  /** The sources, in config order. */
  public List<McpToolSource> sources() {
    return sources;
  }

  /** The source of the server called {@code name}. */
  public Optional<McpToolSource> source(String name) {
    return sources.stream().filter(s -> s.spec().name().equals(name)).findFirst();
  }

  /** Stops every server and removes their tools from the catalog. */
  @Override
  public void close() {
    sources.parallelStream().forEach(McpToolSource::close);
  }
}
