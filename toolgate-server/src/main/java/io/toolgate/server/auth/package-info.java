/**
 * Access control: API keys from a {@link io.toolgate.server.auth.KeysFile} (stored hashed), their
 * {@link io.toolgate.server.auth.Scope scopes} and {@link io.toolgate.server.auth.ToolFilter tool
 * filters}, the {@link io.toolgate.server.auth.Caller} of each request, and per-key {@link
 * io.toolgate.server.auth.RateLimiter rate limits}. {@link io.toolgate.server.auth.AccessControl}
 * puts them together for every route, {@code /mcp} included.
 */
package io.toolgate.server.auth;
