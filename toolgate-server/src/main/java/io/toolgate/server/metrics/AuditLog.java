package io.toolgate.server.metrics;

import io.toolgate.invoke.CallEvent;
import io.toolgate.invoke.CallObserver;
import io.toolgate.json.Json;
import io.toolgate.store.RegistryStore;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The audit log: one JSON line per tool call and per catalog change, written through the {@link
 * RegistryStore} (the embedded store puts them in {@code <data>/audit/audit-YYYY-MM-DD.jsonl}).
 *
 * <pre>{@code
 * {"ts":"2026-03-01T10:00:00.123Z","event":"call","principal":"planner","tool":"weather_current",
 *  "outcome":"ok","latency_ms":12.5,"trace":{"flow_id":"f1","step_id":"s2"}}
 * {"ts":"…","event":"call","principal":"anonymous","tool":"sql_query","outcome":"invalid_arguments",
 *  "latency_ms":0.4,"trace":{}}
 * {"ts":"…","event":"register","principal":"ops","tool":"echo"}
 * }</pre>
 *
 * <p>Argument values are left out unless {@code audit_arguments} is on; then calls made through the
 * REST API carry {@code "arguments"} (set around the call with {@link #withArguments}). Install
 * {@link #callObserver()} in the invocation pipeline so that calls from every surface are logged.
 * Thread-safe.
 */
public final class AuditLog {
  private static final Logger LOG = LoggerFactory.getLogger(AuditLog.class);
  private static final ThreadLocal<JsonNode> ARGUMENTS = new ThreadLocal<>();

  private final RegistryStore store;
  private final boolean recordArguments;

  /**
   * An audit log writing to {@code store}.
   *
   * @param recordArguments whether entries carry argument values
   */
  public AuditLog(RegistryStore store, boolean recordArguments) {
    this.store = Objects.requireNonNull(store, "store");
    this.recordArguments = recordArguments;
  }

  /** The hook for the invocation pipeline: logs every finished call. */
  public CallObserver callObserver() {
    return this::onCall;
  }

  /**
   * Runs {@code call} with {@code arguments} known to the audit entry it produces (the observer
   * runs on the caller's thread).
   */
  public static <T> T withArguments(JsonNode arguments, Supplier<T> call) {
    JsonNode previous = ARGUMENTS.get();
    ARGUMENTS.set(arguments);
    try {
      return call.get();
    } finally {
      if (previous == null) {
        ARGUMENTS.remove();
      } else {
        ARGUMENTS.set(previous);
      }
    }
  }

  /** Logs a catalog change made through the API, e.g. {@code register}, {@code delete}. */
  public void change(String event, String principal, String tool) {
    ObjectNode entry = Json.object();
    entry.put("ts", Instant.now().toString());
    entry.put("event", event);
    entry.put("principal", principal);
    entry.put("tool", tool);
    write(entry);
  }

  private void onCall(CallEvent e) {
    ObjectNode entry = Json.object();
    entry.put("ts", e.finishedAt().toString());
    entry.put("event", "call");
    entry.put("principal", e.principal().orElse("unknown"));
    entry.put("tool", e.toolId());
    entry.put("outcome", e.outcome());
    entry.put("latency_ms", Math.round(e.latencyMs() * 1000) / 1000.0);
    ObjectNode trace = entry.putObject("trace");
    e.trace().forEach(trace::put);
    JsonNode args = ARGUMENTS.get();
    if (recordArguments && args != null) {
      entry.set("arguments", args);
    }
    write(entry);
  }

  private void write(ObjectNode entry) {
    try {
      store.appendAudit(entry);
    } catch (RuntimeException ex) {
      LOG.error("audit entry lost: {} ({})", entry, ex.toString());
    }
  }
}
