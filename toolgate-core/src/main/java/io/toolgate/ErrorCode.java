package io.toolgate;

import java.util.Locale;

/** Why a tool call failed; the wire form is the lower-case name, e.g. {@code unknown_tool}. */
public enum ErrorCode {
  /** No tool has that name; the error lists close names. */
  UNKNOWN_TOOL,
  /** The arguments break the tool's schema; details carry JSON Pointers. */
  INVALID_ARGUMENTS,
  /** The call ran past its timeout and was cancelled. */
  TIMEOUT,
  /** The tool ran and failed. */
  EXECUTION_FAILED,
  /** The tool cannot run now (its server is down, no engine, too many calls). */
  UNAVAILABLE,
  /** The caller may not call this tool. */
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
