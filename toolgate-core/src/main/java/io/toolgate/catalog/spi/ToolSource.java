package io.toolgate.catalog.spi;

import io.toolgate.catalog.RegisteredTool;
import java.util.List;

/**
 * Something that offers tools: a catalog file, a domain module, an upstream MCP server.
 *
 * <p>A source has a stable id that becomes its tools' {@code source} label ({@code file:…}, {@code
 * domain:core}, {@code mcp:fs}). Sources that change over time (MCP servers) push fresh lists to
 * the registry with {@link io.toolgate.catalog.ToolRegistry#replaceSource}.
 */
public interface ToolSource {

  /** The source label its tools carry, e.g. {@code mcp:fs}. */
  String id();

  /**
   * Loads the tools this source offers now.
   *
   * @throws io.toolgate.ToolgateException with a message that names the source and the fix
   */
  List<RegisteredTool> load();
}
