package io.toolgate.invoke.spi;

import io.toolgate.ErrorCode;
import io.toolgate.ToolgateException;
import java.util.Objects;

/** A tool failed in a way its caller should see by code, e.g. {@code unavailable}. */
public class ToolExecutionException extends ToolgateException {
  private static final long serialVersionUID = 1L;
  private final ErrorCode code;

  public ToolExecutionException(ErrorCode code, String message) {
    super(message);
    this.code = Objects.requireNonNull(code, "code");
  }

  public ToolExecutionException(ErrorCode code, String message, Throwable cause) {
    super(message, cause);
    this.code = Objects.requireNonNull(code, "code");
  }

  public ErrorCode code() {
    return code;
  }
}
