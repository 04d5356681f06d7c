package io.toolgate.server;

import io.toolgate.ToolgateException;
import java.util.Map;
import java.util.Objects;

/**
 * A request the server refuses, answered as {@code {"error": {"code", "message"}}} with an HTTP
 * status. Route handlers throw it; the server turns it into the response.
 *
 * <pre>{@code
 * throw new ApiException(404, "unknown_tool", "unknown tool 'time_nwo'; did you mean time_now?");
 * }</pre>
 *
 * <p>Codes are lower-case words ({@code invalid_request}, {@code unauthorized}, {@code forbidden},
 * {@code not_found}, {@code too_large}, {@code rate_limited}, …); messages say what is wrong and
 * how to fix it.
 */
public final class ApiException extends ToolgateException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String code;
  private final transient Map<String, String> headers;

  public ApiException(int status, String code, String message) {
    this(status, code, message, Map.of());
  }

  /** An error with response headers, e.g. {@code Retry-After} or {@code WWW-Authenticate}. */
  public ApiException(int status, String code, String message, Map<String, String> headers) {
    super(message);
    if (status < 400 || status > 599) {
      throw new IllegalArgumentException("an error status is 4xx or 5xx, got " + status);
    }
    this.status = status;
    this.code = Objects.requireNonNull(code, "code");
    this.headers = Map.copyOf(headers);
  }

  /** 400 {@code invalid_request}. */
  public static ApiException badRequest(String message) {
    return new ApiException(400, "invalid_request", message);
  }

  /** 404 {@code not_found}. */
  public static ApiException notFound(String message) {
    return new ApiException(404, "not_found", message);
  }

  /** The HTTP status. */
  public int status() {
    return status;
  }

  /** The machine-readable code. */
  public String code() {
    return code;
  }

  /** Headers to send with the error. */
  public Map<String, String> headers() {
    return headers;
  }
}
