/**
 * Toolgate as an MCP client: upstream servers federated into the catalog.
 *
 * <ul>
 *   <li>{@link io.toolgate.mcp.client.McpServersConfig}: the {@code mcp_servers:} config section.
 *   <li>{@link io.toolgate.mcp.client.McpServerSpec}: one stdio or streamable-HTTP server.
 *   <li>{@link io.toolgate.mcp.client.McpFederation}: starts them all; {@code states()} for {@code
 *       toolgate list --sources}.
 *   <li>{@link io.toolgate.mcp.client.McpToolSource}: one server's tools, forwarded calls, health
 *       checks and reconnects.
 * </ul>
 *
 * <p>The SDK's Reactor types stay inside this package: every public method blocks.
 */
package io.toolgate.mcp.client;
