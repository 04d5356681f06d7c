package io.toolgate;

import java.util.Locale;

/** Why a tool call failed; the wire form is the lower-case name, e.g. {@code unknown_tool}. */
public enum ErrorCode {
  /**
   * No tool has that name that the caller may see (a tool its key's filter hides answers the same);
   * the error lists close names it may see.
   */
  UNKNOWN_TOOL,
  /** The arguments break the tool's schema; details carry JSON Pointers. */
  INVALID_ARGUMENTS,
  /** The call ran past its timeout and was cancelled. */
  TIMEOUT,
  /** The tool ran and failed. */
  EXECUTION_FAILED,
  /** The tool cannot run now (its server is down, no engine, too many calls). */
  UNAVAILABLE,
  /**
   * The tool's upstream or executor refused the call (an HTTP tool's 401/403). A tool hidden from
   * the caller by its key's filter is {@link #UNKNOWN_TOOL} instead, as if it did not exist.
   */
  FORBIDDEN,
  /** The arguments or the result exceed a size limit. */
  TOO_LARGE;

  /** The wire form, e.g. {@code invalid_arguments}. */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The code for a wire form.
   *
   * @throws IllegalArgumentException for an unknown code
   */
  public static ErrorCode fromWire(String wire) {
    return valueOf(wire.toUpperCase(Locale.ROOT));
  }
}
