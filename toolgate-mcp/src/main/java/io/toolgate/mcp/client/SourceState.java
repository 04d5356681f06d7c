package io.toolgate.mcp.client;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How one upstream MCP server is doing, for {@code toolgate list --sources}.
 *
 * @param source the source label of its tools, {@code mcp:<name>}
 * @param server the server's name
 * @param transport {@code stdio} or {@code http}
 * @param status connected, connecting, down or closed
 * @param tools how many of its tools are in the catalog
 * @param lastError the most recent failure (kept after a reconnect), if any
 * @param since when the status last changed
 * @param restarts how many times it was restarted or reconnected after a failure
 * @param pid the process id of a stdio server while it runs
 */
public record SourceState(
    String source,
    String server,
    String transport,
    Status status,
    int tools,
    Optional<String> lastError,
    Instant since,
    int restarts,
    Optional<Long> pid) {

  /** The lifecycle of an upstream connection. */
  public enum Status {
    /** Starting for the first time: initializing, listing tools. */
    CONNECTING,
    /** Up: its tools answer. */
    CONNECTED,
    /** Dead, hung or unreachable: its tools answer {@code unavailable}; retried with backoff. */
    DOWN,
    /** Shut down with the federation. */
    CLOSED;

    /** The lower-case name, e.g. {@code connected}. */
    public String wire() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public SourceState {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(status, "status");
    lastError = lastError == null ? Optional.empty() : lastError;
    pid = pid == null ? Optional.empty() : pid;
  }
}
