package io.toolgate.mcp.client;

import io.toolgate.catalog.ToolNames;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One upstream MCP server of the {@code mcp_servers:} config section: how to reach it and how long
 * its calls may take. Its tools join the catalog as {@code <name>__<tool>} from source {@code
 * mcp:<name>}.
 *
 * <pre>{@code
 * mcp_servers:
 *   - {name: fs, command: [npx, -y, "@modelcontextprotocol/server-filesystem", /data]}
 *   - {name: crm, url: "http://127.0.0.1:9000/mcp", headers: {Authorization: "Bearer ${CRM_TOKEN}"}}
 * }</pre>
 *
 * See {@link McpServersConfig} for every key.
 */
public sealed interface McpServerSpec {
  /** The default time one forwarded call may take. */
  Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

  /** The server's name: the namespace of its tools. */
  String name();

  /** How long one forwarded call may take before it fails. */
  Duration timeout();

  /** The source label of its tools, {@code mcp:<name>}. */
  default String sourceId() {
    return "mcp:" + name();
  }

  /** {@code stdio} or {@code http}. */
  String transport();

  /**
   * A server started as a child process that speaks MCP on its stdin and stdout.
   *
   * @param name namespace of its tools
   * @param command the program and its arguments
   * @param env variables added to the inherited environment
   * @param cwd working directory; the gateway's when empty
   * @param timeout per-call timeout
   */
  record Stdio(
      String name,
      List<String> command,
      Map<String, String> env,
      Optional<Path> cwd,
      Duration timeout)
      implements McpServerSpec {
    public Stdio {
      requireName(name);
      command = List.copyOf(command);
      if (command.isEmpty() || command.getFirst().isBlank()) {
        throw new IllegalArgumentException(
            "mcp server '"
                + name
                + "': command is empty; give the program to run, e.g. [npx, -y,"
                + " \"@modelcontextprotocol/server-memory\"]");
      }
      env = Map.copyOf(env);
      cwd = cwd == null ? Optional.empty() : cwd;
      timeout = requireTimeout(name, timeout);
    }

    /**
     * A stdio server with no extra environment, the gateway's directory and the default timeout.
     */
    public static Stdio of(String name, List<String> command) {
      return new Stdio(name, command, Map.of(), Optional.empty(), DEFAULT_TIMEOUT);
    }

    @Override
    public String transport() {
      return "stdio";
    }
  }

  /**
   * A server reached over streamable HTTP.
   *
   * @param name namespace of its tools
   * @param url the MCP endpoint, e.g. {@code http://127.0.0.1:9000/mcp}
   * @param headers sent with every request (already expanded)
   * @param timeout per-call timeout
   */
  record Http(String name, URI url, Map<String, String> headers, Duration timeout)
      implements McpServerSpec {
    public Http {
      requireName(name);
      Objects.requireNonNull(url, "url");
      if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
        throw new IllegalArgumentException(
            "mcp server '" + name + "': url must be http:// or https://, got " + url);
      }
      headers = Map.copyOf(headers);
      timeout = requireTimeout(name, timeout);
    }

    /** An HTTP server without headers and with the default timeout. */
    public static Http of(String name, URI url) {
      return new Http(name, url, Map.of(), DEFAULT_TIMEOUT);
    }

    @Override
    public String transport() {
      return "http";
    }
  }

  private static void requireName(String name) {
    if (name == null || !name.matches("[A-Za-z0-9_.-]{1,64}") || name.contains("__")) {
      throw new IllegalArgumentException(
          "mcp server name '"
              + name
              + "' must be 1-64 of A-Z a-z 0-9 _ . - without '"
              + ToolNames.NAMESPACE_SEPARATOR
              + "' (it prefixes its tools: name__tool)");
    }
  }

  private static Duration requireTimeout(String name, Duration timeout) {
    if (timeout == null) {
      return DEFAULT_TIMEOUT;
    }
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException(
          "mcp server '" + name + "': timeout must be positive, got " + timeout);
    }
    return timeout;
  }
}
