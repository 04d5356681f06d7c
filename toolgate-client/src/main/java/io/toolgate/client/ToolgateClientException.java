package io.toolgate.client;

import io.toolgate.ToolgateException;
import java.util.Optional;

/**
 * A request to the gateway that did not get an answer the client can use: the server refused it
 * (status and error code as the server sent them), or the server could not be reached in time.
 *
 * <p>A tool call that ran and failed is not this exception: it is a {@link
 * io.toolgate.invoke.ToolResult} with an error, as in process.
 */
public final class ToolgateClientException extends ToolgateException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String code;

  ToolgateClientException(String message, int status, String code, Throwable cause) {
    super(message, cause);
    this.status = status;
    this.code = code;
  }

  /**
   * The HTTP status the server answered with, or empty when no answer came (refused, timed out).
   */
  public Optional<Integer> status() {
    return status == 0 ? Optional.empty() : Optional.of(status);
  }

  /**
   * The server's error code ({@code unauthorized}, {@code forbidden}, {@code conflict}, {@code
   * invalid_tool}, {@code rate_limited}, …), or {@code unreachable} / {@code timeout} when no
   * answer came.
   */
  public String code() {
    return code;
  }
}
