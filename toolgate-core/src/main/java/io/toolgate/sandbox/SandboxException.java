package io.toolgate.sandbox;

import io.toolgate.ErrorCode;
import io.toolgate.ToolgateException;
import java.util.Objects;

/**
 * A sandbox could not be built or used; {@link #code()} says how callers should treat it ({@code
 * unavailable} when an engine or package index cannot be reached, {@code execution_failed} when an
 * installer failed).
 */
public final class SandboxException extends ToolgateException {
  private static final long serialVersionUID = 1L;
  private final ErrorCode code;

  public SandboxException(ErrorCode code, String message) {
    super(message);
    this.code = Objects.requireNonNull(code, "code");
  }

  public ErrorCode code() {
    return code;
  }
}
