package io.toolgate.invoke;

import io.toolgate.ErrorCode;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@link CallObserver} hears about one finished call.
 *
 * @param toolId the tool as asked (also for an unknown tool)
 * @param principal who called, when known
 * @param trace the caller's correlation ids
 * @param error the error code, or empty when the call succeeded
 * @param latencyMs wall time inside the gateway, in milliseconds
 * @param finishedAt when the call ended
 */
public record CallEvent(
    String toolId,
    Optional<String> principal,
    Map<String, String> trace,
    Optional<ErrorCode> error,
    double latencyMs,
    Instant finishedAt) {
  public CallEvent {
    Objects.requireNonNull(toolId, "toolId");
    principal = principal == null ? Optional.empty() : principal;
    trace = trace == null ? Map.of() : Map.copyOf(trace);
    error = error == null ? Optional.empty() : error;
    Objects.requireNonNull(finishedAt, "finishedAt");
  }

  /** Whether the call succeeded. */
  public boolean ok() {
    return error.isEmpty();
  }

  /** {@code ok}, or the error's wire code such as {@code timeout}: a metric label. */
  public String outcome() {
    return error.map(ErrorCode::wire).orElse("ok");
  }
}
