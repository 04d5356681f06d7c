package io.toolgate;

import java.security.SecureRandom;
import java.util.HexFormat;
import org.slf4j.Logger;

/**
 * What every surface does with a failure that is a bug rather than a bad request: the stack trace
 * goes to the server log under a short random incident id, and the caller gets only that id.
 *
 * <pre>{@code
 * String id = Incidents.report(LOG, "POST /v1/tools:search", e);
 * throw new ApiException(500, "internal_error", Incidents.message(id));
 * }</pre>
 *
 * <p>The id is 8 hex digits, e.g. {@code 3f9a01c2}; grep the log for it. Thread-safe.
 */
public final class Incidents {
  private static final SecureRandom RANDOM = new SecureRandom();

  private Incidents() {}

  /** Logs {@code cause} at error level under a new incident id, and returns the id. */
  public static String report(Logger log, String what, Throwable cause) {
    byte[] bytes = new byte[4];
    RANDOM.nextBytes(bytes);
    String id = HexFormat.of().formatHex(bytes);
    log.error("incident {}: {} failed", id, what, cause);
    return id;
  }

  /** The message a caller sees for incident {@code id}: no exception text, only the id. */
  public static String message(String id) {
    return "the server failed on this request (incident " + id + "; the server log has details)";
  }
}
