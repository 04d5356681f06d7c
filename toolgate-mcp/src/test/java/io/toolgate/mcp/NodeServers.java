package io.toolgate.mcp;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The real MCP servers and the TypeScript SDK client installed by {@code npm ci --prefix
 * toolgate-mcp/src/test/node}.
 *
 * <p>Tests that need them call {@link #require()}: without node_modules they are skipped with the
 * install command, except under CI ({@code CI=true}), where that is a failure.
 */
public final class NodeServers {
  /** The folder holding package.json, the scripts and node_modules. */
  public static final Path ROOT = Path.of("src", "test", "node").toAbsolutePath();

  private static final String INSTALL = "npm ci --prefix toolgate-mcp/src/test/node";

  private NodeServers() {}

  /** Skips (or, under CI, fails) the calling test when the npm packages are not installed. */
  public static void require() {
    boolean installed =
        Files.isDirectory(ROOT.resolve("node_modules/@modelcontextprotocol/sdk"))
            && Files.isDirectory(
                ROOT.resolve("node_modules/@modelcontextprotocol/server-everything"));
    if (!installed && "true".equalsIgnoreCase(System.getenv("CI"))) {
      fail("the MCP test servers are not installed; CI must run: " + INSTALL);
    }
    assumeTrue(installed, "MCP test servers not installed; run: " + INSTALL);
  }

  /** {@code node <server entry> args…} for one of the npm servers. */
  public static List<String> server(String pkg, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(node());
    cmd.add(
        ROOT.resolve("node_modules/@modelcontextprotocol/" + pkg + "/dist/index.js").toString());
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** {@code node <script> args…} for a script of this folder. */
  public static List<String> script(String script, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(node());
    cmd.add(ROOT.resolve(script).toString());
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** The node binary. */
  public static String node() {
    return "node";
  }
}
