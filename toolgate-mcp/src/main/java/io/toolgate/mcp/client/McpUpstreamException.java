package io.toolgate.mcp.client;

import io.toolgate.ToolgateException;

/** A request to an upstream server failed; says whether the server itself is gone or hung. */
final class McpUpstreamException extends ToolgateException {
  private static final long serialVersionUID = 1L;
  private final boolean connectionLost;
  private final boolean timedOut;

  McpUpstreamException(String message, boolean connectionLost) {
    this(message, connectionLost, false);
  }

  McpUpstreamException(String message, boolean connectionLost, boolean timedOut) {
    super(message);
    this.connectionLost = connectionLost;
    this.timedOut = timedOut;
  }

  McpUpstreamException(String message, boolean connectionLost, Throwable cause) {
    super(message, cause);
    this.connectionLost = connectionLost;
    this.timedOut = false;
  }

  /** The server is gone (process exited, connection refused), not merely refusing a request. */
  boolean connectionLost() {
    return connectionLost;
  }

  /** The request got no answer in time: the server may be hung. */
  boolean timedOut() {
    return timedOut;
  }
}
