/**
 * Toolgate as an MCP server.
 *
 * <ul>
 *   <li>{@link io.toolgate.mcp.server.ToolgateMcpServer}: serves a {@link io.toolgate.Toolgate}
 *       over stdio, as a streamable-HTTP servlet, or in its own Jetty ({@link
 *       io.toolgate.mcp.server.McpHttpServer}).
 *   <li>What {@code tools/list} shows comes from {@link io.toolgate.exposure.Exposure}: mode,
 *       meta-tool profile ({@code tool_search}/{@code tool_invoke} or {@code find_tools}/{@code
 *       use_tool}) and pinned tools.
 * </ul>
 *
 * <p>The SDK's Reactor types stay inside this package: every public method blocks.
 */
package io.toolgate.mcp.server;
